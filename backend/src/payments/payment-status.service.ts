import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { staffState, toCents } from '@ordering/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { Clock } from '../core/clock.js';
import { EventBus } from '../core/events.js';
import { RequestContext } from '../core/request-context.js';
import { LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { JobHandlers } from '../jobs/job-worker.service.js';
import { auditOrderJson, orderEvent } from '../orders/order-json.js';
import { isOnlinePayment, isPendingPayment } from '../orders/order-payment.js';
import { Order } from '../orders/order.entity.js';
import { auditPayment } from './payment-audit.js';
import { OrderPayment, type PaymentState } from './payment.entity.js';
import {
  ProviderRefused,
  ProviderUnavailable,
  type PaymentProvider,
  type ProviderPayment,
} from './payment-provider.js';
import { PaymentProviders, type OnlineMethod } from './payment-providers.js';
import { loadPaymentSettings } from './payment-settings.js';

/** Job types of this module. */
export const PAYMENT_CHECK_JOB = 'payment-check';
/** The one read a payment's webhooks get once their budget of the minute is spent (see payments.service). */
export const PAYMENT_WEBHOOK_CHECK_JOB = 'payment-webhook-check';
export const PAYMENT_REFUND_JOB = 'payment-refund';

/** An online order unpaid this long expires (its slot is free again). */
export const PAYMENT_EXPIRY_MS = 15 * 60_000;
/** The poll job first asks the provider this long after the order (webhooks normally come first)… */
export const FIRST_CHECK_AFTER_MS = 3 * 60_000;
/** …and then every this often until the payment is final or the order expires. */
export const CHECK_INTERVAL_MS = 2 * 60_000;

/** Where a status check came from (for the log and the audit entry). */
export type CheckSource = 'webhook' | 'poll' | 'staff' | 'expiry' | 'kiosk';

/**
 * What the providers say about payments, applied to orders: read the status (webhook, poll job, staff
 * re-check), settle or cancel authorisations, release a paid order to staff with `order.created`, fail
 * or expire an unpaid one, refund a paid one that was cancelled or rejected. Only the provider's answer
 * marks an order paid.
 */
@Injectable()
export class PaymentStatusService implements OnModuleInit {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly handlers: JobHandlers,
    private readonly providers: PaymentProviders,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.handlers.register(PAYMENT_CHECK_JOB, (job) => this.runCheck(Number(job.payload.orderId)));
    this.handlers.register(PAYMENT_REFUND_JOB, (job) => this.runRefund(Number(job.payload.orderId)));
    // Failures are retried by the queue: the provider's own retries of this webhook were answered 200.
    this.handlers.register(PAYMENT_WEBHOOK_CHECK_JOB, (job) =>
      this.sync(Number(job.payload.orderId), 'webhook'),
    );
    // Cancelling or rejecting a paid online order refunds it (a job: the provider is called outside the
    // transaction, retried with backoff, and idempotent at the provider).
    this.events.inTransaction(['order.status'], async (event, ctx) => {
      const { action, order } = event.payload;
      if (action !== 'cancel' && action !== 'reject') return;
      // A card paid at a kiosk's Mollie terminal too (`atm-card`): the refund job finds its payment record.
      const method = String(order.paymentMethod);
      if (order.isPaid && !order.isRefunded && (isOnlinePayment(method) || method === 'atm-card'))
        await this.enqueueRefund(ctx, event.payload.orderId);
    });
  }

  /** Writes the first poll job of a new pending order (in the order's transaction). */
  async schedule(ctx: RequestContext, orderId: number): Promise<void> {
    await this.jobs.enqueue(
      ctx,
      PAYMENT_CHECK_JOB,
      { orderId },
      {
        runAt: new Date(this.clock.now().getTime() + FIRST_CHECK_AFTER_MS),
        dedupeKey: `payment-check:order:${orderId}:0`,
      },
    );
  }

  /**
   * One later read of the order's payment at `runAt`, however many webhooks ask for it: one job per
   * payment and budget window (its dedupe key).
   */
  async scheduleWebhookCheck(orderId: number, paymentId: number, runAt: Date): Promise<void> {
    await this.jobs.enqueue(
      RequestContext.system(),
      PAYMENT_WEBHOOK_CHECK_JOB,
      { orderId },
      { runAt, dedupeKey: `payment-webhook-check:${paymentId}:${Math.ceil(runAt.getTime() / 1000)}` },
    );
  }

  private enqueueRefund(ctx: RequestContext, orderId: number) {
    return this.jobs.enqueue(
      ctx,
      PAYMENT_REFUND_JOB,
      { orderId },
      { dedupeKey: `payment-refund:order:${orderId}` },
    );
  }

  /** The order's latest online payment record. */
  async onlinePayment(em: EntityManager, orderId: number): Promise<OrderPayment | null> {
    return em.getRepository(OrderPayment).findOne({
      where: [
        { orderId, method: 'mollie' },
        { orderId, method: 'datatrans' },
      ],
      order: { id: 'DESC' },
    });
  }

  /**
   * Asks the provider for the order's payment and applies what it says. Only the provider's answer
   * counts: the payment must be ours (reference, order reference, amount and currency as we sent them).
   * @throws ProviderUnavailable when the provider cannot be asked (the caller retries).
   */
  async sync(orderId: number, source: CheckSource): Promise<void> {
    const ctx = RequestContext.system();
    const em = this.connection.manager(ctx);
    const payment = await this.onlinePayment(em, orderId);
    if (!payment?.reference) return;
    const method = payment.method as OnlineMethod;
    const provider = this.providers.of(method);
    const { secrets } = await loadPaymentSettings(em);
    const remote = await provider.fetch(secrets, payment.reference);
    const orderRef = this.providers.orderRefOf(payment);
    const mismatch =
      remote.reference !== payment.reference ||
      (remote.orderRef !== null && remote.orderRef !== orderRef) ||
      (remote.amountCents !== null && remote.amountCents !== toCents(payment.amount)) ||
      (remote.currency !== null && remote.currency !== payment.currency);
    if (mismatch) {
      this.logger.error(
        { orderId, method, reference: payment.reference, remote: { ...remote } },
        'payment does not match its order; ignored',
      );
      return;
    }
    let state = remote.state;
    if (state === 'authorized') state = await this.settleOrCancel(ctx, provider, payment, orderRef, remote);
    this.logger.info(
      { orderId, method, source, providerStatus: remote.providerStatus },
      'payment status read',
    );
    await this.apply(ctx, orderId, payment.id, state, remote.providerStatus, source);
  }

  /**
   * An authorised Datatrans transaction: settled when its order still waits (the money is taken only
   * for an order we accept), cancelled when the order has failed or expired meanwhile.
   */
  private async settleOrCancel(
    ctx: RequestContext,
    provider: PaymentProvider,
    payment: OrderPayment,
    orderRef: string,
    remote: ProviderPayment,
  ): Promise<ProviderPayment['state']> {
    const { secrets } = await loadPaymentSettings(this.connection.manager(ctx));
    const order = await this.connection
      .manager(ctx)
      .getRepository(Order)
      .findOneByOrFail({ id: payment.orderId });
    const args = {
      reference: payment.reference!,
      amountCents: toCents(payment.amount),
      currency: payment.currency,
      orderRef,
    };
    try {
      if (isPendingPayment(order) || order.isPaid) {
        await provider.capture(secrets, args);
        return 'paid';
      }
      await provider.cancel(secrets, args);
      return 'canceled';
    } catch (err) {
      if (!(err instanceof ProviderRefused)) throw err;
      // A concurrent check settled or cancelled it first: read what it is now.
      const again = await provider.fetch(secrets, remote.reference);
      if (again.state === 'authorized') throw new ProviderUnavailable(err.message);
      return again.state;
    }
  }

  /** Applies the provider's state to payment and order, on the locked order row (webhooks may race). */
  private async apply(
    ctx: RequestContext,
    orderId: number,
    paymentId: number,
    state: ProviderPayment['state'],
    providerStatus: string,
    source: CheckSource,
  ): Promise<void> {
    await this.connection.withTransaction(ctx, async (em) => {
      const order = await em
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      const payment = await em.getRepository(OrderPayment).findOneByOrFail({ id: paymentId });
      payment.providerStatus = providerStatus;
      payment.checkedAt = this.clock.now();
      if (state === 'paid' && payment.state !== 'paid' && payment.state !== 'refunded') {
        payment.state = 'paid';
        payment.paidAt = this.clock.now();
      } else if (state !== 'paid' && state !== 'authorized' && state !== 'open' && payment.state !== 'paid') {
        payment.state = state;
      }
      await em.save(payment);
      if (!order) return;
      if (state === 'paid') {
        if (isPendingPayment(order)) await this.release(ctx, em, order, source);
        // Paid after the order failed or expired, or after the guest at the kiosk switched to paying at
        // the counter: the customer must not pay for nothing.
        else if (
          (order.isFailed || (payment.terminalId && order.paymentMethod === 'cash')) &&
          !order.isRefunded
        ) {
          this.logger.warn({ orderId, source }, 'payment completed after the order failed; refunding');
          await this.enqueueRefund(ctx, orderId);
        }
        return;
      }
      // A card payment at a kiosk's terminal that fails leaves the order waiting: the guest still stands
      // there and may try again or pay at the counter (the expiry ends it otherwise).
      if (
        (state === 'failed' || state === 'canceled' || state === 'expired') &&
        isPendingPayment(order) &&
        !payment.terminalId
      )
        await this.failOrder(ctx, em, order, `payment-${state}`);
    });
  }

  /** Paid: the order reaches staff now, with the same event, mails and print job as any new order. */
  async release(ctx: RequestContext, em: EntityManager, order: Order, source: CheckSource) {
    const before = auditOrderJson(order);
    order.isPaid = true;
    order.status = staffState(order);
    order.updatedAt = this.clock.now();
    await em.save(order);
    await auditPayment(this.events, ctx, order, before, `payment-paid:${source}`);
    await this.events.publish(ctx, 'order.created', orderEvent(order));
  }

  private async failOrder(ctx: RequestContext, em: EntityManager, order: Order, action: string) {
    const before = auditOrderJson(order);
    order.isFailed = true;
    order.status = staffState(order);
    order.updatedAt = this.clock.now();
    await em.save(order);
    await auditPayment(this.events, ctx, order, before, action);
  }

  /** Marks a still pending order failed and its open payment record with `state`. */
  async finish(ctx: RequestContext, orderId: number, state: PaymentState, action: string) {
    await this.connection.withTransaction(ctx, async (em) => {
      const order = await em
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || !isPendingPayment(order)) return;
      await em
        .createQueryBuilder()
        .update(OrderPayment)
        .set({ state })
        .where('order_id = :orderId AND state IN (:...open)', { orderId, open: ['created', 'open'] })
        .execute();
      await this.failOrder(ctx, em, order, action);
    });
  }

  /**
   * The poll job of one pending order: asks the provider (a lost webhook never leaves an order unpaid),
   * then either schedules the next check or, once {@link PAYMENT_EXPIRY_MS} have passed, expires it.
   */
  async runCheck(orderId: number): Promise<void> {
    const ctx = RequestContext.system();
    try {
      await this.sync(orderId, 'poll');
    } catch (err) {
      this.logger.warn({ orderId, err: { message: (err as Error).message } }, 'payment poll failed');
    }
    const em = this.connection.manager(ctx);
    const order = await em.getRepository(Order).findOne({ where: { id: orderId } });
    if (!order || !isPendingPayment(order)) return;
    const age = this.clock.now().getTime() - order.createdAt.getTime();
    if (age >= PAYMENT_EXPIRY_MS) {
      await this.expire(ctx, order);
      return;
    }
    const runAt = new Date(
      Math.min(this.clock.now().getTime() + CHECK_INTERVAL_MS, order.createdAt.getTime() + PAYMENT_EXPIRY_MS),
    );
    await this.jobs.enqueue(
      ctx,
      PAYMENT_CHECK_JOB,
      { orderId },
      { runAt, dedupeKey: `payment-check:order:${orderId}:${runAt.getTime()}` },
    );
  }

  /** Unpaid after 15 minutes: the payment is cancelled at the provider (best effort) and the order fails. */
  private async expire(ctx: RequestContext, order: Order): Promise<void> {
    const em = this.connection.manager(ctx);
    const payment = await this.onlinePayment(em, order.id);
    if (payment?.reference && payment.state === 'open') {
      const method = payment.method as OnlineMethod;
      const { secrets } = await loadPaymentSettings(em);
      const orderRef = this.providers.orderRefOf(payment);
      await this.providers
        .of(method)
        .cancel(secrets, { reference: payment.reference, orderRef })
        .catch((err: Error) => {
          this.logger.info(
            { orderId: order.id, err: { message: err.message } },
            'payment not cancellable at expiry',
          );
        });
    }
    await this.finish(ctx, order.id, 'expired', 'payment-expired');
    this.logger.info({ orderId: order.id }, 'unpaid online order expired');
  }

  /** Refunds the order's paid online payment in full and marks the order refunded. */
  async runRefund(orderId: number): Promise<void> {
    const ctx = RequestContext.system();
    const em = this.connection.manager(ctx);
    const payment = await this.onlinePayment(em, orderId);
    if (!payment?.reference || payment.state !== 'paid') return;
    const method = payment.method as OnlineMethod;
    const { secrets } = await loadPaymentSettings(em);
    const orderRef = this.providers.orderRefOf(payment);
    const refundId = await this.providers.of(method).refund(
      secrets,
      {
        reference: payment.reference,
        amountCents: toCents(payment.amount),
        currency: payment.currency,
        orderRef,
      },
      `refund-${payment.id}`,
    );
    await this.connection.withTransaction(ctx, async (tx) => {
      const order = await tx
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      await tx
        .getRepository(OrderPayment)
        .update(
          { id: payment.id },
          { state: 'refunded', refundReference: refundId, refundedAt: this.clock.now() },
        );
      if (!order || order.isRefunded) return;
      // A kiosk guest who switched to paying at the counter owes the cash: the order itself is not refunded.
      if (payment.terminalId && order.paymentMethod === 'cash') return;
      const before = auditOrderJson(order);
      order.isRefunded = true;
      order.updatedAt = this.clock.now();
      await tx.save(order);
      await auditPayment(this.events, ctx, order, before, 'refund');
      if (!isPendingPayment(order) && !order.isFailed)
        await this.events.publish(ctx, 'order.updated', orderEvent(order));
    });
    this.logger.info({ orderId, method, refund: refundId }, 'payment refunded');
  }
}
