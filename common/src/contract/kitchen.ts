import type { Entity, IsoDateTime, Ref } from './base.js';
import type { OrderType } from './order.js';

/**
 * The kitchen display (docs/decisions/kitchen.md): preparation stations of a branch, the stages a ticket
 * moves through, and the tickets a display shows.
 */

/** The stages of a ticket when the branch set none: the last one means "done" (off the display). */
export const DEFAULT_KITCHEN_STAGES = ['Neu', 'In Zubereitung', 'Fertig'] as const;

/** Minutes after which a ticket turns amber and red when the branch set nothing. */
export const DEFAULT_KITCHEN_WARN_MINUTES = 5;
export const DEFAULT_KITCHEN_LATE_MINUTES = 10;

/**
 * A preparation station (Küche, Grill, Bar …): `GET/POST /api/preparation-stations`, `GET/PUT/DELETE …/{id}`.
 * Items of the listed categories and products appear on it; a station with neither, or marked
 * `isExpeditor` ("Pass"), sees the whole order.
 */
export interface PreparationStation extends Entity {
  branch: Ref;
  name: string;
  categories: Ref[];
  products: Ref[];
  isExpeditor: boolean;
  position: number;
}

/** A branch's kitchen settings (`GET`/`PUT /api/kitchen/{branchId}/settings`). */
export interface KitchenSettings {
  /** The stages, first to last; the last one takes a ticket off the display. 2 to 6 names. */
  stages: string[];
  /** A ticket older than this many minutes is amber … */
  warnMinutes: number;
  /** … and red after this many. */
  lateMinutes: number;
  /** When every station has finished an order, it becomes "Abholbereit" on the order board. */
  readyWhenDone: boolean;
}

/** One line of a ticket, as the station prepares it. */
export interface KitchenTicketItem {
  /** The item's index in the order's items (the key of its done state). */
  index: number;
  /** The product (to mark it sold out from the display); null for a line without one. */
  productId: number | null;
  name: string;
  amount: number;
  unit: string;
  /** Parts and options as text (`Extra Käse`, `ohne Zwiebel` …). */
  parts: string[];
  done: boolean;
}

/** An order as one station's display shows it. */
export interface KitchenTicket {
  orderId: number;
  ticketNumber: number | null;
  orderType: OrderType;
  tableIdentifier: string | null;
  /** When the customer gets the order (the confirmed time), if any. */
  appointment: IsoDateTime | null;
  /** Where the ticket's timer starts: the confirmation, or the appointment minus the preparation time. */
  startsAt: IsoDateTime;
  comment: string;
  items: KitchenTicketItem[];
  /** Index into the branch's stages. */
  stage: number;
  stageName: string;
  /** When the ticket last moved a stage (null: never). */
  bumpedAt: IsoDateTime | null;
  updatedAt: IsoDateTime;
}

/** `GET /api/kitchen/{branchId}/tickets?station=`: what one display needs. */
export interface KitchenBoard {
  station: { id: number; name: string; isExpeditor: boolean };
  settings: KitchenSettings;
  /** Open tickets, oldest start first. */
  tickets: KitchenTicket[];
  /** The last tickets this station finished (newest first), for "Zurückholen". */
  recent: KitchenTicket[];
  /** The server's time, so that the display's timers do not depend on its own clock. */
  now: IsoDateTime;
}

/**
 * `POST /api/kitchen/{branchId}/tickets/{orderId}/bump?station=` body: the stage the display saw. The
 * first of two displays bumping the same stage wins; the second gets the same new state back (no second
 * step). `recall: true` moves one stage back instead.
 */
export interface KitchenBumpRequest {
  expectedStage: number;
  recall?: boolean;
}

/** `POST …/tickets/{orderId}/items/{index}?station=` body: an item's done state. */
export interface KitchenItemRequest {
  done: boolean;
}

/** The live event `kitchen.settings`: a branch's kitchen settings changed (displays read their board again). */
export interface KitchenSettingsEvent {
  branchId: number;
  settings: KitchenSettings;
}

/** The payload of the live event `kitchen.ticket` (staff streams of the branch, kitchen displays). */
export interface KitchenTicketEvent {
  branchId: number;
  stationId: number;
  orderId: number;
  stage: number;
  doneItems: number[];
  bumpedAt: IsoDateTime | null;
  /** Every station of the order reached its last stage. */
  allDone: boolean;
}
