import type { KitchenBoard, KitchenTicket } from '@ordering/common';
import { ApiClient } from '../api/ApiClient';
import { fakeFetch, json } from '../testing/fakeFetch';
import { applyAction, KitchenDisplayStore } from './KitchenDisplayStore';
import { FakeEventSource } from '../testing/fakeEventSource';

const ticket = (orderId: number, stage = 0): KitchenTicket => ({
  orderId,
  ticketNumber: orderId,
  orderType: 'takeaway',
  tableIdentifier: null,
  appointment: null,
  startsAt: '2026-11-20T11:00:00.000Z',
  comment: '',
  items: [
    { index: 0, productId: 5, name: 'Schnitzel', amount: 2, unit: 'piece', parts: [], done: false },
    { index: 1, productId: 6, name: 'Suppe', amount: 1, unit: 'piece', parts: [], done: false },
  ],
  stage,
  stageName: ['Neu', 'In Zubereitung', 'Fertig'][stage]!,
  bumpedAt: null,
  updatedAt: '2026-11-20T11:00:00.000Z',
});
const board = (tickets: KitchenTicket[], recent: KitchenTicket[] = []): KitchenBoard => ({
  station: { id: 4, name: 'Küche', isExpeditor: false },
  settings: {
    stages: ['Neu', 'In Zubereitung', 'Fertig'],
    warnMinutes: 5,
    lateMinutes: 10,
    readyWhenDone: false,
  },
  tickets,
  recent,
  now: '2026-11-20T11:03:00.000Z',
});

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

class FakeSource extends FakeEventSource {
  emit(type: string, data: unknown) {
    this.deliver(type, JSON.stringify(data));
  }
}

describe(applyAction.name, () => {
  it('moves a ticket at the expected stage only, the last stage into the recent list', () => {
    const start = board([ticket(1, 1)]);
    const done = applyAction(start, { kind: 'bump', orderId: 1, expectedStage: 1 }, 0);
    expect(done.tickets).toEqual([]);
    expect(done.recent[0]!.stage).toBe(2);
    // A second tap for the same stage (a double tap) changes nothing more.
    expect(applyAction(done, { kind: 'bump', orderId: 1, expectedStage: 1 }, 0)).toBe(done);
    const back = applyAction(done, { kind: 'bump', orderId: 1, expectedStage: 2, recall: true }, 0);
    expect(back.tickets.map((t) => t.stage)).toEqual([1]);
  });
});

describe(KitchenDisplayStore.name, () => {
  it('keeps taps while offline and replays them in order when the server answers again', async () => {
    const storage = new MemoryStorage();
    let retry: (() => void) | null = null;
    const fetch = fakeFetch(
      json(200, { data: board([ticket(1), ticket(2)]) }),
      new TypeError('Failed to fetch'), // the first tap finds the network down
      json(200, { data: ticket(1, 0) }), // after the retry: the item …
      json(200, { data: ticket(1, 1) }), // … then the bump
      json(200, { data: board([ticket(1, 1), ticket(2)]) }),
    );
    const store = new KitchenDisplayStore({
      branchId: '3',
      stationId: '4',
      apiKey: 'kueche-key',
      api: new ApiClient({ fetch }),
      storage,
      setTimer: (fn) => (retry = fn),
    });
    await store.load();
    const first = store.tickets[0]!;
    store.toggleItem(first, first.items[0]!);
    await Promise.resolve();
    store.bump(store.tickets[0]!);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.offline).toBe(true);
    // The screen shows both taps at once; both wait, also in storage.
    expect(store.tickets.find((t) => t.orderId === 1)).toMatchObject({ stage: 1 });
    expect(store.queue).toHaveLength(2);
    expect(JSON.parse(storage.getItem('kitchen-queue:3:4')!)).toHaveLength(2);

    retry!();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    const writes = fetch.calls.filter((c) => c.method === 'POST');
    expect(writes.map((c) => [c.url, c.body])).toEqual([
      ['/api/kitchen/3/tickets/1/items/0?station=4', { done: true }],
      ['/api/kitchen/3/tickets/1/items/0?station=4', { done: true }],
      ['/api/kitchen/3/tickets/1/bump?station=4', { expectedStage: 0, recall: false }],
    ]);
    expect(writes[2]!.headers.Authorization).toBe('Bearer kueche-key');
    expect(store.queue).toEqual([]);
    expect(store.offline).toBe(false);
  });
  it('marks a product of the open tickets sold out with one tap, follows availability.changed and kitchen.settings', async () => {
    const entry = {
      id: 'e1',
      product: { id: 5, name: 'Schnitzel' },
      part: null,
      partName: null,
      option: null,
      until: '2026-11-21T09:00:00.000Z',
      markedAt: '2026-11-20T11:03:00.000Z',
    };
    const refused = { errors: [{ message: 'Produkt wurde nicht gefunden.', field: 'product' }] };
    const renamed = {
      ...board([ticket(1)]),
      settings: { ...board([]).settings, stages: ['Neu', 'Grill', 'Fertig'] },
    };
    const fetch = fakeFetch(
      json(200, { data: board([ticket(1)]) }),
      json(200, { data: { branchId: 3, entries: [] } }),
      json(201, { data: entry }),
      json(200, { data: { branchId: 3, entries: [entry] } }),
      json(200, { data: renamed }),
      json(400, refused),
    );
    const sources: FakeSource[] = [];
    const store = new KitchenDisplayStore({
      branchId: '3',
      stationId: '4',
      apiKey: 'kueche-key',
      api: new ApiClient({ fetch }),
      openEventStream: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
    });
    await store.start();
    const now = Date.parse('2026-11-20T11:05:00.000Z');
    expect(store.soldOutRows(now).map((r) => [r.name, r.entry])).toEqual([
      ['Schnitzel', null],
      ['Suppe', null],
    ]);

    await store.toggleSoldOut(store.soldOutRows(now)[0]!);
    const mark = fetch.calls[2]!;
    expect([mark.method, mark.url, mark.body]).toEqual([
      'POST',
      '/api/branches/3/sold-out',
      { product: { id: 5 }, until: 'closing' },
    ]);
    expect(mark.headers.Authorization).toBe('Bearer kueche-key');
    expect(store.soldOutRows(now)[0]!.entry?.id).toBe('e1');
    // Past its end the mark no longer counts.
    expect(store.soldOutRows(Date.parse('2026-11-21T10:00:00.000Z'))[0]!.entry).toBeNull();

    // Another board made it available again: the stream's list replaces this one.
    sources[0]!.emit('availability.changed', { branchId: 3, entries: [] });
    expect(store.soldOutRows(now)[0]!.entry).toBeNull();

    // New stages in the back office: the display reads its board again.
    sources[0]!.emit('kitchen.settings', { branchId: 3, settings: renamed.settings });
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch.calls[4]!.url).toBe('/api/kitchen/3/tickets?station=4');
    expect(store.stages).toEqual(['Neu', 'Grill', 'Fertig']);

    // A refusal shows the server's German message.
    await store.toggleSoldOut(store.soldOutRows(now)[1]!);
    expect(store.soldOutError).toBe('Produkt wurde nicht gefunden.');
  });
  it('sounds for a new ticket only when the display switched its sound on (off by default, kept)', async () => {
    const storage = new MemoryStorage();
    let rings = 0;
    const fetch = fakeFetch(
      json(200, { data: board([ticket(1)]) }),
      json(200, { data: board([ticket(1), ticket(2)]) }),
      json(200, { data: board([ticket(1), ticket(2)]) }),
      json(200, { data: board([ticket(1), ticket(2), ticket(3)]) }),
    );
    const options = {
      branchId: '3',
      stationId: '4',
      apiKey: 'kueche-key',
      api: new ApiClient({ fetch }),
      storage,
      onNewTicket: () => rings++,
    };
    const store = new KitchenDisplayStore(options);
    expect(store.soundOn).toBe(false);
    await store.load(); // the first read fills the screen: no tone
    await store.load(); // a new ticket, but the sound is off
    expect(rings).toBe(0);
    store.setSoundOn(true);
    await store.load(); // nothing new
    expect(rings).toBe(0);
    await store.load(); // ticket 3 arrives
    expect(rings).toBe(1);
    // The choice survives a reload of the page.
    expect(new KitchenDisplayStore(options).soundOn).toBe(true);
  });
});
