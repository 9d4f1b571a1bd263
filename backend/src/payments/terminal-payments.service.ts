import { Inject, Injectable } from '@nestjs/common';
import { staffState, toCents, type TerminalPayment } from '@ordering/common';
import type { Logger } from 'pino';
import { In } from 'typeorm';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';
import { auditOrderJson, orderEvent } from '../orders/order-json.js';
import { isPendingPayment } from '../orders/order-payment.js';
import { Order } from '../orders/order.entity.js';
import { auditPayment } from './payment-audit.js';
import { OrderPayment } from './payment.entity.js';
import { centsToDecimal } from './payment-provider.js';
import { PaymentProviders } from './payment-providers.js';
import { loadPaymentSettings } from './payment-settings.js';
import { PaymentStatusService } from './payment-status.service.js';
import { PaymentsService } from './payments.service.js';
import type { MollieProvider, MollieTerminal } from './mollie.provider.js';

/** A kiosk asks Mollie itself at most this often while the guest waits (the webhook is normally first). */
export const TERMINAL_READ_EVERY_MS = 3_000;

/** What the kiosk's waiting screen follows (common's contract; states explained there). */
export type TerminalPaymentView = TerminalPayment;
type TerminalPaymentState = TerminalPayment['state'];

/**
 * Card payments at a kiosk's Mollie point-of-sale terminal (docs/decisions/kiosk.md "Card at the
 * terminal"): the same provider, records, webhook, poll job and expiry as online payments, with two
 * differences. A failed attempt leaves the order waiting (the guest stands at the kiosk), and the kiosk
 * may start another attempt or switch the order to cash at the counter.
 */
@Injectable()
export class TerminalPaymentsService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly status: PaymentStatusService,
    private readonly payments: PaymentsService,
    private readonly providers: PaymentProviders,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The shop's terminals at Mollie, for the back office's choice (`GET /v2/terminals`). */
  async terminals(ctx: RequestContext): Promise<MollieTerminal[]> {
    const { secrets } = await loadPaymentSettings(this.connection.manager(ctx));
    if (!secrets.mollieApiKey) return [];
    try {
      return await (this.providers.of('mollie') as MollieProvider).terminals(secrets);
    } catch (err) {
      this.logger.warn({ err: { message: (err as Error).message } }, 'mollie terminals not listed');
      throw new DomainError(
        'unavailable',
        'Die Terminals konnten bei Mollie nicht abgefragt werden.',
        undefined,
        'payment_provider_unavailable',
      );
    }
  }

  /** Whether the shop has a Mollie key at all (without one a kiosk's terminal setting does nothing). */
  async mollieConfigured(ctx: RequestContext): Promise<boolean> {
    const { secrets } = await loadPaymentSettings(this.connection.manager(ctx));
    return /^(test|live)_\w{20,}$/.test(secrets.mollieApiKey);
  }

  /** After the order committed: the first attempt at the terminal. */
  async start(ctx: RequestContext, order: Order): Promise<TerminalPaymentView> {
    const em = this.connection.manager(ctx);
    const row = await em.getRepository(OrderPayment).findOneByOrFail({ orderId: order.id, state: 'created' });
    await this.payments.startAt(ctx, order, 'mollie', row.terminalId, `pos-${row.id}`);
    return this.view(ctx, order.uid, null);
  }

  /** The order of a kiosk's payment: only its own branch's (a wrong uid and another branch's are 404). */
  private async order(ctx: RequestContext, uid: string, lock = false): Promise<Order> {
    const em = this.connection.manager(ctx);
    const valid = /^[0-9a-f-]{36}$/i.test(uid);
    const order = valid
      ? await em
          .getRepository(Order)
          .findOne({ where: { uid }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    const branchId = ctx.device?.branchId ?? null;
    if (!order || (branchId !== null && order.branchId !== branchId))
      throw new DomainError('not_found', 'Bestellung nicht gefunden.');
    return order;
  }

  private async latest(ctx: RequestContext, orderId: number): Promise<OrderPayment | null> {
    return this.connection
      .manager(ctx)
      .getRepository(OrderPayment)
      .findOne({ where: { orderId, method: 'mollie' }, order: { id: 'DESC' } });
  }

  /**
   * The payment's state for the kiosk's waiting screen. While it is open, Mollie is asked at most every
   * {@link TERMINAL_READ_EVERY_MS} (a shop on localhost gets no webhook; a lost one must not keep the
   * guest waiting for the poll job).
   */
  async view(ctx: RequestContext, uid: string, readAfterMs: number | null = TERMINAL_READ_EVERY_MS) {
    let order = await this.order(ctx, uid);
    let payment = await this.latest(ctx, order.id);
    const now = this.clock.now().getTime();
    if (
      readAfterMs !== null &&
      payment?.reference &&
      payment.state === 'open' &&
      isPendingPayment(order) &&
      (!payment.checkedAt || now - payment.checkedAt.getTime() >= readAfterMs)
    ) {
      try {
        await this.status.sync(order.id, 'kiosk');
      } catch (err) {
        this.logger.warn(
          { orderId: order.id, err: { message: (err as Error).message } },
          'kiosk read failed',
        );
      }
      order = await this.order(ctx, uid);
      payment = await this.latest(ctx, order.id);
    }
    return this.viewOf(order, payment);
  }

  private viewOf(order: Order, payment: OrderPayment | null): TerminalPaymentView {
    let state: TerminalPaymentState;
    if (order.isPaid && !isPendingPayment(order)) state = 'paid';
    else if (order.isFailed) state = 'expired';
    else if (!isPendingPayment(order)) state = 'counter';
    else if (!payment || payment.state === 'created' || payment.state === 'open') state = 'waiting';
    else state = 'failed';
    return {
      state,
      providerStatus: payment?.providerStatus ?? null,
      amount: centsToDecimal(toCents(order.totalGross)),
      currency: payment?.currency ?? 'EUR',
      order: { uid: order.uid, hash: order.hash, ticketNumber: order.ticketNumber ?? null },
    };
  }

  /**
   * "Erneut versuchen": a new attempt on the same order, at the kiosk's terminal. An attempt still open
   * is kept (a double tap starts nothing twice).
   */
  async retry(ctx: RequestContext, uid: string, terminalId: string | null): Promise<TerminalPaymentView> {
    const started = await this.connection.withTransaction(ctx, async (em) => {
      const order = await this.order(ctx, uid, true);
      if (!isPendingPayment(order)) return null;
      const last = await this.latest(ctx, order.id);
      if (last && (last.state === 'created' || last.state === 'open' || last.state === 'paid')) return null;
      const terminal = terminalId ?? last?.terminalId;
      if (!terminal)
        throw new DomainError('conflict', 'Für diesen Kiosk ist kein Kartenterminal eingerichtet.');
      const { currency } = await loadPaymentSettings(em);
      await em.getRepository(OrderPayment).insert({
        orderId: order.id,
        orderUid: order.uid,
        method: 'mollie',
        state: 'created',
        amount: order.totalGross,
        currency,
        terminalId: terminal,
      });
      return order;
    });
    if (started) return this.start(ctx, started);
    return this.view(ctx, uid, null);
  }

  /**
   * "An der Kasse bezahlen": the order becomes a cash order and reaches staff as one. An attempt still
   * open at the terminal is cancelled first; one that was paid meanwhile wins (the order is paid).
   */
  async payAtCounter(ctx: RequestContext, uid: string): Promise<TerminalPaymentView> {
    let order = await this.order(ctx, uid);
    const open = await this.latest(ctx, order.id);
    if (open?.reference && open.state === 'open' && isPendingPayment(order)) {
      await this.status.sync(order.id, 'kiosk').catch(() => undefined);
      const now = await this.latest(ctx, order.id);
      if (now?.state === 'open') {
        const { secrets } = await loadPaymentSettings(this.connection.manager(ctx));
        try {
          await this.providers
            .of('mollie')
            .cancel(secrets, { reference: now.reference!, orderRef: order.uid });
        } catch (err) {
          this.logger.info(
            { orderId: order.id, err: { message: (err as Error).message } },
            'terminal payment not cancelled',
          );
          await this.status.sync(order.id, 'kiosk').catch(() => undefined);
          const again = await this.latest(ctx, order.id);
          if (again?.state === 'open')
            throw new DomainError(
              'conflict',
              'Die Zahlung am Terminal läuft noch. Bitte brechen Sie sie am Terminal ab.',
              undefined,
              'payment_pending',
            );
        }
      }
    }
    await this.connection.withTransaction(ctx, async (em) => {
      order = await this.order(ctx, uid, true);
      if (!isPendingPayment(order)) return;
      const before = auditOrderJson(order);
      order.paymentMethod = 'cash';
      order.status = staffState(order);
      order.updatedAt = this.clock.now();
      await em.save(order);
      await em
        .getRepository(OrderPayment)
        .update({ orderId: order.id, state: In(['created', 'open']) }, { state: 'canceled' });
      await auditPayment(this.events, ctx, order, before, 'pay-at-counter');
      await this.events.publish(ctx, 'order.created', orderEvent(order));
    });
    this.logger.info(
      { orderId: order.id, amount: toCents(order.totalGross) },
      'kiosk order paid at the counter',
    );
    return this.view(ctx, uid, null);
  }
}
