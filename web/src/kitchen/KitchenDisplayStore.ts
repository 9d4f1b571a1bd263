import {
  activeSoldOut,
  allDayCounts,
  type KitchenBoard,
  type SoldOutEntry,
  type SoldOutState,
  type KitchenTicket,
  type KitchenTicketItem,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../api/ApiClient';
import { LiveEventClient, type OpenEventSource } from '../api/liveEvents';

export const KITCHEN_TEXTS = {
  title: 'Küche',
  offline: 'Offline',
  offlineHint: 'Keine Verbindung – Eingaben werden gespeichert und nachgesendet.',
  loading: 'Bons werden geladen …',
  empty: 'Keine offenen Bons',
  unauthorized: 'Nicht angemeldet',
  unauthorizedHint:
    'Bitte im Backoffice anmelden oder den Link mit dem Schlüssel des Küchendisplays (Geräte) öffnen.',
  signIn: 'Anmelden',
  forbidden: 'Diese Station gehört nicht zu Ihrer Filiale.',
  recall: 'Zurückholen',
  recallTitle: 'Zuletzt fertig',
  recallEmpty: 'Noch nichts fertig',
  allDay: 'Alle offen',
  soldOutTitle: 'Ausverkauft',
  soldOutHint: 'Tippen: bis Geschäftsschluss ausverkauft; erneut tippen: wieder verfügbar.',
  soldOutState: 'ausverkauft',
  availableState: 'verfügbar',
  soldOutFailed: 'Ausverkauft konnte nicht gespeichert werden.',
  sound: 'Ton bei neuem Bon',
  close: 'Schließen',
  comment: 'Anmerkung',
  pending: (n: number) => (n === 1 ? '1 Eingabe wartet' : `${n} Eingaben warten`),
} as const;

/** The German word of an order type on a ticket. */
export const ORDER_TYPE_TEXTS: Record<KitchenTicket['orderType'], string> = {
  takeaway: 'Abholung',
  delivery: 'Lieferung',
  dineIn: 'Vor Ort',
};

/** A tap waiting to reach the server (in order; kept while offline, also across a reload). */
export type KitchenAction =
  | { kind: 'bump'; orderId: number; expectedStage: number; recall?: boolean }
  | { kind: 'item'; orderId: number; index: number; done: boolean };

const LIVE_EVENTS = ['kitchen.ticket', 'kitchen.settings', 'order.created', 'order.updated', 'order.status'];

/** A product of the open tickets (or one marked sold out), with its whole-product mark if any. */
export interface KitchenSoldOutRow {
  productId: number;
  name: string;
  entry: SoldOutEntry | null;
}
/** Where the display keeps its sound choice. */
const SOUND_KEY = 'kitchen-sound';
/** How often an offline display tries again. */
export const RETRY_MS = 3000;

export interface KitchenDisplayOptions {
  branchId: string;
  stationId: string;
  /** The kitchen-display device's key (from the address's fragment); null: the staff session. */
  apiKey: string | null;
  api: ApiClient;
  openEventStream?: OpenEventSource;
  /** Where the waiting taps are kept (`localStorage`). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  setTimer?: (fn: () => void, ms: number) => unknown;
  /** Sounds a short tone (when the display's sound is on) for a ticket that was not there before. */
  onNewTicket?: () => void;
}

/**
 * One station's kitchen display (docs/decisions/kitchen.md): its tickets from the server, live updates, and
 * taps that are applied at once on the screen and sent in order — while offline they wait (and survive a
 * reload) and are replayed when the connection is back. A bump names the stage the display saw, so a
 * replayed or doubled bump never moves a ticket twice.
 */
export class KitchenDisplayStore {
  board: KitchenBoard | null = null;
  loaded = false;
  offline = false;
  unauthorized = false;
  forbidden = false;
  queue: KitchenAction[] = [];
  /** Server time minus this device's time, for the timers. */
  clockOffset = 0;
  showRecall = false;
  /** The branch's sold-out marks (the public list, then `availability.changed`). */
  soldOut: SoldOutEntry[] = [];
  /** The last sold-out change's error (German, from the server). */
  soldOutError = '';
  soldOutBusy = false;
  /** A tone for each new ticket: off by default, switched on the display (kept in its storage). */
  soundOn = false;
  private readonly live: LiveEventClient;
  private flushing = false;
  private reloadQueued = false;
  private retrying = false;
  private readonly storageKey: string;
  readonly apiKey: string | null;

  constructor(private readonly options: KitchenDisplayOptions) {
    this.apiKey = options.apiKey;
    this.storageKey = `kitchen-queue:${options.branchId}:${options.stationId}`;
    try {
      this.soundOn = options.storage?.getItem(SOUND_KEY) === 'on';
    } catch {
      this.soundOn = false;
    }
    try {
      const saved = options.storage?.getItem(this.storageKey);
      if (saved) this.queue = JSON.parse(saved) as KitchenAction[];
    } catch {
      this.queue = [];
    }
    const key = options.apiKey;
    this.live = new LiveEventClient({
      url: key ? `${this.base}/display/${encodeURIComponent(key)}/events` : '/api/events',
      open: options.openEventStream,
      setTimer: options.setTimer,
      // Back after a drop: the waiting taps first, then the state that may have changed meanwhile.
      // Every opening reads the state again, the first one too: the stream opens after the first read, and
      // an order confirmed in between would otherwise wait for the next event. After a drop the waiting taps
      // go first.
      onOpen: () => {
        void (this.queue.length ? this.flush() : this.load());
        void this.loadSoldOut();
      },
      onError: () => runInAction(() => this.goOffline()),
    });
    for (const type of LIVE_EVENTS) this.live.on(type, () => this.reloadSoon());
    this.live.on('availability.changed', (message) => this.applySoldOut(message.data));
    makeAutoObservable<KitchenDisplayStore, 'live' | 'options' | 'flushing' | 'reloadQueued' | 'retrying'>(
      this,
      { live: false, options: false, flushing: false, reloadQueued: false, retrying: false },
    );
  }

  private get base(): string {
    return `/api/kitchen/${encodeURIComponent(this.options.branchId)}`;
  }

  private get requestOptions() {
    return {
      redirectOnUnauthorized: false,
      headers: this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : undefined,
    };
  }

  get tickets(): KitchenTicket[] {
    return this.board?.tickets ?? [];
  }

  get recent(): KitchenTicket[] {
    return this.board?.recent ?? [];
  }

  get stages(): string[] {
    return this.board?.settings.stages ?? [];
  }

  /** "All day": the open items of this station's tickets, by name. */
  get allDay() {
    return allDayCounts(this.tickets);
  }

  /**
   * "Ausverkauft" on the display: the products of the open tickets (and those marked now), each one tap
   * to mark it sold out until the branch's next opening, or available again.
   */
  soldOutRows(now: number): KitchenSoldOutRow[] {
    const marks = activeSoldOut(this.soldOut, new Date(now)).filter((e) => e.option === null);
    const rows = new Map<number, KitchenSoldOutRow>();
    for (const ticket of this.tickets)
      for (const item of ticket.items)
        if (item.productId !== null && !rows.has(item.productId))
          rows.set(item.productId, { productId: item.productId, name: item.name, entry: null });
    for (const entry of marks)
      rows.set(entry.product.id, {
        productId: entry.product.id,
        name: rows.get(entry.product.id)?.name ?? entry.product.name,
        entry,
      });
    return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name, 'de'));
  }

  async loadSoldOut(): Promise<void> {
    try {
      const state = await this.options.api.get<SoldOutState>(
        `/api/branches/${encodeURIComponent(this.options.branchId)}/sold-out`,
        this.requestOptions,
      );
      runInAction(() => (this.soldOut = state.entries));
    } catch {
      // The display works without; the next event or reconnect reads it again.
    }
  }

  /** A live `availability.changed` (the branch's whole list). */
  applySoldOut(data: string): void {
    try {
      const state = JSON.parse(data) as SoldOutState;
      if (String(state.branchId) === this.options.branchId && Array.isArray(state.entries))
        this.soldOut = state.entries;
    } catch {
      // not ours
    }
  }

  /** One tap: the product sold out "bis Geschäftsschluss", or available again when it is marked. */
  async toggleSoldOut(row: KitchenSoldOutRow): Promise<void> {
    if (this.soldOutBusy) return;
    this.soldOutBusy = true;
    this.soldOutError = '';
    const url = `/api/branches/${encodeURIComponent(this.options.branchId)}/sold-out`;
    try {
      if (row.entry)
        await this.options.api.delete(`${url}/${encodeURIComponent(row.entry.id)}`, this.requestOptions);
      else
        await this.options.api.post(
          url,
          { product: { id: row.productId }, until: 'closing' },
          this.requestOptions,
        );
      await this.loadSoldOut();
    } catch (error) {
      runInAction(
        () =>
          (this.soldOutError =
            error instanceof ApiRequestError && error.status !== 0 && error.message
              ? error.message
              : KITCHEN_TEXTS.soldOutFailed),
      );
    } finally {
      runInAction(() => (this.soldOutBusy = false));
    }
  }

  async start(): Promise<void> {
    if (!this.options.apiKey) {
      // The staff session's CSRF token, for the writes.
      try {
        const session = await this.options.api.get<{ csrfToken?: string }>('/api/auth/session', {
          redirectOnUnauthorized: false,
        });
        if (session?.csrfToken) this.options.api.setCsrfToken(session.csrfToken);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) {
          runInAction(() => (this.unauthorized = true));
          return;
        }
      }
    }
    await Promise.all([this.load(), this.loadSoldOut()]);
    this.connect();
    void this.flush();
  }

  dispose(): void {
    this.live.dispose();
  }

  async load(): Promise<void> {
    try {
      const board = await this.options.api.get<KitchenBoard>(
        `${this.base}/tickets?station=${encodeURIComponent(this.options.stationId)}`,
        this.requestOptions,
      );
      runInAction(() => {
        // A ticket that was not on the screen before (the first read only fills it).
        const known = new Set([...this.tickets, ...this.recent].map((t) => t.orderId));
        const arrived = this.loaded && board.tickets.some((t) => !known.has(t.orderId));
        if (arrived && this.soundOn) this.options.onNewTicket?.();
        // Taps not yet sent stay visible on top of the server's state.
        this.board = this.queue.reduce((b, action) => applyAction(b, action, Date.parse(board.now)), board);
        this.clockOffset = Date.parse(board.now) - Date.now();
        this.loaded = true;
        this.offline = false;
      });
    } catch (error) {
      runInAction(() => this.failed(error));
    }
  }

  private failed(error: unknown): void {
    if (error instanceof ApiRequestError && error.status === 401) this.unauthorized = true;
    else if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404))
      this.forbidden = true;
    else this.goOffline();
  }

  private goOffline(): void {
    this.offline = true;
    if (this.retrying) return;
    this.retrying = true;
    const timer = this.options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    timer(() => {
      this.retrying = false;
      void (this.queue.length ? this.flush() : this.load());
    }, RETRY_MS);
  }

  private connect(): void {
    this.live.connect();
  }

  /** A live event: read the station's tickets again (events arriving together cause one read). */
  reloadSoon(): void {
    if (this.reloadQueued) return;
    this.reloadQueued = true;
    queueMicrotask(() => {
      this.reloadQueued = false;
      if (!this.flushing) void this.load();
    });
  }

  /** Tap on a ticket's header: the next stage. */
  bump(ticket: KitchenTicket): void {
    this.perform({ kind: 'bump', orderId: ticket.orderId, expectedStage: ticket.stage });
  }

  /** "Zurückholen": a finished ticket one stage back. */
  recall(ticket: KitchenTicket): void {
    this.perform({ kind: 'bump', orderId: ticket.orderId, expectedStage: ticket.stage, recall: true });
    this.showRecall = false;
  }

  /** Tap on an item: done, or open again. */
  toggleItem(ticket: KitchenTicket, item: KitchenTicketItem): void {
    this.perform({ kind: 'item', orderId: ticket.orderId, index: item.index, done: !item.done });
  }

  /** The display's sound toggle ("Ton bei neuem Bon"). */
  setSoundOn(on: boolean): void {
    this.soundOn = on;
    try {
      this.options.storage?.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts until the next reload.
    }
  }

  setShowRecall(show: boolean): void {
    this.showRecall = show;
  }

  private perform(action: KitchenAction): void {
    if (this.board) this.board = applyAction(this.board, action, Date.now() + this.clockOffset);
    this.queue.push(action);
    this.save();
    void this.flush();
  }

  private save(): void {
    try {
      this.options.storage?.setItem(this.storageKey, JSON.stringify(this.queue));
    } catch {
      // Private mode: the queue lives in memory only.
    }
  }

  /** Sends the waiting taps in order; stops at the first that cannot reach the server. */
  async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    let sent = false;
    try {
      while (this.queue.length) {
        const action = this.queue[0]!;
        const station = `station=${encodeURIComponent(this.options.stationId)}`;
        try {
          if (action.kind === 'bump')
            await this.options.api.post(
              `${this.base}/tickets/${action.orderId}/bump?${station}`,
              { expectedStage: action.expectedStage, recall: !!action.recall },
              this.requestOptions,
            );
          else
            await this.options.api.post(
              `${this.base}/tickets/${action.orderId}/items/${action.index}?${station}`,
              { done: action.done },
              this.requestOptions,
            );
        } catch (error) {
          if (!(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500) {
            runInAction(() => this.goOffline());
            return;
          }
          if (error.status === 401) {
            runInAction(() => (this.unauthorized = true));
            return;
          }
          // 400/404/409: the order is gone or was changed elsewhere; the server's state wins.
        }
        runInAction(() => {
          this.queue.shift();
          this.save();
          this.offline = false;
        });
        sent = true;
      }
    } finally {
      this.flushing = false;
    }
    if (sent) await this.load();
  }
}

/** A tap applied to the board as the server will apply it (so the screen answers at once). */
export function applyAction(board: KitchenBoard, action: KitchenAction, now: number): KitchenBoard {
  const last = board.settings.stages.length - 1;
  const find = (list: KitchenTicket[]) => list.find((t) => t.orderId === action.orderId);
  let tickets = board.tickets;
  let recent = board.recent;
  const ticket = find(tickets) ?? find(recent);
  if (!ticket) return board;
  if (action.kind === 'item') {
    const changed = {
      ...ticket,
      items: ticket.items.map((i) => (i.index === action.index ? { ...i, done: action.done } : i)),
    };
    return {
      ...board,
      tickets: tickets.map((t) => (t === ticket ? changed : t)),
      recent: recent.map((t) => (t === ticket ? changed : t)),
    };
  }
  if (ticket.stage !== action.expectedStage) return board;
  const stage = action.recall ? ticket.stage - 1 : ticket.stage + 1;
  if (stage < 0 || stage > last) return board;
  const moved: KitchenTicket = {
    ...ticket,
    stage,
    stageName: board.settings.stages[stage]!,
    bumpedAt: new Date(now).toISOString(),
  };
  tickets = tickets.filter((t) => t.orderId !== ticket.orderId);
  recent = recent.filter((t) => t.orderId !== ticket.orderId);
  if (stage >= last) recent = [moved, ...recent];
  else
    tickets = [...tickets, moved].sort(
      (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.orderId - b.orderId,
    );
  return { ...board, tickets, recent };
}
