import type { Ticket } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import { LiveEventClient, type OpenEventSource } from '../../api/liveEvents';

/** The most tickets kept (the screen shows far fewer); beyond it the oldest are dropped. */
export const MAX_TICKETS = 300;
/** Orders due within this many minutes count as "In Zubereitung" (pre-orders for later are not shown yet). */
export const PREPARING_AHEAD_MINUTES = 60;
/** How often the screen's clock ticks (ready numbers expire, pre-orders come due). */
export const TICK_MS = 15_000;
/** Reconnect delays after the stream gave up: doubling from 1 s up to 60 s. */
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

export const TICKET_SCREEN_TEXTS = {
  preparing: 'In Zubereitung',
  ready: 'Abholbereit',
  disconnected: 'Verbindung unterbrochen – wird wiederhergestellt …',
  unauthorized: 'Schlüssel ungültig',
  unauthorizedHint:
    'Dieser Bildschirm ist nicht freigeschaltet. Bitte im Backoffice unter Geräte den Link mit dem neuen Schlüssel öffnen.',
  switchedOff: 'Abholbildschirm ausgeschaltet',
  switchedOffHint: 'Der Abholbildschirm ist in der Konfiguration des Shops ausgeschaltet.',
  loading: 'Daten werden geladen',
  soundOn: 'Ton aktivieren',
  empty: 'Keine Bestellungen',
} as const;

/** A column's tickets as the screen shows them: what fits, and how many more there are. */
export interface FittedColumn {
  shown: Ticket[];
  more: number;
}

/**
 * What fits into `capacity` places: all when they fit; otherwise the newest `capacity - 1` (by when they
 * entered the column) and one place for "+N weitere". Shown in ticket-number order, so guests find theirs.
 */
export function fitColumn(tickets: readonly Ticket[], capacity: number): FittedColumn {
  const places = Math.max(1, Math.floor(capacity));
  if (tickets.length <= places) return { shown: byNumber(tickets), more: 0 };
  const keep = Math.max(0, places - 1);
  const newest = [...tickets].sort((a, b) => Date.parse(b.since) - Date.parse(a.since) || b.id - a.id);
  return { shown: byNumber(newest.slice(0, keep)), more: tickets.length - keep };
}

function byNumber(tickets: readonly Ticket[]): Ticket[] {
  return [...tickets].sort((a, b) => a.ticketNumber - b.ticketNumber || a.id - b.id);
}

export interface TicketScreenOptions {
  branchId: string;
  apiKey: string;
  api: ApiClient;
  openEventStream?: OpenEventSource;
  /** For the reconnect's jitter (tests pass a fixed one). */
  random?: () => number;
  /** Plays the "ready" chime (no-op until audio is unlocked). */
  chime?: () => void;
  now?: () => Date;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * The front-desk ticket screen's state: the branch's tickets from `…/tickets`, kept live by `…/events`
 * (resumed by event id), a clock for expiring ready numbers, reconnects with backoff. Bounded: tickets that
 * leave the screen are deleted, and never more than {@link MAX_TICKETS} are kept, so it runs for days.
 */
export class TicketScreenStore {
  tickets = new Map<number, Ticket>();
  readySeconds = 600;
  /** Columns of numbers in each list (the device's `columns`). */
  columns = 3;
  /** The shop switched the front-desk plugin off (403 `frontdesk_disabled`). */
  switchedOff = false;
  loaded = false;
  connected = false;
  /** The stream was lost and has not come back yet. */
  disconnected = false;
  /** The key was refused (401): the screen says so instead of numbers. */
  unauthorized = false;
  nowMs: number;
  lastEventId: string | null = null;
  /** Consecutive failed connects (for the backoff). */
  get failures(): number {
    return this.live.failures;
  }

  private readonly options: TicketScreenOptions;
  private readonly clock: () => Date;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly live: LiveEventClient;
  private tickTimer: unknown = null;
  private disposed = false;

  constructor(options: TicketScreenOptions) {
    this.options = options;
    this.clock = options.now ?? (() => new Date());
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as number));
    this.nowMs = this.clock().getTime();
    this.live = new LiveEventClient({
      url: () => `${this.base}/events`,
      open: options.openEventStream,
      backoffMinMs: BACKOFF_MIN_MS,
      backoffMaxMs: BACKOFF_MAX_MS,
      random: options.random,
      setTimer: this.setTimer,
      clearTimer: this.clearTimer,
      // After an outage the list is read first (a refused key shows at once).
      beforeReconnect: () => this.load(),
      onOpen: () => this.onOpen(),
      onError: () => this.onError(),
    });
    this.live.on('ticket', (message) => this.receive(message.data, message.id ?? undefined));
    // A heartbeat-like `skip` only moves the resume point (the client keeps it).
    this.live.on('skip', (message) => this.skipTo(message.id));
    makeAutoObservable<
      TicketScreenStore,
      'options' | 'clock' | 'setTimer' | 'clearTimer' | 'live' | 'tickTimer' | 'disposed'
    >(
      this,
      {
        options: false,
        clock: false,
        setTimer: false,
        clearTimer: false,
        live: false,
        tickTimer: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  private get base(): string {
    const { branchId, apiKey } = this.options;
    return `/api/orders/frontdesk/${encodeURIComponent(branchId)}/${encodeURIComponent(apiKey)}`;
  }

  /** Being prepared and due within the next hour, in the order they were accepted. */
  get preparing(): Ticket[] {
    const horizon = this.nowMs + PREPARING_AHEAD_MINUTES * 60_000;
    return [...this.tickets.values()].filter(
      (t) => t.state === 'preparing' && Date.parse(t.dueAt) <= horizon,
    );
  }

  /** Ready for pickup, for {@link readySeconds} after it became ready (or until it is handed over). */
  get ready(): Ticket[] {
    const shownFrom = this.nowMs - this.readySeconds * 1000;
    return [...this.tickets.values()].filter((t) => t.state === 'ready' && Date.parse(t.since) > shownFrom);
  }

  /** Loads the list, opens the stream and starts the clock. */
  start(): void {
    void this.load();
    this.connect();
    this.tick();
  }

  async load(): Promise<void> {
    try {
      const data = await this.options.api.get<{ readySeconds: number; columns?: number; tickets: Ticket[] }>(
        `${this.base}/tickets`,
        { redirectOnUnauthorized: false },
      );
      runInAction(() => {
        this.readySeconds = data.readySeconds;
        this.columns = data.columns ?? 3;
        this.switchedOff = false;
        const next = new Map<number, Ticket>();
        for (const ticket of data.tickets.slice(0, MAX_TICKETS)) next.set(ticket.id, ticket);
        this.tickets = next;
        this.loaded = true;
        this.unauthorized = false;
      });
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiRequestError && error.status === 401) this.unauthorized = true;
        if (error instanceof ApiRequestError && error.hasCode('frontdesk_disabled')) this.switchedOff = true;
      });
    }
  }

  /** One `ticket` event: a number enters, moves or leaves; becoming ready chimes. */
  receive(data: string, eventId?: string): void {
    if (eventId) this.lastEventId = eventId;
    let ticket: Ticket;
    try {
      ticket = JSON.parse(data) as Ticket;
    } catch {
      return;
    }
    if (!ticket || typeof ticket.id !== 'number') return;
    const before = this.tickets.get(ticket.id);
    if (before && Date.parse(before.since) > Date.parse(ticket.since)) return; // an older copy
    if (ticket.state === 'gone') {
      this.tickets.delete(ticket.id);
      return;
    }
    this.tickets.delete(ticket.id); // re-insert: the map's order is "last changed last"
    this.tickets.set(ticket.id, ticket);
    while (this.tickets.size > MAX_TICKETS) this.tickets.delete(this.tickets.keys().next().value!);
    if (ticket.state === 'ready' && before?.state !== 'ready') this.options.chime?.();
  }

  connect(): void {
    if (this.disposed) return;
    this.live.connect();
  }

  private skipTo(id: string | null): void {
    if (id) this.lastEventId = id;
  }

  private onOpen(): void {
    const wasDown = this.disconnected || this.unauthorized;
    this.connected = true;
    this.disconnected = false;
    // After an outage the list is read again: numbers that expired or were handed over meanwhile go.
    if (wasDown) void this.load();
  }

  private onError(): void {
    // The live client retries (with growing delays, so a server outage is not hammered by every TV).
    this.connected = false;
    this.disconnected = true;
  }

  private tick(): void {
    if (this.disposed) return;
    this.nowMs = this.clock().getTime();
    // Tickets that can no longer show are dropped (ready ones after their time).
    const shownFrom = this.nowMs - this.readySeconds * 1000;
    for (const [id, ticket] of this.tickets)
      if (ticket.state === 'ready' && Date.parse(ticket.since) <= shownFrom) this.tickets.delete(id);
    this.tickTimer = this.setTimer(() => this.tick(), TICK_MS);
  }

  dispose(): void {
    this.disposed = true;
    this.live.dispose();
    if (this.tickTimer !== null) this.clearTimer(this.tickTimer);
    this.tickTimer = null;
  }
}
