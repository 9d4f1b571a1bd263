import {
  ONLINE_PAYMENT_METHODS,
  t,
  type OrderPaymentLine,
  type OrderPaymentState,
  type PaymentMethod,
} from '@ordering/common';

export type { OrderPaymentState };

/**
 * The stored `status` of an online order that waits for its payment. It is no staff state: boards,
 * current and missed lists filter on the staff states, so such an order shows nowhere as new (no alarm,
 * no print, no mail) until the provider says paid; it still counts against slot capacity (see
 * docs/decisions/payments.md).
 */
export const PENDING_PAYMENT = 'pendingPayment';

interface PaymentFlags {
  status: string;
  paymentMethod: PaymentMethod;
  isPaid: boolean;
  isRefunded: boolean;
  isFailed: boolean;
}

export const isOnlinePayment = (method: string) =>
  (ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

export const isPendingPayment = (order: Pick<PaymentFlags, 'status'>) => order.status === PENDING_PAYMENT;

/**
 * `pending` while an online payment is open, `paid`, `refunded`, `failed` (online payment failed or
 * expired), `unpaid` (paid at the counter later: cash, card, voucher).
 */
export function paymentStateOf(order: PaymentFlags): OrderPaymentState {
  if (order.isRefunded) return 'refunded';
  if (order.isPaid) return 'paid';
  if (isPendingPayment(order)) return 'pending';
  if (order.isFailed && isOnlinePayment(order.paymentMethod)) return 'failed';
  return 'unpaid';
}

const TEXT: Record<OrderPaymentState, string> = {
  pending: t('payment.waiting'),
  paid: t('payment.paid'),
  refunded: t('payment.refunded'),
  failed: 'Zahlung fehlgeschlagen',
  unpaid: 'Zahlung vor Ort',
};

/** The payment line: state and German text (the status page shows "Warten auf Zahlung" while pending). */
export function paymentLineOf(order: PaymentFlags): OrderPaymentLine {
  const state = paymentStateOf(order);
  return { state, text: TEXT[state] };
}
