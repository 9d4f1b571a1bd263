import type { Order, OrderPaymentLine, OrderStatusAction, Questionnaire } from '@ordering/common';

/** An order as the staff API sends it (`GET /api/orders/{id}`, the lists, the `order` of every event). */
export interface StaffOrder extends Order {
  status: string;
  allowedActions: OrderStatusAction[];
  payment: OrderPaymentLine;
  branchName?: string | null;
  businessDate?: string | null;
  deliveryArea?: string | null;
  /** The customer's review answers (four ratings and a comment), once sent on the status page. */
  questionnaire?: Questionnaire | null;
  [key: string]: unknown;
}

/** The payload of an order event on `/api/events`. */
export interface OrderEventPayload {
  orderId: number;
  uid: string;
  branchId: number;
  order: StaffOrder;
  action?: string;
}
