import { staffOrderJson, auditOrderJson } from '../orders/order-json.js';
import type { OrderEvent } from '../orders/order-events.js';
import type { Order } from '../orders/order.entity.js';
import { diff } from '../core/diff.js';
import type { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';

/** The order event of a payment change, with the staff view (as the orders module publishes it). */
export function orderEvent(order: Order, action?: OrderEvent['action']): OrderEvent {
  return {
    orderId: order.id,
    uid: order.uid,
    branchId: order.branchId ?? 0,
    order: staffOrderJson(order),
    ...(action ? { action } : {}),
  };
}

/** The audit entry of a payment action on an order (who and when come from the context). */
export async function auditPayment(
  events: EventBus,
  ctx: RequestContext,
  order: Order,
  before: Record<string, unknown>,
  action: string,
): Promise<void> {
  await events.publish(ctx, 'entity.action', {
    entityType: 'orders',
    entityId: order.id,
    changes: diff(before, auditOrderJson(order)),
    trackVersion: false,
    action,
  });
}
