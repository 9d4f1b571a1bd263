import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { staffState, t, toCents } from '@ordering/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import type { AppConfig } from '../config/config.js';
import { Clock } from '../core/clock.js';
import { diff } from '../core/diff.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { RequestContext } from '../core/request-context.js';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { JobHandlers } from '../jobs/job-worker.service.js';
import { loadForStaff } from '../orders/order-actions.js';
import type { OrderEvent } from '../orders/order-events.js';
import { auditOrderJson, staffOrderJson } from '../orders/order-json.js';
import { isOnlinePayment, isPendingPayment, PENDING_PAYMENT } from '../orders/order-payment.js';
import { Order } from '../orders/order.entity.js';
import { DatatransProvider, refnoOf, verifyDatatransSignature } from './datatrans.provider.js';
import { MollieProvider } from './mollie.provider.js';
import { OrderPayment, type PaymentState } from './payment.entity.js';
import {
  ProviderRefused,
  ProviderUnavailable,
  type PaymentProvider,
  type ProviderPayment,
} from './payment-provider.js';
import { loadPaymentSettings } from './payment-settings.js';
import { VoucherChecker, type VoucherCheck } from './voucher.checker.js';

/** Job types of this module. */
export const PAYMENT_CHECK_JOB = 'payment-check';
export const PAYMENT_REFUND_JOB = 'payment-refund';

/** An online order unpaid this long expires (its slot is free again). */
export const PAYMENT_EXPIRY_MS = 15 * 60_000;
/** The poll job first asks the provider this long after the order (webhooks normally come first)… */
export const FIRST_CHECK_AFTER_MS = 3 * 60_000;
/** …and then every this often until the payment is final or the order expires. */
export const CHECK_INTERVAL_MS = 2 * 60_000;

const UNAVAILABLE =
  'Die Online-Zahlung ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut oder wählen Sie eine andere Zahlungsart.';
const REFUSED =
  'Der Zahlungsanbieter hat die Zahlung abgelehnt. Bitte versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.';

type OnlineMethod = 'mollie' | 'datatrans';

/** Whether the providers can call PUBLIC_URL (not localhost, a loopback or a `.localhost` name). */
export function reachable(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1');
}

/** Where a status check came from (for the log and the audit entry). */
export type CheckSource = 'webhook' | 'poll' | 'staff' | 'expiry';

/**
 * Payments of orders: offline methods marked paid by staff, vouchers checked with their issuer, and the
 * online providers (Mollie, Datatrans) behind {@link PaymentProvider}. An online order is written as
 * `pendingPayment`, the provider payment is created after the commit, and only the status read back
 * from the provider (webhook, poll job or staff re-check) marks it paid and releases it to staff with
 * `order.created` — or fails it. Refunds follow cancelling or rejecting a paid order, as jobs.
 */
@Injectable()
export class PaymentsService implements OnModuleInit {
  private readonly providers: Record<OnlineMethod, PaymentProvider>;
  private readonly vouchers: VoucherChecker;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const p = config.payments;
    this.providers = {
      mollie: new MollieProvider(p.mollieApiUrl),
      datatrans: new DatatransProvider(p.datatransApiUrl, p.datatransPayUrl),
    };
    this.vouchers = new VoucherChecker(p);
  }

  onModuleInit(): void {
    this.handlers.register(PAYMENT_CHECK_JOB, (job) => this.runCheck(Number(job.payload.orderId)));
    this.handlers.register(PAYMENT_REFUND_JOB, (job) => this.runRefund(Number(job.payload.orderId)));
    // Cancelling or rejecting a paid online order refunds it (a job: the provider is called outside the
    // transaction, retried with backoff, and idempotent at the provider).
    this.events.inTransaction(['order.status'], async (event, ctx) => {
      const { action, order } = event.payload;
      if (action !== 'cancel' && action !== 'reject') return;
      if (order.isPaid && !order.isRefunded && isOnlinePayment(String(order.paymentMethod)))
        await this.enqueueRefund(ctx, event.payload.orderId);
    });
  }

  private enqueueRefund(ctx: RequestContext, orderId: number) {
    return this.jobs.enqueue(
      ctx,
      PAYMENT_REFUND_JOB,
      { orderId },
      { dedupeKey: `payment-refund:order:${orderId}` },
    );
  }

  private event(order: Order, action?: OrderEvent['action']): OrderEvent {
    return {
      orderId: order.id,
      uid: order.uid,
      branchId: order.branchId ?? 0,
      order: staffOrderJson(order),
      ...(action ? { action } : {}),
    };
  }

  private async audit(ctx: RequestContext, order: Order, before: Record<string, unknown>, action: string) {
    await this.events.publish(ctx, 'entity.action', {
      entityType: 'orders',
      entityId: order.id,
      changes: diff(before, auditOrderJson(order)),
      trackVersion: false,
      action,
    });
  }

  // --- checkout -------------------------------------------------------------------------------------

  /** Before the order's transaction (no database held): the voucher check with its issuer. */
  async beforeOrder(ctx: RequestContext, body: unknown): Promise<VoucherCheck | null> {
    const { currency } = await loadPaymentSettings(this.connection.manager(ctx));
    return this.vouchers.check(body, currency);
  }

  /**
   * In the order's transaction, right after the order was written. An online order becomes
   * `pendingPayment` with a payment record and its poll job; a voucher is recorded (and must cover the
   * total when the issuer told its balance).
   * @returns true when the order waits for an online payment (no `order.created` yet).
   */
  async onOrderPlaced(ctx: RequestContext, em: EntityManager, order: Order, voucher: VoucherCheck | null) {
    const { currency } = await loadPaymentSettings(em);
    if (voucher) {
      if (voucher.balance !== null && toCents(voucher.balance) < toCents(order.totalGross))
        throw new DomainError(
          'validation',
          'Das Guthaben des Gutscheins reicht für diese Bestellung nicht aus.',
          'voucherCode',
          'voucher_insufficient',
        );
      await em.getRepository(OrderPayment).insert({
        orderId: order.id,
        orderUid: order.uid,
        method: 'hydro-ag-voucher',
        reference: voucher.code,
        state: 'open',
        providerStatus: voucher.checked ? 'checked' : 'unchecked',
        amount: order.totalGross,
        currency,
      });
      return false;
    }
    if (!isOnlinePayment(order.paymentMethod)) return false;
    order.status = PENDING_PAYMENT;
    await em.update(Order, { id: order.id }, { status: PENDING_PAYMENT });
    await em.getRepository(OrderPayment).insert({
      orderId: order.id,
      orderUid: order.uid,
      method: order.paymentMethod as OnlineMethod,
      state: 'created',
      amount: order.totalGross,
      currency,
    });
    await this.jobs.enqueue(
      ctx,
      PAYMENT_CHECK_JOB,
      { orderId: order.id },
      {
        runAt: new Date(this.clock.now().getTime() + FIRST_CHECK_AFTER_MS),
        dedupeKey: `payment-check:order:${order.id}:0`,
      },
    );
    return true;
  }

  /**
   * After the order committed: creates the payment at the provider (amount from the server's pricing,
   * idempotent per order) and answers where the browser goes. A refusal or an unreachable provider marks
   * the order failed and answers 400 `payment_refused` / 503 `payment_provider_unavailable`.
   */
  async startOnline(ctx: RequestContext, order: Order): Promise<string> {
    const method = order.paymentMethod as OnlineMethod;
    const em = this.connection.manager(ctx);
    const settings = await loadPaymentSettings(em);
    const branch = order.branchId
      ? await em.getRepository(Branch).findOne({ where: { id: order.branchId } })
      : null;
    const statusUrl = `${this.config.publicUrl}/status/${order.uid}/${order.hash}`;
    const number = order.ticketNumber ? `Bestellung Nr. ${order.ticketNumber}` : `Bestellung ${order.id}`;
    try {
      const started = await this.providers[method].start(settings.secrets, {
        orderId: order.id,
        orderUid: order.uid,
        amountCents: toCents(order.totalGross),
        currency: settings.currency,
        description: `${number} – ${order.branchName}`.slice(0, 255),
        returnUrl: statusUrl,
        errorUrl: `${this.config.publicUrl}/store/${encodeURIComponent(branch?.identifier ?? '')}/checkout/error`,
        // A provider cannot reach localhost (Mollie refuses such a webhookUrl): then the poll job and the
        // staff re-check are what notice the payment.
        webhookUrl: reachable(this.config.publicUrl)
          ? `${this.config.publicUrl}/api/payments/${method}/webhook`
          : null,
        idempotencyKey: `order-${order.uid}`,
      });
      await this.connection.withTransaction(ctx, (tx) =>
        tx.getRepository(OrderPayment).update(
          { orderId: order.id, method, state: 'created' },
          {
            reference: started.reference,
            checkoutUrl: started.checkoutUrl,
            mode: started.mode,
            providerStatus: started.providerStatus,
            state: 'open',
          },
        ),
      );
      this.logger.info({ orderId: order.id, method, reference: started.reference }, 'payment started');
      return started.checkoutUrl;
    } catch (err) {
      this.logger.warn(
        { orderId: order.id, method, err: { message: (err as Error).message } },
        'payment start failed',
      );
      await this.finish(ctx, order.id, 'failed', 'payment-start-failed');
      if (err instanceof ProviderRefused)
        throw new DomainError('validation', REFUSED, 'paymentMethod', 'payment_refused');
      throw new DomainError('unavailable', UNAVAILABLE, undefined, 'payment_provider_unavailable');
    }
  }

  // --- status -----------------------------------------------------------------------------------------

  private async onlinePayment(em: EntityManager, orderId: number): Promise<OrderPayment | null> {
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
    const provider = this.providers[method];
    const { secrets } = await loadPaymentSettings(em);
    const remote = await provider.fetch(secrets, payment.reference);
    const orderRef = method === 'mollie' ? payment.orderUid : refnoOf(orderId);
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
        // Paid after the order failed or expired: the customer must not pay for nothing.
        else if (order.isFailed && !order.isRefunded) {
          this.logger.warn({ orderId, source }, 'payment completed after the order failed; refunding');
          await this.enqueueRefund(ctx, orderId);
        }
        return;
      }
      if ((state === 'failed' || state === 'canceled' || state === 'expired') && isPendingPayment(order))
        await this.failOrder(ctx, em, order, `payment-${state}`);
    });
  }

  /** Paid: the order reaches staff now, with the same event, mails and print job as any new order. */
  private async release(ctx: RequestContext, em: EntityManager, order: Order, source: CheckSource) {
    const before = auditOrderJson(order);
    order.isPaid = true;
    order.status = staffState(order);
    order.updatedAt = this.clock.now();
    await em.save(order);
    await this.audit(ctx, order, before, `payment-paid:${source}`);
    await this.events.publish(ctx, 'order.created', this.event(order));
  }

  private async failOrder(ctx: RequestContext, em: EntityManager, order: Order, action: string) {
    const before = auditOrderJson(order);
    order.isFailed = true;
    order.status = staffState(order);
    order.updatedAt = this.clock.now();
    await em.save(order);
    await this.audit(ctx, order, before, action);
  }

  /** Marks a still pending order failed and its open payment record with `state`. */
  private async finish(ctx: RequestContext, orderId: number, state: PaymentState, action: string) {
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

  // --- jobs ---------------------------------------------------------------------------------------------

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
      const orderRef = method === 'mollie' ? payment.orderUid : refnoOf(order.id);
      await this.providers[method]
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
    const orderRef = method === 'mollie' ? payment.orderUid : refnoOf(orderId);
    const refundId = await this.providers[method].refund(
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
      const before = auditOrderJson(order);
      order.isRefunded = true;
      order.updatedAt = this.clock.now();
      await tx.save(order);
      await this.audit(ctx, order, before, 'refund');
      if (!isPendingPayment(order) && !order.isFailed)
        await this.events.publish(ctx, 'order.updated', this.event(order));
    });
    this.logger.info({ orderId, method, refund: refundId }, 'payment refunded');
  }

  // --- webhooks -----------------------------------------------------------------------------------------

  /**
   * Mollie posts only `id=tr_…`: we look the payment up and read its status from Mollie. An unknown id
   * is logged and answered like a known one (nothing to learn for a prober).
   */
  async mollieWebhook(id: unknown): Promise<void> {
    if (typeof id !== 'string' || !/^tr_\w{1,60}$/.test(id)) {
      this.logger.warn({ provider: 'mollie' }, 'webhook without a payment id refused');
      throw new DomainError('validation', 'Unbekannte Zahlung.', 'id');
    }
    await this.webhookFor('mollie', id);
  }

  /**
   * Datatrans: accepted only with a valid `Datatrans-Signature` over the raw body (HMAC-SHA256, sign key
   * from the configuration, at most 5 minutes old); then the status is read from Datatrans.
   */
  async datatransWebhook(raw: Buffer, signature: string | undefined): Promise<void> {
    const { secrets } = await loadPaymentSettings(this.connection.manager(RequestContext.system()));
    const check = verifyDatatransSignature(signature, raw, secrets.datatransSign, this.clock.now());
    if (!check.ok) {
      this.logger.warn({ provider: 'datatrans', reason: check.reason }, 'webhook signature refused');
      throw new DomainError('unauthorized', 'Ungültige Signatur.', undefined, 'signature_invalid');
    }
    let transactionId: unknown;
    try {
      transactionId = (JSON.parse(raw.toString('utf8')) as { transactionId?: unknown }).transactionId;
    } catch {
      transactionId = undefined;
    }
    if (typeof transactionId !== 'string' || !/^\w{1,64}$/.test(transactionId)) {
      this.logger.warn({ provider: 'datatrans' }, 'signed webhook without a transaction id');
      throw new DomainError('validation', 'Unbekannte Zahlung.', 'transactionId');
    }
    await this.webhookFor('datatrans', transactionId);
  }

  private async webhookFor(method: OnlineMethod, reference: string): Promise<void> {
    const em = this.connection.manager(RequestContext.system());
    const payment = await em.getRepository(OrderPayment).findOne({ where: { method, reference } });
    if (!payment) {
      this.logger.warn({ provider: method, reference }, 'webhook for an unknown payment ignored');
      return;
    }
    try {
      await this.sync(payment.orderId, 'webhook');
    } catch (err) {
      this.logger.warn(
        { provider: method, err: { message: (err as Error).message } },
        'webhook check failed',
      );
      // The provider retries its webhook; the poll job catches up otherwise.
      throw new DomainError(
        'unavailable',
        'Zahlungsstatus konnte nicht überprüft werden.',
        undefined,
        'payment_provider_unavailable',
      );
    }
  }

  // --- staff --------------------------------------------------------------------------------------------

  /** `POST /api/orders/{id}/mark-paid`: staff took cash, card or voucher at the counter (audited). */
  async markPaid(ctx: RequestContext, id: number) {
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadForStaff(em, ctx, id);
      if (isOnlinePayment(order.paymentMethod))
        throw new DomainError(
          'conflict',
          'Online-Zahlungen werden vom Zahlungsanbieter bestätigt, nicht an der Kassa.',
          undefined,
          'payment_online',
        );
      if (order.isPaid)
        throw new DomainError('conflict', 'Diese Bestellung ist bereits bezahlt.', undefined, 'already_paid');
      if (order.isCanceled || order.isRejected || order.isFailed)
        throw new DomainError('conflict', t('orderStatus.final'), undefined, 'order_final');
      const before = auditOrderJson(order);
      order.isPaid = true;
      order.updatedAt = this.clock.now();
      await em.save(order);
      await em
        .getRepository(OrderPayment)
        .update(
          { orderId: order.id, method: 'hydro-ag-voucher', state: 'open' },
          { state: 'paid', paidAt: this.clock.now() },
        );
      await this.audit(ctx, order, before, 'mark-paid');
      await this.events.publish(ctx, 'order.updated', this.event(order));
      return staffOrderJson(order);
    });
  }

  /** `POST /api/orders/{id}/update-payment-status`: asks the provider again (a lost webhook). */
  async recheck(ctx: RequestContext, id: number) {
    const order = await loadForStaff(this.connection.manager(ctx), ctx, id, false);
    if (isOnlinePayment(order.paymentMethod)) {
      try {
        await this.sync(order.id, 'staff');
      } catch (err) {
        this.logger.warn(
          { orderId: id, err: { message: (err as Error).message } },
          'payment re-check failed',
        );
        throw new DomainError(
          'unavailable',
          t('backoffice.paymentCheckFailed'),
          undefined,
          'payment_check_failed',
        );
      }
    }
    return staffOrderJson(await loadForStaff(this.connection.manager(ctx), ctx, id, false));
  }

  /** `GET /api/orders/{id}/payments`: the order's payment records (no secrets; voucher codes for staff). */
  async list(ctx: RequestContext, id: number) {
    const em = this.connection.manager(ctx);
    await loadForStaff(em, ctx, id, false);
    const rows = await em.getRepository(OrderPayment).find({ where: { orderId: id }, order: { id: 'ASC' } });
    return rows.map((p) => ({
      id: p.id,
      method: p.method,
      reference: p.reference,
      state: p.state,
      providerStatus: p.providerStatus,
      mode: p.mode,
      amount: p.amount,
      currency: p.currency,
      refundReference: p.refundReference,
      paidAt: p.paidAt?.toISOString() ?? null,
      refundedAt: p.refundedAt?.toISOString() ?? null,
      checkedAt: p.checkedAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    }));
  }
}
