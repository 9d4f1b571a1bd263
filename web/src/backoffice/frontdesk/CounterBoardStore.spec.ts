import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import type { StaffOrder } from '@ordering/common';
import { COUNTER_TEXTS, CounterBoardStore } from './CounterBoardStore';
import { FakeEventSource } from '../../testing/fakeEventSource';

class FakeSource extends FakeEventSource {
  emit(type: string, data: unknown) {
    this.deliver(type, JSON.stringify(data));
  }
}

const order = (id: number, status = 'new', allowedActions: string[] = ['confirm', 'reject']) =>
  ({
    id,
    uid: `u${id}`,
    status,
    allowedActions,
    isDelivery: false,
    isDineIn: false,
    items: [],
    ticketNumber: id,
    createdAt: '2026-11-20T11:00:00Z',
  }) as unknown as StaffOrder;
const ANNA = { id: 7, name: 'Anna Berger', initials: 'AB' };
const BEN = { id: 8, name: 'Ben Cerny', initials: 'BC' };

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const sources: FakeSource[] = [];
  let now = 1_000_000;
  let rings = 0;
  const store = new CounterBoardStore({
    branchId: '3',
    apiKey: 'theke/1',
    api: new ApiClient({ fetch }),
    now: () => now,
    onNewOrder: () => rings++,
    openEventStream: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
  });
  return { store, fetch, sources, rings: () => rings, advance: (ms: number) => (now += ms) };
}

describe(CounterBoardStore.name, () => {
  it('reads the board and the live stream with the key only, and rings for a new order', async () => {
    const { store, fetch, sources, rings } = setup(
      json(200, { data: [order(1)] }),
      json(200, { data: [ANNA] }),
    );
    await store.start();
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/orders/frontdesk/3/theke%2F1',
      '/api/time-tracking/3/theke%2F1/staff',
    ]);
    expect(sources[0]!.url).toBe('/api/orders/frontdesk/3/theke%2F1/board-events');
    sources[0]!.emit('order.created', { order: order(2) });
    expect(store.column('new').map((o) => o.id)).toEqual([1, 2]);
    expect(rings()).toBe(1);
    // The terminal's notificationSound off: new orders still arrive, silently.
    store.applyDeviceSettings({ notificationSound: false, pinMemorySeconds: 30 });
    sources[0]!.emit('order.created', { order: order(3) });
    expect(store.column('new').map((o) => o.id)).toEqual([1, 2, 3]);
    expect(rings()).toBe(1);
    expect(store.pinMemorySeconds).toBe(30);
  });

  it('asks who acts, sends the PIN in headers, remembers the person until the time is up or Abmelden', async () => {
    const { store, fetch, advance } = setup(
      json(200, { data: [order(1), order(2)] }),
      json(200, { data: [ANNA, BEN] }),
      json(200, { data: order(1, 'confirmed', ['in-delivery']) }),
      json(200, { data: order(2, 'confirmed', ['in-delivery']) }),
    );
    await store.start();
    store.request(1, 'confirm');
    expect(store.pending).toEqual({ orderId: 1, action: 'confirm' });
    store.pick(BEN);
    for (const d of '4711') store.pressDigit(d);
    await store.submitPin();
    const call = fetch.calls[2]!;
    expect([call.method, call.url]).toEqual(['POST', '/api/orders/frontdesk/3/theke%2F1/1/status/confirm']);
    expect(call.headers).toMatchObject({ 'X-User-Id': '8', 'X-Access-Token': '4711' });
    expect(store.pending).toBeNull();
    expect(store.current?.name).toBe('Ben Cerny');
    // Within the time: no dialog, the same person.
    advance(60_000);
    store.request(2, 'confirm');
    expect(store.pending).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch.calls[3]!.headers).toMatchObject({ 'X-User-Id': '8' });
    // After the time, or after Abmelden: asked again.
    advance(121_000);
    expect(store.current).toBeNull();
    store.request(2, 'in-delivery');
    expect(store.pending).not.toBeNull();
    store.cancel();
    store.signOut();
    expect(store.current).toBeNull();
  });

  it('shows the server’s German answer for a wrong PIN and asks again', async () => {
    const wrong = { errors: [{ message: 'Benutzername oder PIN ist falsch.', field: 'accessToken' }] };
    const { store } = setup(json(200, { data: [order(1)] }), json(200, { data: [ANNA] }), json(401, wrong));
    await store.start();
    store.request(1, 'confirm');
    expect(store.picked).toEqual(ANNA); // the only person: picked at once
    store.pressDigit('1');
    await store.submitPin();
    expect(store.error).toBe(COUNTER_TEXTS.pinTooShort);
    for (const d of '234') store.pressDigit(d);
    await store.submitPin();
    expect(store.error).toBe('Die PIN ist falsch. Bitte erneut eingeben.');
    expect(store.pending).toEqual({ orderId: 1, action: 'confirm' });
    expect(store.pin).toBe('');
    expect(store.current).toBeNull();
  });

  it('shows "Schlüssel ungültig" for a refused key and opens no stream', async () => {
    const { store, sources } = setup(json(401, { errors: [{ message: 'x' }] }), json(401, { errors: [] }));
    await store.start();
    expect(store.unauthorized).toBe(true);
    expect(sources).toEqual([]);
  });

  it('pauses the branch with the PIN like a card action and follows branch.pause of other boards', async () => {
    const branch = (id: number) => ({ id, name: `Filiale ${id}`, timeZone: 'Europe/Vienna' });
    const init = [{ url: '/api/branches', data: { data: [branch(2), branch(3)] } }];
    const pause = { until: '2026-11-20T11:30:00.000Z', orderTypes: null, message: '', allowPreorders: true };
    const { store, fetch, sources } = setup(
      json(200, { data: [] }),
      json(200, { data: [ANNA] }),
      json(200, { data: init }),
      json(200, { data: { orderingPause: pause, busyMode: null } }),
      json(200, { data: { orderingPause: null, busyMode: null } }),
    );
    await store.start();
    await store.pauses.load();
    // Only the terminal's branch, from the public init data.
    expect(store.pauses.branches.map((b) => b.id)).toEqual([3]);

    // "30 Min" asks the PIN first; closing the dialog sends nothing.
    const closed = store.pauses.pause(30);
    expect(store.pendingLabel).toBe('Bestellungen pausieren – 30 Min');
    store.cancel();
    expect(await closed).toBe(false);
    expect(fetch.calls).toHaveLength(3);

    const paused = store.pauses.pause(30);
    for (const d of '4711') store.pressDigit(d);
    await store.submitPin();
    expect(await paused).toBe(true);
    const call = fetch.calls[3]!;
    expect([call.method, call.url]).toEqual(['POST', '/api/orders/frontdesk/3/theke%2F1/pause']);
    expect(call.headers).toMatchObject({ 'X-User-Id': '7', 'X-Access-Token': '4711' });
    expect(store.pauses.selected?.orderingPause).toEqual(pause);
    expect(store.notice).toBe('Bestellungen pausieren – 30 Min: Anna Berger');

    // Resumed at another board: the stream says so; this board's next change goes with the remembered PIN.
    sources[0]!.emit('branch.pause', { branchId: 3, orderingPause: null, busyMode: null });
    expect(store.pauses.selected?.orderingPause).toBeNull();
    expect(await store.pauses.endBusy()).toBe(true);
    expect([fetch.calls[4]!.method, fetch.calls[4]!.url]).toEqual([
      'DELETE',
      '/api/orders/frontdesk/3/theke%2F1/busy',
    ]);
    expect(store.pending).toBeNull();
  });
  it('marks sold out and makes it available again with the PIN, and follows availability.changed', async () => {
    const product = { id: 5, name: 'Schnitzel', config: null };
    // /api/init names the menus (no products); the branch's active menu brings them.
    const menus = [
      { id: 9, availableFrom: '1970-01-01T00:00:00Z', branches: [{ id: 3 }] },
      { id: 10, availableFrom: '1970-01-01T00:00:00Z', branches: [{ id: 4 }] },
    ];
    const init = [{ url: '/api/menus', data: { data: menus } }];
    const entry = {
      id: 'e1',
      product: { id: 5, name: 'Schnitzel' },
      part: null,
      partName: null,
      option: null,
      until: null,
      markedAt: '2026-11-20T11:00:00.000Z',
      markedBy: { id: 7, name: 'anna' },
    };
    const { store, fetch, sources } = setup(
      json(200, { data: [] }),
      json(200, { data: [ANNA] }),
      json(200, { data: { branchId: 3, entries: [] } }),
      json(200, { data: init }),
      json(200, { data: { menu: menus[0], categories: [], products: [product] } }),
      json(200, { data: entry }),
      json(200, { data: { branchId: 3, entries: [entry] } }),
      json(200, { data: { branchId: 3, entries: [] } }),
      json(200, { data: { branchId: 3, entries: [] } }),
    );
    await store.start();
    await store.soldOut.show(3);
    expect(fetch.calls.slice(2).map((c) => c.url)).toEqual([
      '/api/orders/frontdesk/3/theke%2F1/sold-out',
      '/api/init',
      '/api/menus/9/catalog',
    ]);
    expect(store.soldOut.products.map((p) => p.name)).toEqual(['Schnitzel']);

    // Closing the dialog sends nothing.
    store.soldOut.setProduct(5);
    store.soldOut.setUntil(null);
    const closed = store.soldOut.mark();
    expect(store.pendingLabel).toBe('Ausverkauft: Schnitzel');
    store.cancel();
    expect(await closed).toBe(false);
    expect(fetch.calls).toHaveLength(5);

    const marked = store.soldOut.mark();
    for (const d of '4711') store.pressDigit(d);
    await store.submitPin();
    expect(await marked).toBe(true);
    const call = fetch.calls[5]!;
    expect([call.method, call.url, call.body]).toEqual([
      'POST',
      '/api/orders/frontdesk/3/theke%2F1/sold-out',
      { product: { id: 5 }, until: null },
    ]);
    expect(call.headers).toMatchObject({ 'X-User-Id': '7', 'X-Access-Token': '4711' });
    expect(store.soldOut.entries.map((e) => e.id)).toEqual(['e1']);
    expect(store.notice).toBe('Ausverkauft: Schnitzel: Anna Berger');

    // "Wieder verfügbar" with the remembered PIN; another board's change arrives by the stream.
    expect(await store.soldOut.release('e1')).toBe(true);
    expect([fetch.calls[7]!.method, fetch.calls[7]!.url]).toEqual([
      'DELETE',
      '/api/orders/frontdesk/3/theke%2F1/sold-out/e1',
    ]);
    expect(fetch.calls[7]!.headers).toMatchObject({ 'X-User-Id': '7' });
    sources[0]!.emit('availability.changed', { branchId: 3, entries: [entry] });
    expect(store.soldOut.entries.map((e) => e.id)).toEqual(['e1']);
    sources[0]!.emit('availability.changed', { branchId: 4, entries: [] });
    expect(store.soldOut.entries.map((e) => e.id)).toEqual(['e1']);
  });
});
