import type { OrderStatusAction } from '@ordering/common';

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
  /** The staff or customer action that changed the status (order.status only). */
  action?: OrderStatusAction | 'confirm-counter-appointment' | 'reject-counter-appointment' | 'paid';
}

declare module '../core/events.js' {
  interface DomainEventMap {
    /** A new order (or quotation request) was written. */
    'order.created': OrderEvent;
    /** Fields or items of an order changed (staff edit, questionnaire, payment state). */
    'order.updated': OrderEvent;
    /** The status changed through the transition table. */
    'order.status': OrderEvent;
    /** Staff asked to print the order's receipt (POST /api/orders/{id}/print). */
    'order.print': OrderEvent;
    /** Staff asked to send the new-order e-mail or SMS again. */
    'order.resend': OrderEvent & { channel: 'email' | 'sms' };
  }
}
