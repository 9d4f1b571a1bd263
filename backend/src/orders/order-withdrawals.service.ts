import { Injectable } from '@nestjs/common';
import { customerOrderNumber, type OrderWithdrawal, type WithdrawalReceipt } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../core/clock.js';
import { diff } from '../core/diff.js';
import { DomainError, reasonError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseInput } from '../core/validation.js';
import { secretsEqual } from '../auth/secrets.js';
import { loadByUidAndHash } from './order-actions.js';
import type { OrderEvent } from './order-events.js';
import { auditOrderJson, staffOrderJson } from './order-json.js';
import { Order } from './order.entity.js';
import { withdrawalSchema } from './order.schemas.js';

const TICKET = /^\d{1,6}$/;
const UID_PREFIX = /^[0-9a-f]{8}$/i;

/**
 * The withdrawal function (§356a BGB): a customer declares the withdrawal of an order that was not exempt
 * (at least one line without "vom Widerruf ausgenommen"). The declaration is stored on the order, in the
 * same transaction as its audit entry, the `order.updated` event (board, status page) and the confirmation
 * mail's job. It changes neither status nor payment: a refund is staff's business (docs/decisions/legal.md).
 */
@Injectable()
export class OrderWithdrawalsService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  /** `POST /api/withdrawals`: by `uid` + `hash` (status page) or `orderNumber` + `orderEmail` (footer). */
  async withdraw(ctx: RequestContext, body: unknown): Promise<WithdrawalReceipt> {
    const input = parseInput(withdrawalSchema, body);
    const byLink = !!(input.uid || input.hash);
    if (!byLink) {
      if (!input.orderNumber)
        throw new DomainError('validation', 'Bitte geben Sie Ihre Bestellnummer ein.', 'orderNumber');
      if (!input.orderEmail)
        throw new DomainError(
          'validation',
          'Bitte geben Sie die E-Mail-Adresse an, mit der Sie bestellt haben.',
          'orderEmail',
        );
    }
    return this.connection.withTransaction(ctx, async (em) => {
      const order = byLink
        ? await loadByUidAndHash(em, input.uid ?? '', input.hash ?? '', true)
        : await this.byNumberAndEmail(em, input.orderNumber, input.orderEmail);
      if (order.isWithdrawalExempt)
        throw new DomainError(
          'validation',
          'Diese Bestellung ist vom Widerruf ausgenommen: Lebensmittel und Getränke, die schnell verderben, können nicht widerrufen werden.',
          byLink ? 'order' : 'orderNumber',
          'withdrawal_exempt',
        );
      if (order.withdrawal)
        throw new DomainError(
          'conflict',
          `Diese Bestellung wurde bereits widerrufen.`,
          undefined,
          'already_withdrawn',
        );
      const before = auditOrderJson(order);
      const now = this.clock.now();
      const withdrawal: OrderWithdrawal = {
        withdrawnAt: now.toISOString(),
        name: input.name,
        email: input.email,
        note: input.note,
        channel: byLink ? 'status-page' : 'form',
      };
      order.withdrawal = withdrawal;
      order.updatedAt = now;
      await em.save(order);
      await this.events.publish(ctx, 'entity.action', {
        entityType: 'orders',
        entityId: order.id,
        changes: diff(before, auditOrderJson(order)),
        trackVersion: false,
        action: 'withdraw',
      });
      const event: OrderEvent = {
        orderId: order.id,
        uid: order.uid,
        branchId: order.branchId ?? 0,
        order: staffOrderJson(order),
        action: 'withdraw',
      };
      await this.events.publish(ctx, 'order.updated', event);
      return { withdrawal, orderNumber: customerOrderNumber(order) };
    });
  }

  /**
   * The order of a number and the e-mail it was placed with: the status page's "Bestellnummer" (the uid's
   * first eight characters) or a ticket number (then the newest order with it). Whatever does not match is
   * the same 400, with the e-mail compared in constant time.
   */
  private async byNumberAndEmail(em: EntityManager, number: string, email: string): Promise<Order> {
    const code = number.replace(/^#|\s+/g, '');
    const query = em
      .getRepository(Order)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('lower(o.email) = lower(:email)', { email });
    let order: Order | null = null;
    if (UID_PREFIX.test(code) && !TICKET.test(code))
      order = await query.andWhere('o.uid::text LIKE :prefix', { prefix: `${code.toLowerCase()}%` }).getOne();
    else if (TICKET.test(code))
      order = await query
        .andWhere('o.ticketNumber = :ticket', { ticket: Number(code) })
        .orderBy('o.createdAt', 'DESC')
        .addOrderBy('o.id', 'DESC')
        .limit(1)
        .getOne();
    // The e-mail again in constant time (the query compared it already; this keeps timings alike).
    const ok = secretsEqual(email.toLowerCase(), (order?.email ?? '\u0000').toLowerCase());
    // One message for every order number and e-mail that do not go together: no hint which one is wrong.
    if (!order || !ok) throw reasonError('validation', 'withdrawal_order_unknown', 'orderNumber');
    return order;
  }
}
