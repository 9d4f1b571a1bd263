import { applyStatusAction, pickFlags, type OrderStatusAction } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import { secretsEqual } from '../auth/secrets.js';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { Order } from './order.entity.js';

export const ORDER_NOT_FOUND = 'Bestellung wurde nicht gefunden.';

/** Input of a staff status action (from the body of `POST /api/orders/{id}/status/{action}`). */
export interface StatusActionInput {
  /** Confirm: the appointment staff confirm (default: the requested one). */
  appointment: Date | null;
  /** Confirm: instead of confirming, offer the customer this time (the order stays unconfirmed). */
  counterAppointment: Date | null;
  /** Reject: the reason shown to the customer. */
  rejectionMessage: string;
}

/**
 * Applies a staff action to the order through common's transition table. `confirm` with a
 * `counterAppointment` is the counter-offer: the order stays unconfirmed until the customer answers.
 * @throws DomainError('conflict', code illegal_transition) when the table does not allow the action.
 */
export function applyAction(order: Order, action: OrderStatusAction, input: StatusActionInput): void {
  const result = applyStatusAction(pickFlags(order), action);
  if (!result.ok) throw new DomainError('conflict', result.error.message, undefined, 'illegal_transition');
  if (action === 'confirm' && input.counterAppointment) {
    order.counterAppointment = input.counterAppointment;
    return;
  }
  Object.assign(order, result.flags);
  order.status = result.state;
  if (action === 'confirm') {
    order.appointment = input.appointment ?? order.appointmentDate ?? null;
    order.counterAppointment = null;
  }
  if (action === 'reject') order.rejectionMessage = input.rejectionMessage || null;
}

/**
 * An order for a staff write, locked (`SELECT … FOR UPDATE`) until the transaction ends, so that two
 * clicks at once are applied one after the other and the second sees the first's result.
 * @throws DomainError not_found (unknown id) or forbidden (another branch's order for an employee).
 */
export async function loadForStaff(
  em: EntityManager,
  ctx: RequestContext,
  id: number,
  lock = true,
): Promise<Order> {
  const order = await em
    .getRepository(Order)
    .findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  assertBranchScope(ctx, order);
  return order;
}

/** Employees reach only their branches' orders. */
export function assertBranchScope(ctx: RequestContext, order: Order): void {
  if (ctx.user && !ctx.mayAccessBranch(order.branchId))
    throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The order of a status page link. An unknown uid and a wrong hash give the same 404, and the hash is
 * compared in constant time.
 */
export async function loadByUidAndHash(
  em: EntityManager,
  uid: string,
  hash: string,
  lock = false,
): Promise<Order> {
  const order = UUID.test(uid)
    ? await em.getRepository(Order).findOne({
        where: { uid: uid.toLowerCase() },
        ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
      })
    : null;
  // Compare even when the uid is unknown, so the answer takes the same time.
  const ok = secretsEqual(hash, order?.hash ?? 'x'.repeat(32));
  if (!order || !ok) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return order;
}
