import { Inject, Injectable } from '@nestjs/common';
import { toCents } from '@ordering/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import type { AppConfig } from '../env/config.js';
import { Clock } from '../core/clock.js';
import { DomainError, reasonError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { RequestContext } from '../core/request-context.js';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';
import { loadForStaff } from '../orders/order-actions.js';
import { auditOrderJson, orderEvent, staffOrderJson } from '../orders/order-json.js';
import { isOnlinePayment, PENDING_PAYMENT } from '../orders/order-payment.js';
import { Order } from '../orders/order.entity.js';
import { verifyDatatransSignature } from './datatrans.provider.js';
import { auditPayment } from './payment-audit.js';
import { OrderPayment } from './payment.entity.js';
import { ProviderRefused } from './payment-provider.js';
import { PaymentProviders, type OnlineMethod } from './payment-providers.js';
import { loadPaymentSettings } from './payment-settings.js';
import { PaymentStatusService } from './payment-status.service.js';
import { RATE_LIMIT_STORE } from '../serving/serving.module.js';
import type { RateLimitStore } from '../serving/rate-limit.js';
import { VoucherChecker, type VoucherCheck } from './voucher.checker.js';

/**
 * Immediate provider reads per payment and window that its webhooks may cause. A provider sends one
 * webhook per status change (open → paid, later a refund), minutes apart; three leave room for its retry.
 */
export const WEBHOOK_READS_PER_WINDOW = 3;
export const WEBHOOK_WINDOW_MS = 60_000;

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/**
 * Whether a provider can call PUBLIC_URL: not a localhost, loopback or `.localhost` address — unless the
 * provider itself runs on this machine (a local fake), which reaches loopback addresses fine.
 */
export function reachable(publicUrl: string, providerApiUrl?: string): boolean {
  return !isLoopback(publicUrl) || (!!providerApiUrl && isLoopback(providerApiUrl));
}

/**
 * Payments of orders: offline methods marked paid by staff, vouchers checked with their issuer, and the
 * online providers (Mollie, Datatrans) behind `PaymentProvider`; the status side is
 * {@link PaymentStatusService}. An online order is written as
 * `pendingPayment`, the provider payment is created after the commit, and only the status read back
 * from the provider (webhook, poll job or staff re-check) marks it paid and releases it to staff with
 * `order.created` — or fails it. Refunds follow cancelling or rejecting a paid order, as jobs.
 */
@Injectable()
export class PaymentsService {
  private readonly vouchers: VoucherChecker;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly status: PaymentStatusService,
    private readonly providers: PaymentProviders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(RATE_LIMIT_STORE) private readonly limits: RateLimitStore,
  ) {
    this.vouchers = new VoucherChecker(config.payments);
  }

  // --- checkout -------------------------------------------------------------------------------------

  /** Before the order's transaction (no database held): the voucher check with its issuer. */
  async beforeOrder(ctx: RequestContext, body: unknown): Promise<VoucherCheck | null> {
    // Most orders pay otherwise: then there is nothing to check and nothing to read.
    if (!this.vouchers.applies(body)) return null;
    const { currency } = await loadPaymentSettings(this.connection.manager(ctx));
    return this.vouchers.check(body, currency);
  }

  /**
   * In the order's transaction, right after the order was written. An online order becomes
   * `pendingPayment` with a payment record and its poll job; a voucher is recorded (and must cover the
   * total when the issuer told its balance).
   * @returns true when the order waits for an online payment (no `order.created` yet).
   */
  async onOrderPlaced(
    ctx: RequestContext,
    em: EntityManager,
    order: Order,
    voucher: VoucherCheck | null,
    terminalId: string | null = null,
  ) {
    // A card at the kiosk's own Mollie terminal: paid like an online order, confirmed only when Mollie
    // says paid (docs/decisions/kiosk.md "Card at the terminal").
    if (terminalId && order.paymentMethod === 'atm-card') {
      const { currency } = await loadPaymentSettings(em);
      order.status = PENDING_PAYMENT;
      await em.update(Order, { id: order.id }, { status: PENDING_PAYMENT });
      await em.getRepository(OrderPayment).insert({
        orderId: order.id,
        orderUid: order.uid,
        method: 'mollie',
        state: 'created',
        amount: order.totalGross,
        currency,
        terminalId,
      });
      await this.status.schedule(ctx, order.id);
      return true;
    }
    // Cash and card on site need no payment record: no statement while the ticket counter is held.
    if (!voucher && !isOnlinePayment(order.paymentMethod)) return false;
    const { currency } = await loadPaymentSettings(em);
    if (voucher) {
      if (voucher.balance !== null && toCents(voucher.balance) < toCents(order.totalGross))
        throw reasonError('validation', 'voucher_insufficient', 'voucherCode');
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
    await this.status.schedule(ctx, order.id);
    return true;
  }

  /**
   * After the order committed: creates the payment at the provider (amount from the server's pricing,
   * idempotent per order) and answers where the browser goes. A refusal or an unreachable provider marks
   * the order failed and answers 400 `payment_refused` / 503 `payment_provider_unavailable`.
   */
  async startOnline(ctx: RequestContext, order: Order): Promise<string> {
    const method = order.paymentMethod as OnlineMethod;
    const started = await this.startAt(ctx, order, method, null, `order-${order.uid}`);
    return started!.checkoutUrl!;
  }

  /** Creates the provider payment of the order's `created` record and stores its reference (null: a terminal payment that could not start). */
  async startAt(
    ctx: RequestContext,
    order: Order,
    method: OnlineMethod,
    terminalId: string | null,
    idempotencyKey: string,
  ) {
    const em = this.connection.manager(ctx);
    const settings = await loadPaymentSettings(em);
    const branch = order.branchId
      ? await em.getRepository(Branch).findOne({ where: { id: order.branchId } })
      : null;
    const statusUrl = `${this.config.publicUrl}/status/${order.uid}/${order.hash}`;
    const number = order.ticketNumber ? `Bestellung Nr. ${order.ticketNumber}` : `Bestellung ${order.id}`;
    try {
      const started = await this.providers.of(method).start(settings.secrets, {
        orderId: order.id,
        orderUid: order.uid,
        amountCents: toCents(order.totalGross),
        currency: settings.currency,
        description: `${number} – ${order.branchName}`.slice(0, 255),
        returnUrl: statusUrl,
        errorUrl: `${this.config.publicUrl}/store/${encodeURIComponent(branch?.identifier ?? '')}/checkout/error`,
        // A provider cannot reach localhost (Mollie refuses such a webhookUrl): then the poll job and the
        // staff re-check are what notice the payment.
        webhookUrl: reachable(
          this.config.publicUrl,
          method === 'mollie' ? this.config.payments.mollieApiUrl : this.config.payments.datatransApiUrl,
        )
          ? `${this.config.publicUrl}/api/payments/${method}/webhook`
          : null,
        idempotencyKey,
        ...(terminalId ? { terminalId } : {}),
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
      return started;
    } catch (err) {
      this.logger.warn(
        { orderId: order.id, method, err: { message: (err as Error).message } },
        'payment start failed',
      );
      if (terminalId) {
        // At the kiosk the guest still stands there: the order waits, "Erneut versuchen" or the counter.
        await this.connection.withTransaction(ctx, (tx) =>
          tx
            .getRepository(OrderPayment)
            .update(
              { orderId: order.id, state: 'created' },
              { state: 'failed', providerStatus: 'start-failed' },
            ),
        );
        return null;
      }
      await this.status.finish(ctx, order.id, 'failed', 'payment-start-failed');
      if (err instanceof ProviderRefused) throw reasonError('validation', 'payment_refused', 'paymentMethod');
      throw reasonError('unavailable', 'payment_provider_unavailable');
    }
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
      throw reasonError('unauthorized', 'signature_invalid');
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

  /**
   * Anybody can post a webhook naming a known payment (its id is on the customer's screen), and each used
   * to cost a call to the provider. Each payment gets {@link WEBHOOK_READS_PER_WINDOW} immediate reads per
   * window; over that, the webhook is answered 200 and one read runs when the window ends (a job), so a
   * real status change in a flood is still read, within a minute.
   * @returns when to read instead, or null to read now (also when the counters cannot be reached).
   */
  private async overWebhookBudget(payment: OrderPayment): Promise<Date | null> {
    try {
      const { count, resetInMs } = await this.limits.hit(`payment-webhook:${payment.id}`, WEBHOOK_WINDOW_MS);
      if (count <= WEBHOOK_READS_PER_WINDOW) return null;
      return new Date(this.clock.now().getTime() + resetInMs);
    } catch {
      return null;
    }
  }

  private async webhookFor(method: OnlineMethod, reference: string): Promise<void> {
    const em = this.connection.manager(RequestContext.system());
    const payment = await em.getRepository(OrderPayment).findOne({ where: { method, reference } });
    if (!payment) {
      this.logger.warn({ provider: method, reference }, 'webhook for an unknown payment ignored');
      return;
    }
    const later = await this.overWebhookBudget(payment);
    if (later) {
      await this.status.scheduleWebhookCheck(payment.orderId, payment.id, later);
      this.logger.warn({ provider: method, reference }, 'webhook over its budget: one read later');
      return;
    }
    try {
      await this.status.sync(payment.orderId, 'webhook');
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
      if (isOnlinePayment(order.paymentMethod)) throw reasonError('conflict', 'payment_online');
      if (order.isPaid) throw reasonError('conflict', 'already_paid');
      if (order.isCanceled || order.isRejected || order.isFailed)
        throw reasonError('conflict', 'order_final');
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
      await auditPayment(this.events, ctx, order, before, 'mark-paid');
      await this.events.publish(ctx, 'order.updated', orderEvent(order));
      return staffOrderJson(order);
    });
  }

  /** `POST /api/orders/{id}/update-payment-status`: asks the provider again (a lost webhook). */
  async recheck(ctx: RequestContext, id: number) {
    const order = await loadForStaff(this.connection.manager(ctx), ctx, id, false);
    if (isOnlinePayment(order.paymentMethod)) {
      try {
        await this.status.sync(order.id, 'staff');
      } catch (err) {
        this.logger.warn(
          { orderId: id, err: { message: (err as Error).message } },
          'payment re-check failed',
        );
        throw reasonError('unavailable', 'payment_check_failed');
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
