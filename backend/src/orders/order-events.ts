import type { BranchPauseEventPayload, OrderEventPayload, OrderResendPayload } from '@ordering/common';

/**
 * What every order event carries (common's contract, the same shape the event stream sends): the order's
 * ids and its staff view as `GET /api/orders/{id}` answers it, so subscribers need no second read.
 */
export type OrderEvent = OrderEventPayload;

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
    'order.resend': OrderResendPayload;
    /** Staff paused or resumed ordering, or switched busy mode (the branch's state after the change). */
    'branch.pause': BranchPauseEventPayload;
  }
}

/** A branch's pause and busy state after a change, as every board of the branch receives it live. */
export type BranchPauseEvent = BranchPauseEventPayload;
