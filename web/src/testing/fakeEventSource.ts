import type { EventSourceLike } from '../api/liveEvents';

/**
 * An `EventSource` for unit tests of the live screens: records its URL and listeners, and lets the test open
 * it, fail it (with the browser's readyState: 0 retrying, 2 given up) and deliver named events.
 */
export class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  fail(readyState = 0) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
  /** Delivers a named event; data that is no string is sent as JSON, as the server does. */
  deliver(type: string, data: unknown, id?: string) {
    const event = { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id ?? '' };
    for (const listener of this.listeners.get(type) ?? []) listener(event as MessageEvent);
  }
}
