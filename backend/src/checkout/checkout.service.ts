import { Injectable } from '@nestjs/common';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { Device } from '../devices/device.entity.js';
import { MOLLIE_TERMINAL_ID } from '../devices/device-settings.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { DeliveryAreaService } from '../orders/delivery-area.service.js';
import { IdempotencyService, requestHash, type StoredResponse } from '../orders/idempotency.service.js';
import { OrderCatalogueCache } from '../orders/order-catalogue.js';
import { prepareOrder, writeOrder } from '../orders/order-checkout.js';
import { auditOrderJson, orderEvent, publicOrderJson } from '../orders/order-json.js';
import { PaymentsService } from '../payments/payments.service.js';
import { TerminalPaymentsService } from '../payments/terminal-payments.service.js';

/**
 * The checkout: `POST /api/orders` from the customer's form to a written order. It is the one place that
 * knows both orders and payments: the voucher is checked, the address located and the order checked and
 * priced before the transaction, the order is placed (orders' rules) and its payment begun (payments' rules) in one
 * transaction, an online payment is started after the commit, and the answer is kept on the
 * idempotency key.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly idempotency: IdempotencyService,
    private readonly payments: PaymentsService,
    private readonly terminalPayments: TerminalPaymentsService,
    private readonly deliveryAreas: DeliveryAreaService,
    private readonly catalogue: OrderCatalogueCache,
  ) {}

  /**
   * `POST /api/orders`: checks, prices and writes the order in one transaction and answers 201 with the
   * public view. With an `Idempotency-Key` a repeated request gets the stored answer (422 when the key
   * came with another body; 409 while the first request still runs).
   */
  async create(
    ctx: RequestContext,
    body: unknown,
    rawKey: string | undefined,
    /** The kiosk's Mollie terminal: a card order is then paid there before it counts. */
    terminalId: string | null = null,
  ): Promise<StoredResponse> {
    const key = IdempotencyService.parseKey(rawKey);
    if (!key) return this.createNow(ctx, body, null, terminalId);
    const claim = await this.idempotency.claim(key, requestHash(body));
    if (claim.kind === 'replay') return claim.response;
    try {
      return await this.createNow(ctx, body, key, terminalId);
    } catch (err) {
      await this.idempotency.release(key);
      throw err;
    }
  }

  /** `POST /api/devices/me/orders`: a kiosk's order; a card order goes to its Mollie terminal, if it has one. */
  async createAtKiosk(ctx: RequestContext, body: unknown, rawKey: string | undefined) {
    return this.create(ctx, body, rawKey, await this.kioskTerminal(ctx));
  }

  async terminalPayment(ctx: RequestContext, uid: string) {
    await this.kioskTerminal(ctx);
    return this.terminalPayments.view(ctx, uid);
  }

  async retryTerminalPayment(ctx: RequestContext, uid: string) {
    return this.terminalPayments.retry(ctx, uid, await this.kioskTerminal(ctx));
  }

  async payAtCounter(ctx: RequestContext, uid: string) {
    await this.kioskTerminal(ctx);
    return this.terminalPayments.payAtCounter(ctx, uid);
  }

  /**
   * The calling kiosk's Mollie terminal (its setting "Kartenterminal (Mollie)"), or null without one or
   * without a Mollie key in the shop configuration. Other devices are refused.
   */
  private async kioskTerminal(ctx: RequestContext): Promise<string | null> {
    if (ctx.device?.type !== 'kiosk')
      throw new DomainError('forbidden', 'Nur ein Kiosk kann hier bestellen.');
    const device = await this.connection
      .manager(ctx)
      .getRepository(Device)
      .findOne({ where: { id: ctx.device.id } });
    const terminal = (device?.settings as { mollieTerminal?: unknown } | undefined)?.mollieTerminal;
    if (typeof terminal !== 'string' || !MOLLIE_TERMINAL_ID.test(terminal)) return null;
    return (await this.terminalPayments.mollieConfigured(ctx)) ? terminal : null;
  }

  private async createNow(
    ctx: RequestContext,
    body: unknown,
    key: string | null,
    terminalId: string | null,
  ): Promise<StoredResponse> {
    // A voucher is checked with its issuer before the transaction (no database held during HTTP).
    const voucher = await this.payments.beforeOrder(ctx, body);
    // So is the delivery address geocoded (when an area is a radius or polygon and a map token is set).
    const point = await this.deliveryAreas.locate(ctx, body);
    // Checked and priced before the transaction too, from the catalogue kept per version: the
    // transaction only writes (docs/decisions/orders.md "Throughput").
    const now = this.clock.now();
    const reader = this.connection.manager(ctx);
    // The branch the form names comes with the catalogue's versions in one statement (a wrong or missing
    // id is found by the form's own check).
    const named = (body as { branch?: { id?: unknown } } | null)?.branch?.id;
    const catalogue = await this.catalogue.current(typeof named === 'number' ? named : null);
    const prepared = await prepareOrder(reader, body, now, { point }, catalogue);
    // The order's subscribers (auto-accept, notifications) take these instead of reading them again while
    // the order's ticket counter is locked (docs/decisions/orders.md "Throughput").
    ctx.remember('branch', prepared.branch);
    ctx.remember('shopConfig', prepared.config);
    const placed = await this.connection.withTransaction(ctx, async (em) => {
      const order = await writeOrder(em, prepared, now);
      const awaitsPayment = await this.payments.onOrderPlaced(ctx, em, order, voucher, terminalId);
      await this.events.publish(ctx, 'entity.created', {
        entityType: 'orders',
        entityId: order.id,
        changes: auditOrderJson(order),
        trackVersion: false,
      });
      // An order paid online reaches staff (event, alarm, mails, print) only when the provider says
      // paid: the payments module publishes its order.created then.
      if (awaitsPayment) return { order, response: null };
      await this.events.publish(ctx, 'order.created', orderEvent(order));
      const response = { status: 201, body: { data: { order: publicOrderJson(order) } } };
      if (key) await this.idempotency.complete(ctx, key, response);
      return { order, response };
    });
    if (placed.response) return placed.response;
    if (terminalId && placed.order.paymentMethod === 'atm-card') {
      // At the kiosk's terminal: the kiosk shows "Karte an das Terminal halten" and follows the payment.
      const terminalPayment = await this.terminalPayments.start(ctx, placed.order);
      const response = { status: 201, body: { data: { terminalPayment } } };
      if (key)
        await this.connection.withTransaction(ctx, () => this.idempotency.complete(ctx, key, response));
      return response;
    }
    // Online payment: the provider is asked after the order committed, then the answer is kept on the key.
    const paymentRedirectUrl = await this.payments.startOnline(ctx, placed.order);
    const response = {
      status: 201,
      body: { data: { paymentRedirectUrl, order: { uid: placed.order.uid, hash: placed.order.hash } } },
    };
    if (key) await this.connection.withTransaction(ctx, () => this.idempotency.complete(ctx, key, response));
    return response;
  }
}
