import type { OrderEvent } from './order-events.js';
import {
  allowedActions,
  customerStatus,
  customerStatusText,
  pickFlags,
  type PublicOrder,
  type StaffOrder,
} from '@ordering/common';
import { isPendingPayment, paymentLineOf } from './order-payment.js';
import type { Order } from './order.entity.js';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * The staff view of an order (`GET /api/orders/{id}`, the lists, and the `order` of every order event):
 * everything, including the customer's contact data and the status page secret, plus the state and the
 * actions the transition table allows now.
 */
export function staffOrderJson(order: Order): StaffOrder {
  return {
    id: order.id,
    uid: order.uid,
    hash: order.hash,
    status: order.status,
    // An order waiting for its online payment takes no staff action until it is paid (or expires).
    allowedActions: isPendingPayment(order) ? [] : [...allowedActions(order)],
    payment: paymentLineOf(order),
    customerStatus: customerStatus(order),
    ticketNumber: order.ticketNumber,
    businessDate: order.businessDate,
    isQuotation: order.isQuotation,
    branch: order.branchId === null ? { id: 0 } : { id: order.branchId },
    branchName: order.branchName,
    ...pickFlags(order),
    tableIdentifier: order.tableIdentifier,
    deliveryArea: order.deliveryArea?.area ?? null,
    deliveryAreaId: order.deliveryArea?.id ?? null,
    appointmentDate: iso(order.appointmentDate),
    appointment: iso(order.appointment),
    counterAppointment: iso(order.counterAppointment),
    rejectionMessage: order.rejectionMessage,
    comment: order.comment,
    name: order.name,
    firstName: order.firstName,
    lastName: order.lastName,
    company: order.company,
    street: order.street,
    city: order.city,
    zipCode: order.zipCode,
    floor: order.floor,
    stairway: order.stairway,
    door: order.door,
    phone: order.phone,
    email: order.email,
    paymentMethod: order.paymentMethod,
    donatee: order.donatee,
    items: order.items,
    pricing: order.pricing,
    questionnaire: order.questionnaire,
    questionnaireRating: order.questionnaireRating,
    offer: order.offer,
    isWithdrawalExempt: order.isWithdrawalExempt,
    withdrawal: order.withdrawal,
    createdAt: iso(order.createdAt) ?? undefined,
    updatedAt: iso(order.updatedAt) ?? undefined,
    // When the customer's personal data was erased (DSGVO), so staff see why the order has no name.
    anonymisedAt: iso(order.anonymisedAt),
  } satisfies StaffOrder;
}

/**
 * The status page's view (`GET /api/orders/public/{uid}/{hash}`, the answer of `POST /api/orders`): the
 * progress, items and totals of the order, but no contact or address data and nothing internal.
 */
export function publicOrderJson(order: Order): PublicOrder {
  const payment = paymentLineOf(order);
  return {
    uid: order.uid,
    hash: order.hash,
    ticketNumber: order.ticketNumber,
    isQuotation: order.isQuotation,
    branch: { id: order.branchId ?? 0 },
    ...pickFlags(order),
    statusText: payment.state === 'pending' ? payment.text : customerStatusText(order),
    payment,
    tableIdentifier: order.tableIdentifier,
    deliveryArea: order.deliveryArea?.area ?? null,
    appointmentDate: iso(order.appointmentDate),
    appointment: iso(order.appointment),
    counterAppointment: iso(order.counterAppointment),
    rejectionMessage: order.rejectionMessage,
    paymentMethod: order.paymentMethod,
    questionnaireRating: order.questionnaireRating,
    items: order.items,
    pricing: order.pricing,
    offer: order.offer,
    isWithdrawalExempt: order.isWithdrawalExempt,
    withdrawnAt: order.withdrawal?.withdrawnAt ?? null,
    createdAt: iso(order.createdAt) ?? undefined,
  } satisfies PublicOrder;
}

/** The JSON of an order's audit entry: the staff view without the status page secret. */
export function auditOrderJson(order: Order): Record<string, unknown> {
  const { hash: _hash, allowedActions: _actions, ...rest } = staffOrderJson(order);
  return rest;
}

/** What an order event carries: the order's ids and its staff view (subscribers need no second read). */
export function orderEvent(order: Order, action?: OrderEvent['action']): OrderEvent {
  return {
    orderId: order.id,
    uid: order.uid,
    branchId: order.branchId ?? 0,
    order: staffOrderJson(order),
    ...(action ? { action } : {}),
  };
}
