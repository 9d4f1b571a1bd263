import { jest } from '@jest/globals';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { ErrorStore } from '../ErrorStore';
import { OrdersStore } from './OrdersStore';
import { staffOrder } from './testing';
import { FakeEventSource } from '../../testing/fakeEventSource';

const NOW = new Date('2026-11-20T10:30:00Z');

class FakeSource extends FakeEventSource {
  emit(type: string, id: string, data: unknown) {
    this.deliver(type, JSON.stringify(data), id);
  }
}

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const errors = new ErrorStore();
  const sources: FakeSource[] = [];
  const timers: Array<() => void> = [];
  const store = new OrdersStore({
    api: new ApiClient({ fetch }),
    errors,
    now: () => NOW,
    openEventStream: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => undefined,
  });
  return { store, fetch, errors, sources, timers };
}

const loaded = (current: unknown[], completed: unknown[] = [], missed: unknown[] = []) => [
  json(200, { data: current }),
  json(200, { data: completed }),
  json(200, { data: missed }),
];

describe(OrdersStore.name, () => {
  it('loads current, today’s completed and missed orders into their columns', async () => {
    const { store, fetch } = setup(
      ...loaded(
        [
          staffOrder({ id: 1 }),
          staffOrder({ id: 2, isConfirmed: true }),
          staffOrder({ id: 3, isConfirmed: true, isInDelivery: true, isDelivery: true }),
        ],
        [staffOrder({ id: 4, isConfirmed: true, isCompleted: true })],
        [staffOrder({ id: 1 })],
      ),
    );
    await store.load();
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/orders/current',
      '/api/orders?status=completed&from=2026-11-20&to=2026-11-20&limit=200',
      '/api/orders/missed',
    ]);
    const ids = (column: keyof typeof store.columns) => store.columns[column].map((o) => o.id);
    expect(ids('new')).toEqual([1]);
    expect(ids('confirmed')).toEqual([2]);
    expect(ids('inDelivery')).toEqual([3]);
    expect(ids('completed')).toEqual([4]);
    expect(store.isMissed(1)).toBe(true);
    expect(store.cardOrder.map((o) => o.id)).toEqual([1, 2, 3, 4]);
  });

  it('adds a failed load to the error list with the German fallback and retries it', async () => {
    const { store, errors } = setup(new Response('x', { status: 500 }), ...loaded([staffOrder({ id: 7 })]));
    await store.load();
    expect(errors.entries.map((e) => e.message)).toEqual(['Bestellungen konnten nicht geladen werden.']);
    expect(store.loaded).toBe(false);
  });

  it('retries a failed load into the board', async () => {
    const { store, errors } = setup(
      json(200, { data: [] }),
      new Response('x', { status: 500 }),
      json(200, { data: [] }),
      ...loaded([staffOrder({ id: 7 })]),
    );
    await store.load();
    expect(errors.entries).toHaveLength(1);
    await errors.retry(errors.entries[0]!.id);
    expect(errors.entries).toEqual([]);
    expect(store.orders.has(7)).toBe(true);
  });

  it('merges stream events by id, ignores an event id seen before and an older copy', () => {
    const { store, sources } = setup();
    store.connect();
    const source = sources[0]!;
    source.open();
    const v1 = staffOrder({ id: 9, updatedAt: '2026-11-20T10:00:00.000Z' });
    const v2 = staffOrder({ id: 9, isConfirmed: true, updatedAt: '2026-11-20T10:05:00.000Z' });
    source.emit('order.created', '10', { orderId: 9, order: v1 });
    source.emit('order.status', '11', { orderId: 9, order: v2 });
    source.emit('order.created', '10', { orderId: 9, order: v1 }); // replayed
    source.emit('order.updated', '12', { orderId: 9, order: v1 }); // late, older copy
    expect(store.orders.size).toBe(1);
    expect(store.columns.confirmed.map((o) => o.id)).toEqual([9]);
    expect(store.lastEventId).toBe('12');
  });

  it('catches up when the stream first opens and keeps an order the stream brought during that load', async () => {
    // The board's first load answered before the stream was open: order 6 was placed in between.
    const { store, sources, fetch } = setup(
      ...loaded([staffOrder({ id: 5 })]),
      ...loaded([staffOrder({ id: 5 }), staffOrder({ id: 6 })]),
    );
    await store.load();
    expect(store.orders.has(6)).toBe(false);
    store.connect();
    sources[0]!.open();
    // While the catch-up is on its way, the stream brings order 7.
    sources[0]!.emit('order.created', '20', { order: staffOrder({ id: 7 }) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch.calls.filter((c) => c.url === '/api/orders/current')).toHaveLength(2);
    expect([...store.orders.keys()].sort()).toEqual([5, 6, 7]);
  });

  it('shows the disconnection and reloads the board when the stream comes back', async () => {
    const { store, sources, fetch } = setup(...loaded([staffOrder({ id: 5 })]));
    store.connect();
    sources[0]!.open();
    expect(store.disconnected).toBe(false);
    sources[0]!.fail();
    expect(store.disconnected).toBe(true);
    sources[0]!.open();
    expect(store.disconnected).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch.calls[0]!.url).toBe('/api/orders/current');
    expect(store.orders.has(5)).toBe(true);
  });

  it('opens a new stream with the last event id when the browser gave up', async () => {
    const { store, sources, timers, fetch } = setup(json(200, { data: { user: { username: 'a' } } }));
    store.connect();
    sources[0]!.open();
    sources[0]!.emit('order.created', '42', { order: staffOrder({ id: 1 }) });
    sources[0]!.fail(2);
    expect(sources[0]!.closed).toBe(true);
    timers[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The first opening caught up (the three lists); after the break the session is asked first, so that an
    // ended session goes to the sign-in page.
    expect(fetch.calls.map((c) => c.url)).toEqual([
      '/api/orders/current',
      '/api/orders?status=completed&from=2026-11-20&to=2026-11-20&limit=200',
      '/api/orders/missed',
      '/api/auth/session',
    ]);
    expect(sources[1]!.url).toBe('/api/events?lastEventId=42');
  });

  it('filters by branch and lists the branches', async () => {
    const { store } = setup(
      ...loaded([
        staffOrder({ id: 1, branch: { id: 1 }, branchName: 'Wien' }),
        staffOrder({ id: 2, branch: { id: 2 }, branchName: 'Graz' }),
      ]),
    );
    await store.load();
    expect(store.branches).toEqual([
      { id: 2, name: 'Graz' },
      { id: 1, name: 'Wien' },
    ]);
    store.setBranchFilter(2);
    expect(store.columns.new.map((o) => o.id)).toEqual([2]);
    expect(store.unconfirmedIds).toEqual([1, 2]);
  });

  it('runs an action, reloads the order and reports a failure with the server message first', async () => {
    const confirmed = staffOrder({ id: 3, isConfirmed: true, updatedAt: '2026-11-20T10:10:00.000Z' });
    const { store, fetch, errors } = setup(
      json(200, { data: confirmed }),
      json(200, { data: confirmed }),
      json(409, { errors: [{ message: 'Diese Aktion ist im aktuellen Status nicht möglich.' }] }),
      json(200, { data: confirmed }),
      new Response('', { status: 500 }),
      json(200, { data: confirmed }),
    );
    store.upsert(staffOrder({ id: 3 }));
    await expect(
      store.act(3, { action: 'confirm', body: { appointment: '2026-11-20T11:00:00Z' } }),
    ).resolves.toBe(true);
    expect(fetch.calls[0]).toEqual(
      expect.objectContaining({
        url: '/api/orders/3/status/confirm',
        method: 'POST',
        body: { appointment: '2026-11-20T11:00:00Z' },
      }),
    );
    expect(fetch.calls[1]!.url).toBe('/api/orders/3');
    expect(store.columns.confirmed.map((o) => o.id)).toEqual([3]);

    await expect(store.act(3, { action: 'completed' })).resolves.toBe(false);
    expect(errors.entries.at(-1)!.message).toBe('Diese Aktion ist im aktuellen Status nicht möglich.');
    expect(store.actionError).toBe('Diese Aktion ist im aktuellen Status nicht möglich.');
    await store.act(3, { action: 'print' });
    expect(errors.entries.at(-1)!.message).toBe('Bestellbon konnte nicht gedruckt werden.');
    expect(typeof errors.entries.at(-1)!.retry).toBe('function');
  });

  it('changes an item and takes the repriced order; a refusal shows the server message', async () => {
    const repriced = staffOrder({ id: 4, updatedAt: '2026-11-20T10:20:00.000Z' });
    const { store, fetch } = setup(
      json(200, { data: repriced }),
      json(400, { errors: [{ message: 'Diese Menge ist nicht möglich.', field: 'amount' }] }),
    );
    store.upsert(staffOrder({ id: 4 }));
    await expect(store.updateItem(4, 0, { amount: 3, unit: 'piece', parts: [] })).resolves.toBe(true);
    expect(fetch.calls[0]).toEqual(
      expect.objectContaining({
        url: '/api/orders/4/items/0',
        method: 'PUT',
        body: { amount: 3, unit: 'piece', parts: [] },
      }),
    );
    expect(store.orders.get(4)!.updatedAt).toBe(repriced.updatedAt);
    await expect(store.updateItem(4, 0, { amount: 0.3, unit: 'piece', parts: [] })).resolves.toBe(false);
    expect(store.actionError).toBe('Diese Menge ist nicht möglich.');
  });

  it('closes the stream on dispose and opens no new one', () => {
    const { store, sources } = setup();
    store.connect();
    store.dispose();
    store.connect();
    expect(sources).toHaveLength(1);
    expect(sources[0]!.closed).toBe(true);
    void jest;
  });
});
