import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import type { EventSourceLike } from '../../api/liveEvents';
import { ErrorStore } from '../ErrorStore';
import { OrdersStore } from './OrdersStore';
import { PauseStore } from './PauseStore';

const NOW = new Date('2026-11-20T10:30:00Z');
const branch = (id: number) => ({ id, name: `Filiale ${id}`, timeZone: 'Europe/Vienna' });

/** A stream that hands its listeners to the test. */
class Source implements EventSourceLike {
  readyState = 1;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  listeners = new Map<string, (event: MessageEvent) => void>();
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  emit(type: string, id: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data), lastEventId: id } as MessageEvent);
  }
}

describe('a pause set at another board reaches this one live', () => {
  async function setup() {
    const pauses = new PauseStore({
      api: new ApiClient({ fetch: fakeFetch(json(200, { data: [branch(1), branch(2)] })) }),
      errors: new ErrorStore(),
      branchIds: () => [],
    });
    await pauses.load();
    let source: Source | null = null;
    const orders = new OrdersStore({
      api: new ApiClient({ fetch: fakeFetch() }),
      errors: new ErrorStore(),
      now: () => NOW,
      openEventStream: () => (source = new Source()),
      onBranchPause: (data) => pauses.apply(data),
    });
    orders.connect();
    return { pauses, source: source! };
  }

  it("takes the branch's pause and busy mode from a branch.pause event, and their end", async () => {
    const { pauses, source } = await setup();
    const pause = {
      until: '2026-11-20T10:45:00.000Z',
      orderTypes: null,
      message: 'Küche voll',
      allowPreorders: true,
    };
    const busy = { extraMinutes: 20, until: '2026-11-20T11:30:00.000Z' };
    source.emit('branch.pause', '7', { branchId: 2, orderingPause: pause, busyMode: busy });
    const second = pauses.branches.find((b) => b.id === 2)!;
    expect(pauses.pauseOf(second, NOW)).toMatchObject({ message: 'Küche voll' });
    expect(second.busyMode).toEqual(busy);
    expect(pauses.branches.find((b) => b.id === 1)!.orderingPause).toBeNull();
    source.emit('branch.pause', '8', { branchId: 2, orderingPause: null, busyMode: null });
    expect(pauses.pauseOf(second, NOW)).toBeNull();
    expect(second.busyMode).toBeNull();
  });

  it('ignores an event of a branch it does not show and one it cannot read', async () => {
    const { pauses, source } = await setup();
    source.emit('branch.pause', '9', { branchId: 99, orderingPause: null, busyMode: null });
    source.listeners.get('branch.pause')?.({ data: '{kaputt', lastEventId: '10' } as MessageEvent);
    expect(pauses.branches.map((b) => [b.id, b.orderingPause, b.busyMode])).toEqual([
      [1, null, null],
      [2, null, null],
    ]);
  });
});
