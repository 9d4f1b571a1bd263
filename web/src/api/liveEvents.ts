import type { OrderEventMap, SoldOutState, Ticket } from '@ordering/common';
import { action, makeObservable, observable } from 'mobx';

/** The part of the browser's `EventSource` the live client uses (tests pass fakes). */
export interface EventSourceLike {
  /** 0 connecting, 1 open, 2 closed (the browser gave up: the answer was no stream). */
  readonly readyState?: number;
  onopen: ((event: Event) => void) | null;
  onerror?: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** Opens an event stream at a URL; null where there is none (server-side render, old browser). */
export type OpenEventSource = (url: string) => EventSourceLike | null;

/** The browser's own `EventSource`, where there is one. */
export const browserEventSource: OpenEventSource = (url) =>
  typeof EventSource === 'function' ? new EventSource(url) : null;

/** `EventSource.CLOSED`: the browser stopped retrying by itself. */
const CLOSED = 2;

/** The named events of the API's streams and what their data carries (unknown where there is no contract). */
export type LiveEventMap = OrderEventMap & {
  /** `AVAILABILITY_EVENT`: a branch's sold-out list after a change. */
  'availability.changed': SoldOutState;
  /** The ticket screen's stream (`…/frontdesk/{branch}/{key}/events`). */
  ticket: Ticket;
};

export type LiveEventData<K extends string> = K extends keyof LiveEventMap ? LiveEventMap[K] : unknown;

/** One received event: its raw data, its id (for resuming) and the data read as JSON. */
export interface LiveMessage<T> {
  type: string;
  data: string;
  id: string | null;
  /** The data as JSON; undefined when it is none. */
  json(): T | undefined;
}

/** idle: not started; connecting; open; down: lost, the browser or this client retries; stopped: disposed or given up. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down' | 'stopped';

export interface LiveOpenInfo {
  /** The first opening of this client. */
  first: boolean;
  /** The stream had been lost before this opening (events may have been missed). */
  afterDrop: boolean;
}

export interface LiveEventClientOptions {
  /** The stream's address; read at every (re)connect. */
  url: string | (() => string);
  open: OpenEventSource | undefined;
  /** Resume with `?lastEventId=` (the server also reads the header, which a new `EventSource` cannot set). */
  resume?: boolean;
  /** Where to resume from on the first connect. */
  lastEventId?: string | null;
  backoffMinMs?: number;
  backoffMaxMs?: number;
  /** Share of the delay that is random (0.25: ±12.5 %), so many screens do not retry in step. */
  jitter?: number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Before a reconnect of this client (not the browser's own): false stops for good. */
  beforeReconnect?: () => unknown;
  onOpen?: (info: LiveOpenInfo) => void;
  onError?: () => void;
}

export const LIVE_BACKOFF_MIN_MS = 1_000;
export const LIVE_BACKOFF_MAX_MS = 60_000;

/** `url` with `lastEventId` as a query parameter (replacing one that is there). */
export function withLastEventId(url: string, id: string | null): string {
  if (!id) return url;
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = query.split('&').filter((p) => p && !p.startsWith('lastEventId='));
  params.push(`lastEventId=${encodeURIComponent(id)}`);
  return `${path}?${params.join('&')}`;
}

/**
 * The web's one live-event client (docs/decisions/live-events.md): named events with typed data, the last
 * event id kept for resuming, and reconnects with capped exponential backoff and jitter once the browser's
 * own `EventSource` has given up (readyState CLOSED). While it retries by itself the client only reports
 * "down". `dispose` closes the stream and cancels a waiting reconnect.
 */
export class LiveEventClient {
  status: LiveStatus = 'idle';
  lastEventId: string | null;
  /** Consecutive reconnects of this client that did not open yet (for the backoff). */
  failures = 0;

  private readonly options: LiveEventClientOptions;
  private readonly handlers = new Map<string, Set<(message: LiveMessage<unknown>) => void>>();
  private readonly attached = new Set<string>();
  private source: EventSourceLike | null = null;
  private timer: unknown = null;
  private openedOnce = false;
  private dropped = false;

  constructor(options: LiveEventClientOptions) {
    this.options = options;
    this.lastEventId = options.lastEventId ?? null;
    makeObservable<LiveEventClient, 'setStatus'>(this, { status: observable, setStatus: action });
  }

  /** Whether a stream is held (open, connecting or retried by the browser). */
  get active(): boolean {
    return this.source !== null;
  }

  /** Listens to one named event; returns the function that stops listening. */
  on<K extends string>(type: K, handler: (message: LiveMessage<LiveEventData<K>>) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const h = handler as (message: LiveMessage<unknown>) => void;
    set.add(h);
    if (this.source) this.attach(this.source, type);
    return () => set.delete(h);
  }

  /** Opens the stream unless one is held or a reconnect waits; nothing where streams cannot be opened. */
  connect(): void {
    if (this.source || this.timer !== null || this.status === 'stopped' || !this.options.open) return;
    const base = typeof this.options.url === 'function' ? this.options.url() : this.options.url;
    const url = this.options.resume === false ? base : withLastEventId(base, this.lastEventId);
    const source = this.options.open(url);
    if (!source) return;
    this.source = source;
    this.attached.clear();
    this.setStatus('connecting');
    source.onopen = () => {
      if (this.source !== source) return;
      const info = { first: !this.openedOnce, afterDrop: this.dropped };
      this.openedOnce = true;
      this.dropped = false;
      this.failures = 0;
      this.setStatus('open');
      this.options.onOpen?.(info);
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.dropped = true;
      this.setStatus('down');
      if (source.readyState === CLOSED) {
        source.close();
        this.source = null;
        this.schedule();
      }
      this.options.onError?.();
    };
    for (const type of this.handlers.keys()) this.attach(source, type);
  }

  /** Closes the stream and stops reconnecting (page left, sign-out). */
  dispose(): void {
    this.source?.close();
    this.source = null;
    if (this.timer !== null) (this.options.clearTimer ?? ((h) => clearTimeout(h as number)))(this.timer);
    this.timer = null;
    this.setStatus('stopped');
  }

  /** The delay before the next reconnect of this client. */
  nextDelay(): number {
    const min = this.options.backoffMinMs ?? LIVE_BACKOFF_MIN_MS;
    const max = this.options.backoffMaxMs ?? LIVE_BACKOFF_MAX_MS;
    const base = Math.min(max, min * 2 ** Math.min(this.failures, 16));
    const jitter = this.options.jitter ?? 0.25;
    const random = (this.options.random ?? Math.random)();
    return Math.round(Math.min(max, base * (1 + jitter * (random - 0.5))));
  }

  private schedule(): void {
    if (this.timer !== null || this.status === 'stopped') return;
    const delay = this.nextDelay();
    this.failures += 1;
    const setTimer = this.options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.timer = setTimer(() => {
      this.timer = null;
      if (this.status === 'stopped') return;
      void Promise.resolve(this.options.beforeReconnect?.()).then(
        (go) => {
          if (go === false) this.setStatus('stopped');
          else this.connect();
        },
        () => this.connect(),
      );
    }, delay);
  }

  private attach(source: EventSourceLike, type: string): void {
    if (this.attached.has(type)) return;
    this.attached.add(type);
    source.addEventListener(type, (event: MessageEvent) => {
      if (this.source !== source) return;
      const id = event.lastEventId || null;
      if (id) this.lastEventId = id;
      const data = typeof event.data === 'string' ? event.data : String(event.data ?? '');
      const message: LiveMessage<unknown> = {
        type,
        data,
        id,
        json: () => {
          try {
            return JSON.parse(data) as unknown;
          } catch {
            return undefined;
          }
        },
      };
      for (const handler of [...(this.handlers.get(type) ?? [])]) handler(message);
    });
  }

  private setStatus(status: LiveStatus): void {
    this.status = status;
  }
}
