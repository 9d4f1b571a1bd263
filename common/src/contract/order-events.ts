import type { BusyMode, OrderingPause } from './branch.js';
import type { OrderStatusAction, PrintKind, StaffOrder } from './order.js';

/**
 * What changed an order (the `action` of an order event): a staff status action, one of the customer's
 * answers on the status page, `paid`, a staff correction (`edit`), an offer or a withdrawal.
 */
export type OrderEventAction =
  | OrderStatusAction
  | 'confirm-counter-appointment'
  | 'reject-counter-appointment'
  | 'paid'
  | 'edit'
  | 'offer'
  | 'accept-offer'
  | 'decline-offer'
  | 'withdraw';

/**
 * What every `order.*` event carries, on the server's event bus and on the event stream (`/api/events`):
 * the order's ids and its staff view as `GET /api/orders/{id}` answers it, so subscribers (e-mails, SMS,
 * print jobs, the boards) need no second read.
 */
export interface OrderEventPayload {
  orderId: number;
  uid: string;
  branchId: number;
  /** The staff view of the order after the change (before it, for `order.deleted`). */
  order: StaffOrder;
  /** The action that changed the status (`order.status`), or the kind of change (`order.updated`). */
  action?: OrderEventAction;
  /** `order.print` only: the document and the one device to print it on (null: any of the branch's). */
  print?: { kind: PrintKind; deviceId: number | null };
  /** `edit` only: what the customer would notice, in German (`Positionen`, `Termin`, `Adresse`, …). */
  changed?: string[];
}

/** `order.resend`: the new-order messages again, on one channel. */
export type OrderResendPayload = OrderEventPayload & { channel: 'email' | 'sms' };

/** A branch's pause and busy state after a change (`branch.pause`), as every board of the branch receives it. */
export interface BranchPauseEventPayload {
  branchId: number;
  orderingPause: OrderingPause | null;
  busyMode: BusyMode | null;
}

/** The order events by name, with what each carries. */
export interface OrderEventMap {
  /** A new order (or quotation request) was written. */
  'order.created': OrderEventPayload;
  /** Fields or items of an order changed (staff edit, questionnaire, payment state, offer, withdrawal). */
  'order.updated': OrderEventPayload;
  /** The status changed through the transition table. */
  'order.status': OrderEventPayload;
  /** Staff deleted the order (the row is gone after this transaction). */
  'order.deleted': OrderEventPayload;
  /** Staff asked to print the order (`POST /api/orders/{id}/print`). */
  'order.print': OrderEventPayload;
  /** Staff asked to send the new-order e-mail or SMS again. */
  'order.resend': OrderResendPayload;
  /** Staff paused or resumed ordering, or switched busy mode. */
  'branch.pause': BranchPauseEventPayload;
}
