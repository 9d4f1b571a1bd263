import { AVAILABILITY_EVENT, t, type OrderStatusAction } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import type { ApiErrorEntry } from '../../api/types';
import { LiveEventClient, type OpenEventSource } from '../../api/liveEvents';
import { errorMessageOf, type ErrorStore } from '../ErrorStore';
import { BOARD_COLUMNS, boardColumn, compareNew, dueAt, localDay, type BoardColumn } from './board';
import type { OrderEventPayload, StaffOrder } from '@ordering/common';

export const ORDERS_LOAD_FAILED = 'Bestellungen konnten nicht geladen werden.';
export const ORDER_LOAD_FAILED = 'Bestellung konnte nicht geladen werden.';
export const ORDER_UPDATE_FAILED = 'Bestellung konnte nicht aktualisiert werden.';
export const ORDER_DELETE_FAILED = 'Bestellung konnte nicht gelöscht werden.';
export const OFFER_SEND_FAILED = 'Angebot konnte nicht gesendet werden.';

/** An item line as the order API takes it (amount in a unit, the part values). */
export interface ItemLine {
  amount: number;
  unit: string;
  parts: unknown[];
}

/** A staff correction: the method and the path below `/api/orders/{id}`. */
export interface OrderEditRequest {
  method: 'PUT' | 'POST' | 'DELETE';
  path?: string;
  body?: unknown;
}
const ORDER_EVENTS = ['order.created', 'order.updated', 'order.status'] as const;
/**
 * After the stream gave up (e.g. the server was down), try again this often: a staff screen, few per shop,
 * and the board must be live again soon after a restart, so the delay does not grow.
 */
const RECONNECT_MS = 5_000;

export interface OrdersStoreOptions {
  api: ApiClient;
  errors: ErrorStore;
  openEventStream?: OpenEventSource;
  now?: () => Date;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** A `device.status` event (a printer's state changed). */
  onDeviceStatus?: (data: string) => void;
  /** A `branch.pause` event (a board paused or resumed ordering, or switched busy mode). */
  onBranchPause?: (data: string) => void;
  /** An `availability.changed` event (something was marked sold out or available again). */
  onAvailability?: (data: string) => void;
}

/** What a staff action sends and how it fails (spec section 8). */
export interface ActionRequest {
  action: OrderStatusAction | 'print' | 'resend-email' | 'resend-sms' | 'payment' | 'mark-paid';
  body?: Record<string, unknown>;
}

const ACTION_PATHS: Record<ActionRequest['action'], string> = {
  confirm: 'status/confirm',
  reject: 'status/reject',
  'in-delivery': 'status/in-delivery',
  delivered: 'status/delivered',
  completed: 'status/completed',
  cancel: 'status/cancel',
  print: 'print',
  'resend-email': 'resend-new-order-email',
  'resend-sms': 'resend-new-order-sms',
  payment: 'update-payment-status',
  'mark-paid': 'mark-paid',
};

export function actionFallback(action: ActionRequest['action']): string {
  switch (action) {
    case 'cancel':
      return t('backoffice.orderCancelFailed');
    case 'print':
      return t('backoffice.printFailed');
    case 'resend-email':
    case 'resend-sms':
      return t('backoffice.resendFailed');
    case 'payment':
      return t('backoffice.paymentCheckFailed');
    case 'mark-paid':
      return t('backoffice.markPaidFailed');
    default:
      return t('backoffice.orderStatusFailed');
  }
}

/**
 * The live orders of the user's branches: the open ones (`/api/orders/current`), today's completed ones and
 * the missed ones, kept up to date by the event stream. Orders are keyed by id, so an event read twice
 * (resume, catch-up) changes nothing; an older copy never replaces a newer one.
 */
export class OrdersStore {
  orders = new Map<number, StaffOrder>();
  missedIds = new Set<number>();
  /** Branch filter of the board; null = all of the user's branches. */
  branchFilter: number | null = null;
  loaded = false;
  loading = false;
  /** The stream is open (false while it reconnects: "Verbindung unterbrochen"). */
  connected = false;
  /** The stream was lost and has not come back yet: "Verbindung unterbrochen". */
  disconnected = false;
  /** The stream was opened at least once. */
  streamStarted = false;
  selectedId: number | null = null;
  busyAction: string | null = null;
  /** The message of the last failed action, for the detail panel (the error list is behind it). */
  actionError: string | null = null;
  lastEventId: string | null = null;

  private readonly api: ApiClient;
  private readonly errors: ErrorStore;
  private readonly now: () => Date;
  private readonly live: LiveEventClient;
  private liveIds = new Set<number>();
  private readonly seenEvents = new Set<string>();
  private disposed = false;
  private readonly onDeviceStatus?: (data: string) => void;
  private readonly onBranchPause?: (data: string) => void;
  private readonly onAvailability?: (data: string) => void;

  constructor(options: OrdersStoreOptions) {
    this.api = options.api;
    this.errors = options.errors;
    this.onDeviceStatus = options.onDeviceStatus;
    this.onBranchPause = options.onBranchPause;
    this.onAvailability = options.onAvailability;
    this.now = options.now ?? (() => new Date());
    this.live = this.createLiveClient(options);
    makeAutoObservable<
      OrdersStore,
      | 'api'
      | 'errors'
      | 'now'
      | 'live'
      | 'seenEvents'
      | 'liveIds'
      | 'onDeviceStatus'
      | 'onBranchPause'
      | 'onAvailability'
    >(
      this,
      {
        api: false,
        errors: false,
        now: false,
        live: false,
        seenEvents: false,
        liveIds: false,
        onDeviceStatus: false,
        onBranchPause: false,
        onAvailability: false,
      },
      { autoBind: true },
    );
  }

  /** The branches that occur in the orders, for the filter (id and name). */
  get branches(): { id: number; name: string }[] {
    const byId = new Map<number, string>();
    for (const order of this.orders.values()) {
      const id = order.branch?.id;
      if (typeof id === 'number' && id > 0 && !byId.has(id))
        byId.set(id, order.branchName ?? `Filiale ${id}`);
    }
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'de'));
  }

  /**
   * The orders on the board (branch filter applied), by column, soonest first; completed: latest first;
   * "Neu": overdue first, then the newest (`compareNew`).
   */
  get columns(): Record<BoardColumn, StaffOrder[]> {
    const result = Object.fromEntries(BOARD_COLUMNS.map((c) => [c.id, [] as StaffOrder[]])) as Record<
      BoardColumn,
      StaffOrder[]
    >;
    const today = localDay(this.now());
    for (const order of this.orders.values()) {
      if (this.branchFilter !== null && order.branch?.id !== this.branchFilter) continue;
      const column = boardColumn(order);
      if (!column) continue;
      if (column === 'completed' && !isToday(order, today)) continue;
      result[column].push(order);
    }
    for (const column of BOARD_COLUMNS) {
      result[column.id].sort((a, b) =>
        column.id === 'completed' ? dueAt(b) - dueAt(a) : dueAt(a) - dueAt(b) || a.id - b.id,
      );
    }
    result.new.sort(compareNew(this.now(), (id) => this.missedIds.has(id)));
    return result;
  }

  /** The cards in reading order (column by column), for keyboard navigation. */
  get cardOrder(): StaffOrder[] {
    const columns = this.columns;
    return BOARD_COLUMNS.flatMap((c) => columns[c.id]);
  }

  get selected(): StaffOrder | null {
    return this.selectedId === null ? null : (this.orders.get(this.selectedId) ?? null);
  }

  /** Unconfirmed orders (the alarm's candidates), branch filter applied. */
  get newOrders(): StaffOrder[] {
    return this.columns.new;
  }

  /** Ids of every unconfirmed order of the user's branches, whatever the filter shows: the alarm rings for these. */
  get unconfirmedIds(): number[] {
    return [...this.orders.values()].filter((o) => boardColumn(o) === 'new').map((o) => o.id);
  }

  isMissed(id: number): boolean {
    return this.missedIds.has(id);
  }

  setBranchFilter(id: number | null): void {
    this.branchFilter = id;
  }

  select(id: number | null): void {
    this.selectedId = id;
    this.actionError = null;
  }

  /** Loads the open, today's completed and the missed orders; replaces what the board shows. */
  async load(): Promise<void> {
    this.loading = true;
    // Orders the stream brings while the lists are on their way may be newer than the lists' snapshot.
    this.liveIds = new Set();
    const today = localDay(this.now());
    const result = await this.errors.run(
      ORDERS_LOAD_FAILED,
      () =>
        Promise.all([
          this.api.get<StaffOrder[]>('/api/orders/current'),
          this.api.get<StaffOrder[]>(`/api/orders?status=completed&from=${today}&to=${today}&limit=200`),
          this.api.get<StaffOrder[]>('/api/orders/missed'),
        ]),
      { retry: () => this.load() },
    );
    runInAction(() => {
      this.loading = false;
      if (!result) return;
      const [current, completed, missed] = result;
      const next = new Map<number, StaffOrder>();
      for (const order of [...completed, ...current, ...missed])
        next.set(order.id, newer(next.get(order.id), order));
      for (const id of this.liveIds) {
        const live = this.orders.get(id);
        if (live) next.set(id, newer(next.get(id), live));
      }
      this.orders = next;
      this.missedIds = new Set(missed.map((o) => o.id));
      this.loaded = true;
    });
  }

  /** Takes an order from an event or an answer: newer wins, id is the key. */
  upsert(order: StaffOrder): void {
    if (!order || typeof order.id !== 'number') return;
    const current = this.orders.get(order.id);
    const next = newer(current, order);
    if (next !== current) this.orders.set(order.id, next);
    // A confirmed (or otherwise answered) order is no longer missed.
    if (boardColumn(next) !== 'new') this.missedIds.delete(order.id);
  }

  /** One event of the stream; an id seen before is ignored. */
  receive(type: string, data: string, eventId?: string): void {
    if (eventId) {
      if (this.seenEvents.has(eventId)) return;
      this.seenEvents.add(eventId);
      if (this.seenEvents.size > 5000) this.seenEvents.delete(this.seenEvents.values().next().value!);
      this.lastEventId = eventId;
    }
    if (!(ORDER_EVENTS as readonly string[]).includes(type)) return;
    let payload: OrderEventPayload;
    try {
      payload = JSON.parse(data) as OrderEventPayload;
    } catch {
      return;
    }
    if (payload?.order) {
      this.upsert(payload.order);
      this.liveIds.add(payload.order.id);
    }
  }

  /**
   * The stream of `/api/events` (the one live client): order events, and the printers', pauses' and sold-out
   * changes that ride on it. After the browser gave up, the session is asked before each new try: a stream
   * refused for an ended session says nothing, the session's 401 sends the user to the sign-in page.
   */
  private createLiveClient(options: OrdersStoreOptions): LiveEventClient {
    const live = new LiveEventClient({
      url: '/api/events',
      open: options.openEventStream,
      backoffMinMs: RECONNECT_MS,
      backoffMaxMs: RECONNECT_MS,
      setTimer: options.setTimer,
      clearTimer: options.clearTimer,
      beforeReconnect: () =>
        this.api.get('/api/auth/session').then(
          () => true,
          () => true,
        ),
      onOpen: (info) => this.onOpen(info.first || info.afterDrop),
      onError: () => this.onError(),
    });
    for (const type of ORDER_EVENTS)
      live.on(type, (message) => this.receive(type, message.data, message.id ?? undefined));
    // The printers' state (docs/decisions/printing.md) rides on the same stream.
    live.on('device.status', (message) => this.onDeviceStatus?.(message.data));
    // So does a pause set at another board of the branch (docs/decisions/orders.md, "Pause and busy mode").
    live.on('branch.pause', (message) => this.onBranchPause?.(message.data));
    // And sold out marked at another board or in the back office (docs/decisions/kitchen.md).
    live.on(AVAILABILITY_EVENT, (message) => this.onAvailability?.(message.data));
    return live;
  }

  /** Opens the event stream; on reconnect the board is reloaded (catch-up). */
  connect(): void {
    if (this.disposed || this.live.active) return;
    this.live.connect();
    if (this.live.active) this.streamStarted = true;
  }

  private onOpen(catchUp: boolean): void {
    this.connected = true;
    this.disconnected = false;
    // Catch up on what happened while there was no stream: after a break, and also the first time, since
    // an order placed between the board's first load and the stream's opening would otherwise never show
    // (the browser test of the order board lost one that way in the CI dry run).
    if (catchUp) void this.load();
  }

  private onError(): void {
    this.connected = false;
    this.disconnected = true;
  }

  /** Closes the stream (sign-out, leaving the back office). */
  dispose(): void {
    this.disposed = true;
    this.live.dispose();
    this.connected = false;
  }

  /** Reloads one order (detail view, after an action). */
  async reload(id: number): Promise<StaffOrder | undefined> {
    const order = await this.errors.run(
      ORDER_LOAD_FAILED,
      () => this.api.get<StaffOrder>(`/api/orders/${id}`),
      { retry: () => this.reload(id) },
    );
    if (order) runInAction(() => this.upsert(order));
    return order;
  }

  /**
   * Changes one item (`PUT /api/orders/{id}/items/{index}`): the server prices it again and recomputes the
   * totals; the answer replaces the order. Resolves whether it worked.
   */
  updateItem(id: number, index: number, item: ItemLine): Promise<boolean> {
    return this.edit(id, { method: 'PUT', path: `items/${index}`, body: item });
  }

  /**
   * A staff correction of an order: `PUT` its fields, `POST items` (add), `PUT`/`DELETE items/{index}`.
   * The server checks and prices like the checkout; its answer replaces the order. Resolves whether it
   * worked; the server's German message is `actionError` otherwise.
   */
  async edit(id: number, request: OrderEditRequest): Promise<boolean> {
    this.actionError = null;
    const path = `/api/orders/${id}${request.path ? `/${request.path}` : ''}`;
    try {
      const order = await this.errors.run(
        ORDER_UPDATE_FAILED,
        () =>
          request.method === 'DELETE'
            ? this.api.delete<StaffOrder>(path)
            : request.method === 'POST'
              ? this.api.post<StaffOrder>(path, request.body)
              : this.api.put<StaffOrder>(path, request.body),
        { rethrow: true, retry: () => this.edit(id, request) },
      );
      if (order) runInAction(() => this.upsert(order));
      return true;
    } catch (error) {
      runInAction(() => {
        this.actionError = errorMessageOf(error, ORDER_UPDATE_FAILED);
      });
      return false;
    }
  }

  /**
   * Answers a quotation request with a priced offer (`POST /api/orders/{id}/offer`); the answer replaces
   * the order. Resolves the server's errors, each at its field (`lines.0.unitPrice`, `validUntil`), so the
   * form shows them where they belong; none when it was sent.
   */
  async sendOffer(id: number, body: unknown): Promise<ApiErrorEntry[]> {
    try {
      const order = await this.api.post<StaffOrder>(`/api/orders/${id}/offer`, body);
      runInAction(() => this.upsert(order));
      return [];
    } catch (error) {
      if (error instanceof ApiRequestError && error.status !== 0) return error.errors;
      return [{ message: errorMessageOf(error, OFFER_SEND_FAILED) }];
    }
  }

  /** Products whose name matches (for adding an item), at most `limit`. */
  searchProducts<T>(query: string, limit = 8): Promise<T[]> {
    return this.api.get<T[]>(`/api/products?q=${encodeURIComponent(query)}&limit=${limit}`);
  }

  /** One product of the catalogue (its units and parts, for changing an item). */
  loadProduct<T>(id: number): Promise<T> {
    return this.api.get<T>(`/api/products/${id}`);
  }

  /** Deletes an order (`DELETE /api/orders/{id}`) and takes it off the board. Resolves whether it worked. */
  async deleteOrder(id: number): Promise<boolean> {
    this.actionError = null;
    try {
      await this.errors.run(ORDER_DELETE_FAILED, () => this.api.delete(`/api/orders/${id}`), {
        rethrow: true,
        retry: () => this.deleteOrder(id),
      });
      runInAction(() => {
        this.orders.delete(id);
        this.missedIds.delete(id);
        if (this.selectedId === id) this.selectedId = null;
      });
      return true;
    } catch (error) {
      runInAction(() => {
        this.actionError = errorMessageOf(error, ORDER_DELETE_FAILED);
      });
      return false;
    }
  }

  /**
   * Runs a staff action (status change, print, resend, payment check) and reloads the order. Resolves
   * whether it worked; a failure is in the error list with the server's message or the catalogue text.
   */
  async act(id: number, request: ActionRequest): Promise<boolean> {
    if (this.busyAction) return false;
    this.busyAction = request.action;
    this.actionError = null;
    let ok = true;
    try {
      await this.errors.run(
        actionFallback(request.action),
        () => this.api.post(`/api/orders/${id}/${ACTION_PATHS[request.action]}`, request.body ?? {}),
        { rethrow: true, retry: () => this.act(id, request) },
      );
    } catch (error) {
      ok = false;
      runInAction(() => {
        this.actionError = errorMessageOf(error, actionFallback(request.action));
      });
    }
    runInAction(() => {
      this.busyAction = null;
    });
    await this.reload(id);
    return ok;
  }
}

function isToday(order: StaffOrder, today: string): boolean {
  if (order.businessDate) return order.businessDate === today;
  const iso = order.updatedAt ?? order.createdAt;
  return iso ? localDay(new Date(iso)) === today : true;
}

/** The later of two copies of an order by `updatedAt` (the incoming one on a tie or without dates). */
function newer(current: StaffOrder | undefined, incoming: StaffOrder): StaffOrder {
  if (!current) return incoming;
  const a = current.updatedAt ? Date.parse(current.updatedAt) : 0;
  const b = incoming.updatedAt ? Date.parse(incoming.updatedAt) : 0;
  return b >= a ? incoming : current;
}
