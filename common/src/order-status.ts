/**
 * Order status (spec section 4): the customer's view derived from the flags, the online-payment line and the
 * four-step timeline; the staff transition table; counter-offers; polling; the questionnaire.
 *
 * ## Staff transitions (the spec leaves them open; this is how a restaurant works)
 * | state \ action | confirm | reject | in-delivery | delivered | completed | cancel |
 * |---|---|---|---|---|---|---|
 * | unconfirmed    | ✓ | ✓ | – | – | – | ✓ |
 * | confirmed      | – | – | ✓ | – | ✓ | ✓ |
 * | inDelivery     | – | – | – | ✓ (delivery only) | ✓ | ✓ |
 * | delivered      | – | – | – | – | ✓ | – |
 * | completed, rejected, canceled, failed (final) | – | – | – | – | – | – |
 *
 * - Reject is the answer to a new order ("we cannot do this"); once confirmed, staff cancel instead.
 * - In-delivery means "out for delivery" for delivery orders and "ready for pickup" for takeaway and dine-in.
 * - Delivered ("Geliefert") is the driver's "handed over" for a delivery order out for delivery; the order
 *   stays open until it is completed (cash settled). Goods handed over are not cancelled: a delivered order
 *   can only be completed.
 * - Completing a delivery order also marks it delivered.
 * - Payment flags (`isPaid`, `isRefunded`) are independent of the status and never block an action.
 *
 * @packageDocumentation
 */
import type {
  CustomerOrderStatus,
  Order,
  OrderFlags,
  OrderStatusAction,
  Questionnaire,
  StaffOrderState,
} from './contract/order.js';
import { t, type MessageKey } from './i18n/de.js';

/** States after which no staff action is possible. */
export const FINAL_STATES: readonly StaffOrderState[] = ['completed', 'rejected', 'canceled', 'failed'];

/** The transition table: which actions each state allows. */
export const STATUS_TRANSITIONS: Readonly<Record<StaffOrderState, readonly OrderStatusAction[]>> = {
  unconfirmed: ['confirm', 'reject', 'cancel'],
  confirmed: ['in-delivery', 'completed', 'cancel'],
  inDelivery: ['delivered', 'completed', 'cancel'],
  delivered: ['completed'],
  completed: [],
  rejected: [],
  canceled: [],
  failed: [],
};

type Flags = Pick<
  OrderFlags,
  'isRejected' | 'isCanceled' | 'isFailed' | 'isCompleted' | 'isInDelivery' | 'isConfirmed'
> &
  Partial<Pick<OrderFlags, 'isDelivered' | 'isDelivery'>>;

/** The staff state of an order: final flags first (failed, canceled, rejected, completed), then progress. */
export function staffState(order: Flags): StaffOrderState {
  if (order.isFailed) return 'failed';
  if (order.isCanceled) return 'canceled';
  if (order.isRejected) return 'rejected';
  if (order.isCompleted) return 'completed';
  if (order.isDelivered) return 'delivered';
  if (order.isInDelivery) return 'inDelivery';
  if (order.isConfirmed) return 'confirmed';
  return 'unconfirmed';
}

/** Whether the order is in a final state. */
export function isFinalOrder(order: Flags): boolean {
  return FINAL_STATES.includes(staffState(order));
}

/**
 * The actions staff may take now (buttons to show, API routes to accept): the table's, without `delivered`
 * for takeaway and dine-in (their "in delivery" is "ready for pickup").
 */
export function allowedActions(order: Flags): readonly OrderStatusAction[] {
  const actions = STATUS_TRANSITIONS[staffState(order)];
  return order.isDelivery ? actions : actions.filter((action) => action !== 'delivered');
}

/** Why an action was refused. */
export interface StatusActionError {
  /**
   * `ORDER_STATUS_FINAL` when the order is final, `ORDER_STATUS_NOT_ALLOWED` when the action does not fit
   * (for `delivered` the message says why: not a delivery, or not in delivery).
   */
  code: 'ORDER_STATUS_FINAL' | 'ORDER_STATUS_NOT_ALLOWED';
  /** Catalogue key of the German message. */
  key: MessageKey;
  /** The German message. */
  message: string;
  /** The state the order was in. */
  state: StaffOrderState;
}

/** Result of {@link applyStatusAction}. */
export type StatusActionResult =
  { ok: true; flags: OrderFlags; state: StaffOrderState } | { ok: false; error: StatusActionError };

/**
 * Applies a staff action: the new flags when the table allows it, else a typed error. Used by the API (which
 * maps the error to 409) and the UI (which disables the buttons via {@link allowedActions}).
 */
export function applyStatusAction(order: OrderFlags, action: OrderStatusAction): StatusActionResult {
  const state = staffState(order);
  if (!allowedActions(order).includes(action)) {
    const isFinal = FINAL_STATES.includes(state);
    const key: MessageKey = isFinal
      ? 'orderStatus.final'
      : action !== 'delivered'
        ? 'orderStatus.notAllowed'
        : order.isDelivery
          ? 'orderStatus.deliveredNotInDelivery'
          : 'orderStatus.deliveryOnly';
    return {
      ok: false,
      error: {
        code: isFinal ? 'ORDER_STATUS_FINAL' : 'ORDER_STATUS_NOT_ALLOWED',
        key,
        message: t(key),
        state,
      },
    };
  }
  const flags: OrderFlags = { ...pickFlags(order) };
  switch (action) {
    case 'confirm':
      flags.isConfirmed = true;
      break;
    case 'reject':
      flags.isRejected = true;
      break;
    case 'in-delivery':
      flags.isInDelivery = true;
      break;
    case 'delivered':
      flags.isDelivered = true;
      break;
    case 'completed':
      flags.isCompleted = true;
      if (flags.isDelivery) flags.isDelivered = true;
      break;
    case 'cancel':
      flags.isCanceled = true;
      break;
  }
  return { ok: true, flags, state: staffState(flags) };
}

/** Copies just the flags of an order. */
export function pickFlags(order: OrderFlags): OrderFlags {
  return {
    isRejected: order.isRejected,
    isCompleted: order.isCompleted,
    isConfirmed: order.isConfirmed,
    isDelivery: order.isDelivery,
    isDineIn: order.isDineIn,
    isInDelivery: order.isInDelivery,
    isDelivered: order.isDelivered,
    isCanceled: order.isCanceled,
    isFailed: order.isFailed,
    isPaid: order.isPaid,
    isRefunded: order.isRefunded,
  };
}

/**
 * The customer's status: rejected, cancelled or failed → `canceled` ("Bestellung storniert"); then completed,
 * delivered, in delivery / ready for pickup, confirmed, and waiting for confirmation.
 */
export function customerStatus(order: Flags & Pick<OrderFlags, 'isDelivered'>): CustomerOrderStatus {
  if (order.isRejected || order.isCanceled || order.isFailed) return 'canceled';
  if (order.isCompleted) return 'completed';
  if (order.isDelivered) return 'delivered';
  if (order.isInDelivery) return 'inDelivery';
  if (order.isConfirmed) return 'confirmed';
  return 'waiting';
}

/** The German text of the customer's status ("Abholbereit" instead of "In Zustellung" for takeaway and dine-in). */
export function customerStatusText(order: OrderFlags): string {
  switch (customerStatus(order)) {
    case 'canceled':
      return t('orderStatus.canceled');
    case 'completed':
      return t('orderStatus.completed');
    case 'delivered':
      return t('orderStatus.delivered');
    case 'inDelivery':
      return order.isDelivery ? t('orderStatus.inDelivery') : t('orderStatus.readyForPickup');
    case 'confirmed':
      return t('orderStatus.confirmed');
    case 'waiting':
      return t('orderStatus.waiting');
  }
}

/** Payment methods paid online, which get a payment line. */
export const ONLINE_PAYMENT_METHODS = ['mollie', 'datatrans'] as const;

/** The payment line of an online-paid order ("Warten auf Zahlung", "Bezahlt", "Rückerstattet"); null otherwise. */
export function paymentLine(order: Pick<Order, 'paymentMethod' | 'isPaid' | 'isRefunded'>): string | null {
  if (!(ONLINE_PAYMENT_METHODS as readonly string[]).includes(order.paymentMethod)) return null;
  if (order.isRefunded) return t('payment.refunded');
  if (order.isPaid) return t('payment.paid');
  return t('payment.waiting');
}

/** One step of the status page timeline. */
export interface TimelineStep {
  /** Step id. */
  id: 'confirmation' | 'preparation' | 'ready' | 'completed';
  /** German label. */
  label: string;
  /** Reached. */
  isDone: boolean;
  /** The step the order is at now (the first not reached; none when finished or cancelled). */
  isCurrent: boolean;
}

/**
 * The four-step timeline: confirmation, preparation, ready or in delivery, completed. The current step is
 * what is happening now: a confirmed order is being prepared (preparation current), one in delivery or
 * ready for pickup is at the third step, a delivered one waits only for completion.
 */
export function timeline(order: OrderFlags): TimelineStep[] {
  const status = customerStatus(order);
  const reached = { waiting: 0, confirmed: 1, inDelivery: 2, delivered: 3, completed: 4, canceled: 0 }[
    status
  ];
  const steps: Omit<TimelineStep, 'isDone' | 'isCurrent'>[] = [
    { id: 'confirmation', label: t('timeline.confirmation') },
    { id: 'preparation', label: t('timeline.preparation') },
    { id: 'ready', label: order.isDelivery ? t('timeline.inDelivery') : t('timeline.readyForPickup') },
    { id: 'completed', label: t('timeline.completed') },
  ];
  return steps.map((step, index) => ({
    ...step,
    isDone: index < reached,
    isCurrent: status !== 'canceled' && index === reached,
  }));
}

/** Whether the status page keeps polling: until completed, rejected, canceled or failed (spec section 4). */
export function shouldPollOrder(order: Flags): boolean {
  return !isFinalOrder(order);
}

/** Status page polling interval in milliseconds (spec section 9). */
export const STATUS_POLL_INTERVAL_MS = 10_000;

/** Whether the customer can answer a counter-offer: unconfirmed, not final, with a counter appointment. */
export function canAnswerCounterOffer(order: Flags & Pick<Order, 'counterAppointment'>): boolean {
  return staffState(order) === 'unconfirmed' && !!order.counterAppointment;
}

/** Result of {@link answerCounterOffer}. */
export type CounterOfferResult =
  | { ok: true; flags: OrderFlags; appointmentDate: string | null; counterAppointment: string | null }
  | { ok: false; key: MessageKey; message: string };

/**
 * The customer's answer to a counter-offer: accepting confirms the order at the proposed time; rejecting
 * cancels the order (spec section 4).
 */
export function answerCounterOffer(
  order: OrderFlags & Pick<Order, 'counterAppointment' | 'appointmentDate'>,
  answer: 'confirm' | 'reject',
): CounterOfferResult {
  if (!canAnswerCounterOffer(order)) {
    return {
      ok: false,
      key: 'orderStatus.counterOfferUnavailable',
      message: t('orderStatus.counterOfferUnavailable'),
    };
  }
  const flags = pickFlags(order);
  if (answer === 'confirm') {
    return {
      ok: true,
      flags: { ...flags, isConfirmed: true },
      appointmentDate: order.counterAppointment ?? null,
      counterAppointment: null,
    };
  }
  return {
    ok: true,
    flags: { ...flags, isCanceled: true },
    appointmentDate: order.appointmentDate ?? null,
    counterAppointment: order.counterAppointment ?? null,
  };
}

/** Whether the questionnaire shows: completed, reviews enabled, not yet rated (spec section 4). */
export function showQuestionnaire(
  order: Pick<Order, 'isCompleted' | 'questionnaireRating'> & Flags,
  reviewsEnabled: boolean,
): boolean {
  return reviewsEnabled && staffState(order) === 'completed' && !order.questionnaireRating;
}

const RATING_FIELDS = ['rating', 'foodRating', 'serviceRating', 'processRating'] as const;

function isRating(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/** Whether the questionnaire can be sent: all four ratings set to 1-5 (spec section 5). */
export function canSendQuestionnaire(questionnaire: Partial<Questionnaire>): boolean {
  return RATING_FIELDS.every((field) => isRating(questionnaire[field]));
}

/** Whether the comment box shows: once all four ratings are set. */
export function showQuestionnaireComment(questionnaire: Partial<Questionnaire>): boolean {
  return canSendQuestionnaire(questionnaire);
}
