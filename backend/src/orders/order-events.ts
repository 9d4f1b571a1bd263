import type { BusyMode, OrderingPause, OrderStatusAction, PrintKind } from '@ordering/common';

/**
 * What every order event carries. `order` is the staff view of the order as `GET /api/orders/{id}`
 * answers it (with uid, hash, customer contact, items, pricing, flags), so subscribers (e-mails, SMS,
 * print jobs, the event stream) need no second read.
 */
export interface OrderEvent {
  orderId: number;
  uid: string;
  branchId: number;
  order: Record<string, unknown>;
  /** The staff or customer action that changed the status (order.status), or `edit` (a staff correction). */
  action?:
    | OrderStatusAction
    | 'confirm-counter-appointment'
    | 'reject-counter-appointment'
    | 'paid'
    | 'edit'
    | 'offer'
    | 'accept-offer'
    | 'decline-offer'
    | 'withdraw';
  /** `order.print` only: the document and the one device to print it on (null: any of the branch's). */
  print?: { kind: PrintKind; deviceId: number | null };
  /** `edit` only: what the customer would notice, in German (`Positionen`, `Termin`, `Adresse`, …). */
  changed?: string[];
}

/** The order fields a customer notices when staff change them, with the German word for the mail. */
const CUSTOMER_FIELDS: Record<string, string> = {
  items: 'Positionen',
  appointmentDate: 'Termin',
  appointment: 'Termin',
  street: 'Adresse',
  zipCode: 'Adresse',
  city: 'Adresse',
  floor: 'Adresse',
  stairway: 'Adresse',
  door: 'Adresse',
  name: 'Kontaktdaten',
  firstName: 'Kontaktdaten',
  lastName: 'Kontaktdaten',
  company: 'Kontaktdaten',
  phone: 'Kontaktdaten',
  email: 'Kontaktdaten',
  tableIdentifier: 'Tisch',
};

/**
 * What of a staff edit the customer notices, from the order's JSON before and after: each German word
 * once, in the order of the list above; the comment and internal fields are left out.
 */
export function customerChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const words = Object.entries(CUSTOMER_FIELDS)
    .filter(([field]) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map(([, word]) => word);
  return [...new Set(words)];
}

declare module '../core/events.js' {
  interface DomainEventMap {
    /** A new order (or quotation request) was written. */
    'order.created': OrderEvent;
    /** Fields or items of an order changed (staff edit, questionnaire, payment state). */
    'order.updated': OrderEvent;
    /** The status changed through the transition table. */
    'order.status': OrderEvent;
    /** Staff deleted the order (the row is gone after this transaction). */
    'order.deleted': OrderEvent;
    /** Staff asked to print the order's receipt (POST /api/orders/{id}/print). */
    'order.print': OrderEvent;
    /** Staff asked to send the new-order e-mail or SMS again. */
    'order.resend': OrderEvent & { channel: 'email' | 'sms' };
    /** Staff paused or resumed ordering, or switched busy mode (the branch's state after the change). */
    'branch.pause': BranchPauseEvent;
  }
}

/** A branch's pause and busy state after a change, as every board of the branch receives it live. */
export interface BranchPauseEvent {
  branchId: number;
  orderingPause: OrderingPause | null;
  busyMode: BusyMode | null;
}
