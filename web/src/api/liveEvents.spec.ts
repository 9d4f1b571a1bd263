import { LiveEventClient, withLastEventId, type LiveEventClientOptions } from './liveEvents';
import { FakeEventSource } from '../testing/fakeEventSource';

class FakeSource extends FakeEventSource {
  emit(type: string, id: string, data: unknown) {
    this.deliver(type, data, id);
  }
}

function setup(options: Partial<LiveEventClientOptions> = {}) {
  const sources: FakeSource[] = [];
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const client = new LiveEventClient({
    url: '/api/events',
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    random: () => 0.5,
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => ((handle as { cleared: boolean }).cleared = true),
    ...options,
  });
  return { client, sources, timers };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LiveEventClient', () => {
  it('delivers named events with their data read as JSON and keeps the last event id', () => {
    const { client, sources } = setup();
    const seen: Array<[number | undefined, string | null]> = [];
    client.on('order.created', (m) => seen.push([m.json()?.orderId, m.id]));
    client.connect();
    expect(sources[0]!.url).toBe('/api/events');
    sources[0]!.open();
    expect(client.status).toBe('open');
    sources[0]!.emit('order.created', '7', { orderId: 3 });
    sources[0]!.emit('order.created', '8', '{kaputt');
    expect(seen).toEqual([
      [3, '7'],
      [undefined, '8'],
    ]);
    expect(client.lastEventId).toBe('8');
  });

  it('reports "down" and leaves retrying to the browser while it still retries', () => {
    const errors: number[] = [];
    const { client, sources, timers } = setup({ onError: () => errors.push(1) });
    client.connect();
    sources[0]!.open();
    sources[0]!.fail(0);
    expect(client.status).toBe('down');
    expect(errors).toHaveLength(1);
    expect(timers).toHaveLength(0);
    expect(sources[0]!.closed).toBe(false);
  });

  it('reconnects with capped, growing delays after the browser gave up, resuming from the last id', async () => {
    const opens: Array<{ first: boolean; afterDrop: boolean }> = [];
    const { client, sources, timers } = setup({ onOpen: (info) => opens.push(info) });
    client.on('ticket', () => undefined);
    client.connect();
    sources[0]!.open();
    sources[0]!.emit('ticket', '42', { id: 1 });
    for (let i = 0; i < 8; i++) {
      sources.at(-1)!.fail(2);
      expect(sources.at(-1)!.closed).toBe(true);
      timers.at(-1)!.fn();
      await flush();
    }
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(sources).toHaveLength(9);
    expect(sources.at(-1)!.url).toBe('/api/events?lastEventId=42');
    sources.at(-1)!.open();
    expect(opens).toEqual([
      { first: true, afterDrop: false },
      { first: false, afterDrop: true },
    ]);
    expect(client.failures).toBe(0);
    // Events of a replaced stream are ignored: the new one resumes from the id.
    let late = 0;
    client.on('order.status', () => late++);
    sources[0]!.emit('order.status', '1', {});
    expect(late).toBe(0);
  });

  it('spreads the delay by the jitter and never beyond the cap', () => {
    expect(setup({ random: () => 0 }).client.nextDelay()).toBe(875);
    expect(setup({ random: () => 1 }).client.nextDelay()).toBe(1125);
    const { client } = setup({ random: () => 1 });
    client.failures = 10;
    expect(client.nextDelay()).toBe(60_000);
  });

  it('asks before a reconnect of its own and stops when told so', async () => {
    let allow = true;
    const { client, sources, timers } = setup({ beforeReconnect: () => Promise.resolve(allow) });
    client.connect();
    sources[0]!.fail(2);
    timers[0]!.fn();
    await flush();
    expect(sources).toHaveLength(2);
    allow = false;
    sources[1]!.fail(2);
    timers[1]!.fn();
    await flush();
    expect(sources).toHaveLength(2);
    expect(client.status).toBe('stopped');
  });

  it('closes the stream and cancels a waiting reconnect on dispose', () => {
    const { client, sources, timers } = setup();
    client.connect();
    sources[0]!.fail(2);
    client.dispose();
    expect(timers[0]!.cleared).toBe(true);
    expect(client.status).toBe('stopped');
    client.connect();
    expect(sources).toHaveLength(1);

    const second = setup();
    second.client.connect();
    second.client.dispose();
    expect(second.sources[0]!.closed).toBe(true);
  });

  it('adds the resume id to an address that has a query already', () => {
    expect(withLastEventId('/api/x?station=2&lastEventId=1', '9')).toBe('/api/x?station=2&lastEventId=9');
    expect(withLastEventId('/api/x', null)).toBe('/api/x');
  });
});
