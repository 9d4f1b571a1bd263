import {
  activeMenu,
  BUSY_EXTRA_MINUTES,
  readInitPayload,
  type ClockStaffMember,
  type InitPayload,
  type OrderStatusAction,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import { loadWholeCatalog } from '../../storefront/stores/MenuCatalogStore';
import { LiveEventClient, type OpenEventSource } from '../../api/liveEvents';
import { boardColumn, type BoardColumn } from '../orders/board';
import { PauseStore, pauseBranchOf, type PauseState } from '../orders/PauseStore';
import {
  SoldOutBoardStore,
  soldOutLabel,
  type SoldOutMarkBody,
  type SoldOutProduct,
} from '../orders/SoldOutBoardStore';
import type { OrderEventPayload, SoldOutState, StaffOrder } from '@ordering/common';

/** How long a PIN is remembered on the counter screen when the terminal's setting says nothing. */
export const DEFAULT_PIN_MEMORY_SECONDS = 120;
/** The PIN's length bounds (the time clock's PINs: 4 to 8 digits). */
const PIN_MAX = 8;
const PIN_MIN = 4;

export const COUNTER_TEXTS = {
  title: 'Theke',
  unauthorized: 'Schlüssel ungültig',
  unauthorizedHint:
    'Diese Theke ist nicht freigeschaltet. Bitte im Backoffice unter Geräte den Link mit dem Schlüssel des Front-Desk-Geräts öffnen.',
  switchedOff: 'Die Thekenansicht ist in der Konfiguration des Shops ausgeschaltet.',
  loading: 'Bestellungen werden geladen …',
  disconnected: 'Verbindung unterbrochen – wird wiederhergestellt …',
  whoTitle: 'Wer sind Sie?',
  pinTitle: 'PIN eingeben',
  noStaff:
    'Für diese Filiale ist niemand mit PIN eingerichtet. Die Filialleitung vergibt PINs unter Zeiterfassung.',
  signedInAs: 'Angemeldet:',
  signOut: 'Abmelden',
  fullBoard: 'Volle Tafel (mit Anmeldung)',
  cancel: 'Abbrechen',
  other: 'Andere Person',
  pinTooShort: 'Die PIN hat 4 bis 8 Ziffern.',
  failed: 'Die Aktion konnte nicht ausgeführt werden.',
  /** The person was picked by tile, so only the PIN can be wrong (the server's text names a user name too). */
  wrongPin: 'Die PIN ist falsch. Bitte erneut eingeben.',
  empty: 'Keine Bestellungen',
} as const;

/** The buttons of a card at the counter, in this order, with their German labels. */
export const COUNTER_ACTIONS: readonly OrderStatusAction[] = [
  'confirm',
  'in-delivery',
  'delivered',
  'completed',
  'reject',
];
export function counterActionLabel(action: OrderStatusAction, order: Pick<StaffOrder, 'isDelivery'>): string {
  switch (action) {
    case 'confirm':
      return 'Annehmen';
    case 'in-delivery':
      return order.isDelivery ? 'In Zustellung' : 'Abholbereit';
    case 'delivered':
      return 'Geliefert';
    case 'completed':
      return 'Abschließen';
    case 'reject':
      return 'Ablehnen';
    default:
      return 'Stornieren';
  }
}

const ORDER_EVENTS = ['order.created', 'order.updated', 'order.status'];

/** A change of the pause row waiting for (or done with) a PIN: the branch routes' method, path and body. */
export interface CounterPauseChange {
  method: 'POST' | 'DELETE';
  what: 'pause' | 'busy';
  body?: unknown;
}

/** What the PIN dialog names: the pause row's change in the words of its button. */
export function counterPauseLabel(change: CounterPauseChange): string {
  const body = (change.body ?? {}) as { minutes?: number; until?: string; extraMinutes?: number };
  if (change.what === 'busy')
    return change.method === 'POST'
      ? `Viel los: +${body.extraMinutes ?? BUSY_EXTRA_MINUTES} Min`
      : 'Viel los beenden';
  if (change.method === 'DELETE') return 'Bestellungen wieder annehmen';
  return `Bestellungen pausieren – ${body.until === 'nextOpening' ? 'bis zur nächsten Öffnung' : `${body.minutes} Min`}`;
}

/** A sold-out change waiting for a PIN: a mark (`body`) or "Wieder verfügbar" (`entryId`), with its words. */
export type CounterSoldOutChange = { label: string } & ({ body: SoldOutMarkBody } | { entryId: string });

/** The action the PIN dialog asks for: a card's status step, a change of the pause row or of sold out. */
export type CounterAction =
  | { orderId: number; action: OrderStatusAction }
  | { pause: CounterPauseChange }
  | { soldOut: CounterSoldOutChange };

export interface CounterBoardOptions {
  branchId: string;
  apiKey: string;
  api: ApiClient;
  openEventStream?: OpenEventSource;
  now?: () => number;
  /** How long a PIN stays remembered (the terminal's `pinMemorySeconds`). */
  pinMemorySeconds?: number;
  /** Rings when a new order arrives live (the board's alarm sound). */
  onNewOrder?: () => void;
}

/** The person whose PIN the screen remembers for a short while. */
interface Identity {
  userId: number;
  name: string;
  pin: string;
  until: number;
}

/**
 * The front-desk board on a paired terminal (docs/decisions/frontdesk-board.md): orders and live events with
 * the device key; each action names a person by the time clock's name tiles and PIN, remembered for a short
 * while or until "Abmelden".
 */
export class CounterBoardStore {
  orders = new Map<number, StaffOrder>();
  staff: ClockStaffMember[] = [];
  loaded = false;
  unauthorized = false;
  switchedOff = false;
  disconnected = false;
  /** The action waiting for a PIN (the dialog is open while set). */
  pending: CounterAction | null = null;
  /** The person picked in the dialog. */
  picked: ClockStaffMember | null = null;
  pin = '';
  busy = false;
  error = '';
  notice = '';
  identity: Identity | null = null;
  pinMemorySeconds: number;
  /** The terminal's `notificationSound`: a beep for each new order. */
  soundOn = true;
  /** The branch's pause and busy mode (the staff board's pause row, its changes asking a PIN here). */
  readonly pauses: PauseStore;
  /** The branch's sold-out marks (the staff board's panel, its changes asking a PIN here). */
  readonly soldOut: SoldOutBoardStore;
  private readonly live: LiveEventClient;
  /** Answers the waiting change of the pause row or sold out: its answer, or null when the dialog was closed. */
  private settle: ((answer: unknown) => void) | null = null;
  private readonly base: string;
  readonly apiKey: string;

  constructor(private readonly options: CounterBoardOptions) {
    this.base = `/api/orders/frontdesk/${encodeURIComponent(options.branchId)}/${encodeURIComponent(options.apiKey)}`;
    this.pinMemorySeconds = options.pinMemorySeconds ?? DEFAULT_PIN_MEMORY_SECONDS;
    this.apiKey = options.apiKey;
    this.pauses = new PauseStore({
      errors: { add: (message) => runInAction(() => (this.notice = message)) },
      transport: {
        // The branch's state as the storefront reads it (public), its changes through the PIN dialog.
        load: async () => {
          const payload = await options.api.get<InitPayload>('/api/init', { redirectOnUnauthorized: false });
          const branches = readInitPayload(Array.isArray(payload) ? payload : []).branches ?? [];
          return branches.filter((b) => String(b.id) === options.branchId).map(pauseBranchOf);
        },
        send: (_branchId, method, what, body) => this.requestPause({ method, what, body }),
      },
    });
    const notice = (message: string) => runInAction(() => (this.notice = message));
    this.soldOut = new SoldOutBoardStore(
      null,
      {
        run: async <T>(fallback: string, call: () => Promise<T>) => {
          try {
            return await call();
          } catch (error) {
            notice(error instanceof ApiRequestError && error.status !== 0 ? error.message : fallback);
            return undefined;
          }
        },
      },
      {
        // The marks with who set them by the terminal's key; the products the shop offers (public).
        list: (branchId) =>
          options.api
            .get<SoldOutState>(`${this.base}/sold-out`, { redirectOnUnauthorized: false })
            .then((s) => ({
              ...s,
              branchId,
            })),
        // The products of the branch's active menu: /api/init names the menus, each menu's catalogue route
        // brings its products (they are no longer part of /api/init).
        products: async () => {
          const payload = await options.api.get<InitPayload>('/api/init', { redirectOnUnauthorized: false });
          const menus = readInitPayload(Array.isArray(payload) ? payload : []).menus ?? [];
          const now = new Date(options.now?.() ?? Date.now());
          const menu = activeMenu(menus, Number(options.branchId), now);
          if (!menu) return [];
          // Every part of a large menu, fields at their defaults put back (common's storefront shape).
          const catalog = await loadWholeCatalog(options.api, menu.id);
          return catalog.products.map((p): SoldOutProduct => ({
            id: p.id,
            name: p.name,
            config: p.config ?? null,
          }));
        },
        mark: async (_branchId, body) => {
          const name = this.soldOut.products.find((p) => p.id === body.product.id)?.name ?? '';
          return (await this.requestSoldOut({ label: `Ausverkauft: ${name}`, body })) ?? false;
        },
        release: async (_branchId, entryId) => {
          const entry = this.soldOut.entries.find((e) => e.id === entryId);
          const label = `Wieder verfügbar: ${entry ? soldOutLabel(entry) : ''}`;
          return (await this.requestSoldOut({ label, entryId })) ?? false;
        },
      },
    );
    this.live = new LiveEventClient({
      url: `${this.base}/board-events`,
      open: options.openEventStream,
      // After the browser gave up: the board is read first, and a refused key or a switched-off plugin
      // ends the tries (the board says so instead).
      beforeReconnect: async () => {
        await this.load();
        return !this.unauthorized && !this.switchedOff;
      },
      onOpen: ({ first }) => {
        // A reconnect may have missed events: read the board (and the pause state) again.
        if (!first) {
          void this.load();
          void this.pauses.load();
          if (this.soldOut.branchId !== null) void this.soldOut.show(this.soldOut.branchId);
        }
        runInAction(() => (this.disconnected = false));
      },
      onError: () => runInAction(() => (this.disconnected = true)),
    });
    for (const type of ORDER_EVENTS) this.live.on(type, (message) => this.receive(type, message.data));
    this.live.on('branch.pause', (message) => this.pauses.apply(message.data));
    this.live.on('availability.changed', (message) => this.soldOut.apply(message.data));
    makeAutoObservable<CounterBoardStore, 'live' | 'options' | 'base' | 'settle'>(this, {
      pauses: false,
      soldOut: false,
      live: false,
      options: false,
      base: false,
      settle: false,
    });
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** The orders of a board column, oldest due first. */
  column(id: BoardColumn): StaffOrder[] {
    return [...this.orders.values()]
      .filter((o) => boardColumn(o) === id)
      .sort((a, b) => Date.parse(String(a.createdAt)) - Date.parse(String(b.createdAt)) || a.id - b.id);
  }

  /** The remembered person, while the PIN is still remembered. */
  get current(): Identity | null {
    return this.identity && this.identity.until > this.now() ? this.identity : null;
  }

  async start(): Promise<void> {
    await Promise.all([this.load(), this.loadStaff()]);
    this.connect();
  }

  dispose(): void {
    this.live.dispose();
  }

  async load(): Promise<void> {
    try {
      const list = await this.options.api.get<StaffOrder[]>(this.base, { redirectOnUnauthorized: false });
      runInAction(() => {
        this.orders = new Map(list.map((o) => [o.id, o]));
        this.loaded = true;
      });
    } catch (error) {
      runInAction(() => this.refused(error));
    }
  }

  private async loadStaff(): Promise<void> {
    try {
      const staff = await this.options.api.get<ClockStaffMember[]>(
        `/api/time-tracking/${encodeURIComponent(this.options.branchId)}/${encodeURIComponent(this.options.apiKey)}/staff`,
        { redirectOnUnauthorized: false },
      );
      runInAction(() => (this.staff = staff));
    } catch {
      // The board still shows; the dialog says that nobody can act.
    }
  }

  private refused(error: unknown): void {
    if (error instanceof ApiRequestError && error.status === 401) this.unauthorized = true;
    else if (error instanceof ApiRequestError && error.status === 403) this.switchedOff = true;
    else this.disconnected = true;
  }

  private connect(): void {
    if (this.unauthorized || this.switchedOff) return;
    this.live.connect();
  }

  receive(type: string, data: string): void {
    let payload: OrderEventPayload;
    try {
      payload = JSON.parse(data) as OrderEventPayload;
    } catch {
      return;
    }
    if (!payload?.order) return;
    const known = this.orders.has(payload.order.id);
    this.upsert(payload.order);
    if (type === 'order.created' && !known && this.soundOn) this.options.onNewOrder?.();
  }

  private upsert(order: StaffOrder): void {
    this.orders.set(order.id, order);
  }

  /** A card's button: done at once for the remembered person, else the dialog asks who. */
  request(orderId: number, action: OrderStatusAction): void {
    this.ask({ orderId, action });
  }

  /**
   * The pause row's change (the same choices as the staff board's): done at once for the remembered
   * person, else after the dialog's PIN; the new state, or null when the dialog was closed or it failed.
   */
  requestPause(change: CounterPauseChange): Promise<PauseState | null> {
    return this.waitFor<PauseState>({ pause: change });
  }

  /** A sold-out mark or its end, as `requestPause`: the server's answer, or null when closed or failed. */
  requestSoldOut(change: CounterSoldOutChange): Promise<unknown> {
    return this.waitFor<unknown>({ soldOut: change });
  }

  private waitFor<T>(action: CounterAction): Promise<T | null> {
    this.settle?.(null);
    return new Promise((resolve) => {
      this.settle = resolve as (answer: unknown) => void;
      this.ask(action);
    });
  }

  private ask(action: CounterAction): void {
    this.notice = '';
    if (this.current) {
      void this.perform(action, this.current);
      return;
    }
    this.identity = null;
    this.pending = action;
    this.picked = this.staff.length === 1 ? this.staff[0]! : null;
    this.pin = '';
    this.error = '';
  }

  /** What the dialog asks for, in the words of the button. */
  get pendingLabel(): string {
    const pending = this.pending;
    if (!pending) return '';
    if ('pause' in pending) return counterPauseLabel(pending.pause);
    if ('soldOut' in pending) return pending.soldOut.label;
    const order = this.orders.get(pending.orderId);
    return order
      ? `${counterActionLabel(pending.action, order)}: ${order.ticketNumber ? `#${order.ticketNumber}` : `Bestellung ${order.id}`}`
      : '';
  }

  pick(member: ClockStaffMember | null): void {
    this.picked = member;
    this.pin = '';
    this.error = '';
  }

  pressDigit(digit: string): void {
    if (this.pin.length < PIN_MAX) this.pin += digit;
  }

  deleteDigit(): void {
    this.pin = this.pin.slice(0, -1);
  }

  cancel(): void {
    if (this.pending && !('orderId' in this.pending)) this.finish(null);
    this.pending = null;
    this.picked = null;
    this.pin = '';
    this.error = '';
  }

  /**
   * The terminal's settings from its heartbeat: `pinMemorySeconds` (0: every action asks) and
   * `notificationSound` (off: no beep for new orders); what is missing keeps its default.
   */
  applyDeviceSettings(settings: { pinMemorySeconds?: unknown; notificationSound?: unknown }): void {
    const seconds = settings.pinMemorySeconds;
    if (typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0)
      this.pinMemorySeconds = seconds;
    this.soundOn = settings.notificationSound !== false;
  }

  /** "Abmelden": the PIN is forgotten at once. */
  signOut(): void {
    this.identity = null;
  }

  /** The dialog's OK: the pending action as the picked person with the typed PIN. */
  async submitPin(): Promise<void> {
    if (!this.pending || !this.picked || this.busy) return;
    if (this.pin.length < PIN_MIN) {
      this.error = COUNTER_TEXTS.pinTooShort;
      return;
    }
    const who: Identity = {
      userId: this.picked.id,
      name: this.picked.name,
      pin: this.pin,
      until: this.now() + this.pinMemorySeconds * 1000,
    };
    if (await this.perform(this.pending, who)) this.close();
  }

  /** Closes the dialog after its action was done. */
  private close(): void {
    this.pending = null;
    this.cancel();
  }

  private finish(answer: unknown): void {
    const settle = this.settle;
    this.settle = null;
    settle?.(answer);
  }

  private async perform(pending: CounterAction, who: Identity): Promise<boolean> {
    this.busy = true;
    const options = {
      redirectOnUnauthorized: false,
      headers: { 'X-User-Id': String(who.userId), 'X-Access-Token': who.pin },
    };
    try {
      let notice: string;
      if ('pause' in pending) {
        const { method, what, body } = pending.pause;
        const path = `${this.base}/${what}`;
        const state =
          method === 'POST'
            ? await this.options.api.post<PauseState>(path, body ?? {}, options)
            : await this.options.api.delete<PauseState>(path, options);
        notice = `${counterPauseLabel(pending.pause)}: ${who.name}`;
        this.finish(state);
      } else if ('soldOut' in pending) {
        const change = pending.soldOut;
        const answer =
          'body' in change
            ? await this.options.api.post<unknown>(`${this.base}/sold-out`, change.body, options)
            : await this.options.api.delete<unknown>(
                `${this.base}/sold-out/${encodeURIComponent(change.entryId)}`,
                options,
              );
        notice = `${change.label}: ${who.name}`;
        this.finish(answer ?? true);
      } else {
        const { orderId, action } = pending;
        const order = await this.options.api.post<StaffOrder>(
          `${this.base}/${orderId}/status/${action}`,
          {},
          options,
        );
        runInAction(() => this.upsert(order));
        notice = `${order.ticketNumber ? `#${order.ticketNumber}` : `Bestellung ${order.id}`} – ${counterActionLabel(action, order)}: ${who.name}`;
      }
      runInAction(() => {
        this.identity = { ...who, until: this.now() + this.pinMemorySeconds * 1000 };
        this.notice = notice;
      });
      return true;
    } catch (error) {
      runInAction(() => {
        const message =
          error instanceof ApiRequestError && error.status === 401
            ? COUNTER_TEXTS.wrongPin
            : error instanceof ApiRequestError && error.status !== 0
              ? error.message
              : COUNTER_TEXTS.failed;
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 429)) {
          // A wrong (or since changed) PIN: ask again; a brake (429) says how long to wait.
          this.identity = null;
          this.pending = pending;
          this.picked = this.staff.find((s) => s.id === who.userId) ?? null;
          this.pin = '';
          this.error = message;
        } else if (this.pending) {
          this.error = message;
        } else {
          this.notice = message;
          if (!('orderId' in pending)) this.finish(null);
        }
      });
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
