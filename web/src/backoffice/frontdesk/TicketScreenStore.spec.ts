import type { Ticket } from '@ordering/common';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { BACKOFF_MAX_MS, fitColumn, MAX_TICKETS, TICK_MS, TicketScreenStore } from './TicketScreenStore';
import { FakeEventSource } from '../../testing/fakeEventSource';

const NOW = Date.parse('2026-11-20T11:00:00Z');

class FakeSource extends FakeEventSource {
  emit(id: string, data: unknown, type = 'ticket') {
    this.deliver(type, JSON.stringify(data), id);
  }
}

const iso = (offsetMinutes: number) => new Date(NOW + offsetMinutes * 60_000).toISOString();

function ticket(id: number, state: Ticket['state'], since = 0, due = 0): Ticket {
  return { id, ticketNumber: id, state, dueAt: iso(due), since: iso(since) };
}

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const sources: FakeSource[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  let now = NOW;
  let chimes = 0;
  const store = new TicketScreenStore({
    branchId: '3',
    apiKey: 'schlüssel/1',
    api: new ApiClient({ fetch }),
    now: () => new Date(now),
    chime: () => chimes++,
    openEventStream: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    // The middle of the jitter: the delays are the backoff's own.
    random: () => 0.5,
  });
  return {
    store,
    fetch,
    sources,
    timers,
    chimes: () => chimes,
    advance(minutes: number) {
      now += minutes * 60_000;
    },
  };
}

const list = (tickets: Ticket[], readySeconds = 600) => json(200, { data: { readySeconds, tickets } });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe(TicketScreenStore.name, () => {
  it('loads the branch list by its key and sorts numbers into the two columns', async () => {
    const { store, fetch } = setup(
      list([ticket(4, 'preparing'), ticket(2, 'ready'), ticket(9, 'preparing')]),
    );
    await store.load();
    expect(fetch.calls[0]!.url).toBe('/api/orders/frontdesk/3/schl%C3%BCssel%2F1/tickets');
    expect(store.preparing.map((t) => t.ticketNumber).sort()).toEqual([4, 9]);
    expect(store.ready.map((t) => t.ticketNumber)).toEqual([2]);
  });

  it('moves a number live from preparing to ready, chimes once, and drops it when handed over', async () => {
    const { store, sources, chimes } = setup(list([]));
    await store.load();
    store.connect();
    const source = sources[0]!;
    expect(source.url).toBe('/api/orders/frontdesk/3/schl%C3%BCssel%2F1/events');
    source.open();
    source.emit('10', ticket(5, 'preparing', 1));
    expect(store.preparing.map((t) => t.id)).toEqual([5]);
    source.emit('11', ticket(5, 'ready', 2));
    expect(store.preparing).toEqual([]);
    expect(store.ready.map((t) => t.id)).toEqual([5]);
    expect(chimes()).toBe(1);
    source.emit('11', ticket(5, 'ready', 2)); // the same event again (resume): no second chime
    expect(chimes()).toBe(1);
    source.emit('12', ticket(5, 'preparing', 1)); // an older copy never replaces a newer one
    expect(store.ready.map((t) => t.id)).toEqual([5]);
    source.emit('13', ticket(5, 'gone', 3));
    expect(store.tickets.size).toBe(0);
    expect(store.lastEventId).toBe('13');
  });

  it('does not show pre-orders due in more than an hour until they come due', async () => {
    const { store, timers, advance } = setup(list([ticket(1, 'preparing', 0, 90)]));
    await store.load();
    store.start();
    await flush();
    expect(store.preparing).toEqual([]);
    advance(31);
    timers.at(-1)!.fn();
    expect(store.preparing.map((t) => t.id)).toEqual([1]);
  });

  it('takes a ready number off after the display time and forgets it', async () => {
    const { store, timers, advance } = setup(list([ticket(1, 'ready', 0)], 300));
    store.start();
    await flush();
    expect(store.ready).toHaveLength(1);
    advance(4);
    timers.find((t) => t.ms === TICK_MS)!.fn();
    expect(store.ready).toHaveLength(1);
    advance(2);
    timers.at(-1)!.fn();
    expect(store.ready).toEqual([]);
    expect(store.tickets.size).toBe(0); // no memory kept for what can no longer show
  });

  it('keeps at most MAX_TICKETS, dropping the longest unchanged', async () => {
    const { store, sources } = setup(list([]));
    await store.load();
    store.connect();
    for (let i = 1; i <= MAX_TICKETS + 50; i++) sources[0]!.emit(String(i), ticket(i, 'preparing', i / 100));
    expect(store.tickets.size).toBe(MAX_TICKETS);
    expect(store.tickets.has(1)).toBe(false);
    expect(store.tickets.has(MAX_TICKETS + 50)).toBe(true);
  });

  it('reconnects with growing delays after the stream gave up, resuming from the last event', async () => {
    const replies = Array.from({ length: 12 }, () => list([]));
    const { store, sources, timers } = setup(list([]), ...replies);
    await store.load();
    store.connect();
    sources[0]!.open();
    sources[0]!.emit('42', ticket(1, 'preparing'));
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      sources.at(-1)!.fail(2);
      expect(store.disconnected).toBe(true);
      const timer = timers.at(-1)!;
      delays.push(timer.ms);
      timer.fn();
      await flush();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(Math.max(...delays)).toBe(BACKOFF_MAX_MS);
    expect(sources.at(-1)!.url).toBe('/api/orders/frontdesk/3/schl%C3%BCssel%2F1/events?lastEventId=42');
    sources.at(-1)!.open();
    expect(store.disconnected).toBe(false);
    expect(store.failures).toBe(0);
    expect(sources.slice(0, -1).every((s) => s.closed)).toBe(true);
  });

  it('says so when the key is refused, without sending anyone to the sign-in page', async () => {
    const { store } = setup(json(401, { errors: [{ message: 'Nicht angemeldet.' }] }));
    await store.load();
    expect(store.unauthorized).toBe(true);
    expect(store.loaded).toBe(false);
  });

  it('stops everything on dispose', async () => {
    const { store, sources } = setup(list([]));
    store.start();
    await flush();
    store.dispose();
    expect(sources[0]!.closed).toBe(true);
    store.connect();
    expect(sources).toHaveLength(1);
  });
});

describe(fitColumn.name, () => {
  const many = Array.from({ length: 20 }, (_, i) => ticket(i + 1, 'preparing', i));

  it('shows all when they fit, in number order', () => {
    const fitted = fitColumn([ticket(7, 'ready'), ticket(3, 'ready')], 12);
    expect(fitted.shown.map((t) => t.ticketNumber)).toEqual([3, 7]);
    expect(fitted.more).toBe(0);
  });

  it('shows the newest and counts the rest when they do not', () => {
    const fitted = fitColumn(many, 12);
    expect(fitted.shown).toHaveLength(11);
    expect(fitted.shown.map((t) => t.ticketNumber)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(fitted.more).toBe(9);
  });

  it('always leaves at least the count when there is only one place', () => {
    expect(fitColumn(many, 1)).toEqual({ shown: [], more: 20 });
  });
});
