import { Injectable } from '@nestjs/common';
import {
  branchTimeZone,
  isFinalOrder,
  localDate,
  offerState,
  orderTypeOf,
  staffState,
  type OrderItem,
  type OrderOffer,
} from '@ordering/common';
import type { EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { Clock } from '../core/clock.js';
import { diff } from '../core/diff.js';
import { DomainError, reasonError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseInput } from '../core/validation.js';
import { loadByUidAndHash, loadForStaff } from './order-actions.js';
import { loadOrderConfig, nextTicketNumber } from './order-checkout.js';
import type { OrderEvent } from './order-events.js';
import { auditOrderJson, publicOrderJson, staffOrderJson } from './order-json.js';
import { totalsOfItems } from './order-pricing.js';
import type { Order } from './order.entity.js';
import { offerSchema } from './order.schemas.js';

/** The offer's lines as order items (no catalogue product behind a free line: id 0). */
function offerItems(offer: Pick<OrderOffer, 'lines'>): OrderItem[] {
  return offer.lines.map((line) => ({
    product: { id: 0, uid: '' },
    amount: line.amount,
    unit: line.unit,
    parts: [],
    name: line.name,
    unitPrice: line.unitPrice,
    price: Math.round(line.unitPrice * line.amount * 100) / 100,
    tax: line.tax,
    calculationModel: 'fixed',
    isPriceHidden: false,
    partLabels: [],
  }));
}

/**
 * Quotation requests answered with a priced offer: staff send lines, prices, a validity date and a
 * message; the customer accepts (the request becomes an order with a ticket number, on the board as a
 * new order) or declines (the request is closed) on the status page.
 */
@Injectable()
export class OrderOffersService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  private async today(em: EntityManager, order: Order): Promise<string> {
    const branch = await em.getRepository(Branch).findOne({ where: { id: order.branchId ?? 0 } });
    return localDate(this.clock.now(), branch ? branchTimeZone(branch) : undefined);
  }

  private async saved(
    ctx: RequestContext,
    em: EntityManager,
    order: Order,
    before: Record<string, unknown>,
    action: 'offer' | 'accept-offer' | 'decline-offer',
  ) {
    order.updatedAt = this.clock.now();
    await em.save(order);
    await this.events.publish(ctx, 'entity.action', {
      entityType: 'orders',
      entityId: order.id,
      changes: diff(before, auditOrderJson(order)),
      trackVersion: false,
      action,
    });
    const event: OrderEvent = {
      orderId: order.id,
      uid: order.uid,
      branchId: order.branchId ?? 0,
      order: staffOrderJson(order),
      action,
    };
    await this.events.publish(ctx, action === 'offer' ? 'order.updated' : 'order.status', event);
  }

  /** `POST /api/orders/{id}/offer`: a new offer replaces an open or expired one; 409 once answered. */
  async send(ctx: RequestContext, id: number, body: unknown) {
    const input = parseInput(offerSchema, body);
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadForStaff(em, ctx, id);
      if (!order.isQuotation || isFinalOrder(order)) throw reasonError('conflict', 'not_a_quotation');
      if (order.offer?.answer) throw reasonError('conflict', 'offer_answered');
      const today = await this.today(em, order);
      if (input.validUntil < today)
        throw new DomainError(
          'validation',
          'Das Angebot muss mindestens bis heute gültig sein.',
          'validUntil',
        );
      const before = auditOrderJson(order);
      const pricing = totalsOfItems(offerItems(input), orderTypeOf(order), order.deliveryArea);
      order.offer = {
        lines: input.lines,
        pricing,
        validUntil: input.validUntil,
        message: input.message,
        sentAt: this.clock.now().toISOString(),
        answer: null,
        answeredAt: null,
      };
      await this.saved(ctx, em, order, before, 'offer');
      return staffOrderJson(order);
    });
  }

  /**
   * The customer's answer on the status page. Accepted: the offer's lines and totals become the order's,
   * it gets the day's ticket number and waits on the board as a new order; declined: the request is closed
   * (cancelled). 409 when there is no open offer (none, answered, or past its validity).
   */
  async answer(ctx: RequestContext, uid: string, hash: string, answer: 'accepted' | 'declined') {
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadByUidAndHash(em, uid, hash, true);
      const today = await this.today(em, order);
      const state = order.offer && !isFinalOrder(order) ? offerState(order.offer, today) : null;
      if (state !== 'open')
        throw new DomainError(
          'conflict',
          state === 'expired'
            ? 'Dieses Angebot ist abgelaufen. Bitte fragen Sie ein neues an.'
            : 'Zu dieser Anfrage gibt es kein offenes Angebot.',
          undefined,
          state === 'expired' ? 'offer_expired' : 'offer_unavailable',
        );
      const offer = order.offer!;
      const before = auditOrderJson(order);
      order.offer = { ...offer, answer, answeredAt: this.clock.now().toISOString() };
      if (answer === 'accepted') {
        order.items = offerItems(offer);
        order.pricing = offer.pricing;
        order.totalGross = offer.pricing.totalGross;
        order.isQuotation = false;
        order.businessDate = today;
        const config = await loadOrderConfig(em);
        order.ticketNumber =
          config.disableTickets || order.branchId === null
            ? null
            : await nextTicketNumber(em, order.branchId, today);
      } else {
        order.isCanceled = true;
        order.status = staffState(order);
      }
      await this.saved(ctx, em, order, before, answer === 'accepted' ? 'accept-offer' : 'decline-offer');
      return publicOrderJson(order);
    });
  }
}
