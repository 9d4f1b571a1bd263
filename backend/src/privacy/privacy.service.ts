import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { t } from '@ordering/common';
import type { Logger } from 'pino';
import { Brackets, In, type EntityManager } from 'typeorm';
import { ShopConfig } from '../config/shop-config.entity.js';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { STREAMED } from '../events/event-log.writer.js';
import { RequestContext } from '../core/request-context.js';
import { LOGGER } from '../core/tokens.js';
import { MAIL_JOB, SMS_JOB } from '../notifications/order-notifications.js';
import { TransactionalConnection } from '../core/transaction.js';
import { EventLog } from '../events/event-log.entity.js';
import { AuditLog } from '../logs/audit-log.entity.js';
import type { OrderEvent } from '../orders/order-events.js';
import { staffOrderJson } from '../orders/order-json.js';
import { Order } from '../orders/order.entity.js';

/** The order fields that are the customer's personal data (Art. 4 DSGVO); amounts, dates and items stay. */
export const PERSONAL_ORDER_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'company',
  'street',
  'city',
  'zipCode',
  'floor',
  'stairway',
  'door',
  'phone',
  'email',
  'comment',
] as const;

/** `last_error` of a mail or SMS job of an erased order that had not gone out yet. */
export const UNSENT_AFTER_ERASURE = 'Nicht gesendet: personenbezogene Daten gelöscht';
/** `last_error` of one that had an error message (an SMTP answer may quote the address). */
export const ERROR_ERASED = 'Fehlermeldung gelöscht (personenbezogene Daten)';

/** How often a running server applies the retention period. */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;

const isEmail = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.trim().length > 0 &&
  value.length <= 200 &&
  /^[^\s@]+@[^\s@]+$/.test(value.trim());

/**
 * Blanks an order's personal data in place: contact and address fields, the comment, texts typed into
 * product parts (and their receipt labels), the review's comment. What accounting needs stays: amounts,
 * taxes, dates, items with their options, payment method, ticket number, branch.
 */
export function anonymiseOrder(order: Order, now: Date): void {
  for (const field of PERSONAL_ORDER_FIELDS) order[field] = '';
  order.items = order.items.map((item) => {
    const texts = item.parts.filter(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    return {
      ...item,
      parts: item.parts.map((value) => (typeof value === 'string' ? '' : value)),
      partLabels: (item.partLabels ?? []).filter(
        (label) => !texts.some((text) => label.endsWith(`: ${text.trim()}`)),
      ),
    };
  });
  if (order.questionnaire) order.questionnaire = { ...order.questionnaire, comment: '' };
  order.anonymisedAt = now;
}

/**
 * "Auskunft und Löschung" (Art. 15 and 17 DSGVO) for a customer's e-mail address, and the retention period
 * of the shop configuration (`anonymiseOrdersAfterMonths`) applied hourly. Every use is in the audit log,
 * without the personal data itself.
 */
@Injectable()
export class PrivacyService implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => {
      this.running = this.applyRetention(RequestContext.system()).catch((error: unknown) =>
        this.logger.error({ err: error }, 'privacy retention failed'),
      );
    };
    run();
    this.timer = setInterval(run, RETENTION_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private checkedEmail(email: unknown): string {
    if (!isEmail(email)) throw new DomainError('validation', t('validation.email'), 'email');
    return email.trim().toLowerCase();
  }

  private ordersOf(em: EntityManager, email: string, lock = false) {
    const query = em
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('lower(o.email) = :email', { email })
      .orderBy('o.created_at', 'ASC');
    return (lock ? query.setLock('pessimistic_write') : query).getMany();
  }

  /** Art. 15: every order with this e-mail address and all it holds about the customer. */
  async export(ctx: RequestContext, email: unknown) {
    const address = this.checkedEmail(email);
    return this.connection.withTransaction(ctx, async (em) => {
      const orders = await this.ordersOf(em, address);
      await this.events.publish(ctx, 'entity.action', {
        entityType: 'orders',
        entityId: null,
        action: 'privacy-export',
        changes: { orders: orders.map((order) => order.id) },
        trackVersion: false,
      });
      return {
        email: address,
        exportedAt: this.clock.now().toISOString(),
        orders: orders.map((order) => {
          const { hash: _hash, allowedActions: _actions, ...json } = staffOrderJson(order);
          return json;
        }),
      };
    });
  }

  /** Art. 17: anonymises every order with this e-mail address. */
  async anonymise(ctx: RequestContext, email: unknown): Promise<{ orders: number }> {
    const address = this.checkedEmail(email);
    return this.connection.withTransaction(ctx, async (em) => {
      const orders = await this.ordersOf(em, address, true);
      await this.anonymiseOrders(ctx, em, orders, 'privacy-erasure');
      return { orders: orders.length };
    });
  }

  /**
   * Anonymises finished orders (completed, rejected, cancelled, failed) placed more than the configured
   * number of months ago (by the clock); nothing when the period is off.
   * @returns the anonymised order ids.
   */
  async applyRetention(ctx: RequestContext): Promise<number[]> {
    return this.connection.withTransaction(ctx, async (em) => {
      const config = await em.getRepository(ShopConfig).findOne({ where: { id: 1 } });
      const months = config?.anonymiseOrdersAfterMonths ?? null;
      if (!months) return [];
      const cutoff = this.clock.now();
      cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
      const orders = await em
        .getRepository(Order)
        .createQueryBuilder('o')
        .where('o.anonymised_at IS NULL AND o.created_at < :cutoff', { cutoff })
        .andWhere(
          new Brackets((q) =>
            q
              .where('o.is_completed')
              .orWhere('o.is_rejected')
              .orWhere('o.is_canceled')
              .orWhere('o.is_failed'),
          ),
        )
        .setLock('pessimistic_write')
        .getMany();
      await this.anonymiseOrders(ctx, em, orders, 'privacy-retention');
      if (orders.length > 0)
        this.logger.info({ orders: orders.length, months }, 'orders anonymised after retention');
      return orders.map((order) => order.id);
    });
  }

  private async anonymiseOrders(ctx: RequestContext, em: EntityManager, orders: Order[], action: string) {
    if (orders.length === 0) return;
    const now = this.clock.now();
    for (const order of orders) anonymiseOrder(order, now);
    await em.save(Order, orders);
    // Earlier audit entries of these orders held the same data: they keep who did what and when.
    await em
      .createQueryBuilder()
      .update(AuditLog)
      .set({
        changes: () =>
          `changes - ARRAY[${[...PERSONAL_ORDER_FIELDS, 'items', 'questionnaire'].map((f) => `'${f}'`).join(',')}]::text[]`,
      })
      .where({ entityType: 'orders', entityId: In(orders.map((order) => String(order.id))) })
      .execute();
    await this.eraseCopies(em, orders);
    for (const order of orders)
      await this.events.publish(ctx, 'entity.action', {
        entityType: 'orders',
        entityId: order.id,
        action,
        changes: { anonymised: [...PERSONAL_ORDER_FIELDS] },
        trackVersion: false,
      });
    // An erasure may hit open orders: every board and order screen replaces its copy at once, instead of
    // showing the name and phone until it reloads. (Orders of the retention run are months old and on no
    // board.) The customer's e-mail is gone, so no "changed" mail can follow.
    if (action === 'privacy-erasure')
      for (const order of orders)
        await this.events.publish(ctx, 'order.updated', {
          orderId: order.id,
          uid: order.uid,
          branchId: order.branchId ?? 0,
          order: staffOrderJson(order),
        } satisfies OrderEvent);
  }

  /**
   * The two other places that hold copies of these orders' personal data, in the erasure's transaction:
   *
   * - The live stream's log: the orders' earlier events carry the staff view (name, contact, address).
   *   They are deleted, not rewritten: the log only serves a client resuming by `Last-Event-ID`, and what
   *   such a client needs of an order is its latest state. After an erasure that is the `order.updated`
   *   published below (written after this delete); the boards reload on reconnect anyway, and the
   *   retention run's orders are months old. Print job rows (ticket number, no personal data) stay.
   * - The mail and SMS jobs: recipient, subject and text go, kind and order stay (what was sent when).
   *   One not yet sent (waiting, or in hand) fails instead, so nothing more goes out; the worker that
   *   holds one cannot mark it afterwards (its lease is cleared). An error message may quote the address.
   */
  private async eraseCopies(em: EntityManager, orders: Order[]): Promise<void> {
    await em
      .createQueryBuilder()
      .delete()
      .from(EventLog)
      .where({ orderUid: In(orders.map((order) => order.uid)), type: In([...STREAMED]) })
      .execute();
    await em.query(
      `UPDATE job SET payload = jsonb_build_object('kind', payload -> 'kind', 'orderId', payload -> 'orderId'),
              status = CASE WHEN status IN ('pending', 'running') THEN 'failed' ELSE status END,
              last_error = CASE WHEN status IN ('pending', 'running') THEN $3
                                WHEN last_error IS NULL THEN NULL ELSE $4 END,
              locked_by = NULL, locked_until = NULL
       WHERE type = ANY($1) AND payload ->> 'orderId' = ANY($2)`,
      [[MAIL_JOB, SMS_JOB], orders.map((order) => String(order.id)), UNSENT_AFTER_ERASURE, ERROR_ERASED],
    );
  }
}
