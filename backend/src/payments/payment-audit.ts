import { auditOrderJson } from '../orders/order-json.js';
import type { Order } from '../orders/order.entity.js';
import { diff } from '../core/diff.js';
import type { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';

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
