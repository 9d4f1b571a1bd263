import { Injectable } from '@nestjs/common';
import {
  answerCounterOffer,
  canSendQuestionnaire,
  busyExtraMinutes,
  defaultConfirmTime,
  isFinalOrder,
  normalizePhone,
  orderTypeOf,
  priceCart,
  showQuestionnaire,
  soldOutIssues,
  staffState,
  type OrderItem,
  type OrderStatusAction,
  type PartValue,
} from '@ordering/common';
import type { EntityManager } from 'typeorm';
import { Product } from '../catalog/product.entity.js';
import { Clock } from '../core/clock.js';
import { diff } from '../core/diff.js';
import { DomainError, reasonError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseInput } from '../core/validation.js';
import { takeUpUploads } from '../media/upload-ownership.js';
import { RATINGS_COLLECTION } from './branch-ratings.js';
import { applyAction, loadByUidAndHash, loadForStaff } from './order-actions.js';
import {
  checkItemLine,
  loadOrderConfig,
  uploadsOfItems,
  withoutSecrets,
  type ItemLineInput,
} from './order-checkout.js';
import { customerChanges, type OrderEvent } from './order-events.js';
import { auditOrderJson, orderEvent, publicOrderJson, staffOrderJson } from './order-json.js';
import { isPendingPayment } from './order-payment.js';
import { partLabels, pricedProduct, storedItem, totalsOfItems } from './order-pricing.js';
import { Order } from './order.entity.js';
import { Branch } from '../branches/branch.entity.js';
import {
  itemUpdateSchema,
  orderFormItemSchema,
  orderUpdateSchema,
  questionnaireSchema,
  statusActionSchema,
  printRequestSchema,
} from './order.schemas.js';

type OrderEventType = 'order.created' | 'order.updated' | 'order.status' | 'order.print';

/**
 * Writes of orders after checkout (which the checkout module does): staff edits and status actions, the
 * customer's answers on the status page. Every write is one transaction with its audit entry and its order event;
 * jobs (e-mail, SMS, print) are the event subscribers' business.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  private async emit(
    ctx: RequestContext,
    type: OrderEventType,
    order: Order,
    action?: OrderEvent['action'],
  ): Promise<void> {
    await this.events.publish(ctx, type, orderEvent(order, action));
  }

  private async audit(
    ctx: RequestContext,
    order: Order,
    before: Record<string, unknown>,
    action?: string,
  ): Promise<void> {
    await this.events.publish(ctx, action ? 'entity.action' : 'entity.updated', {
      entityType: 'orders',
      entityId: order.id,
      changes: diff(before, auditOrderJson(order)),
      trackVersion: false,
      ...(action ? { action } : {}),
    });
  }

  /**
   * `PUT /api/orders/{id}`: staff edit comment, appointment, customer data, table. A change the customer
   * notices (appointment, address, contact) is mailed to them (`order.updated` with action `edit`).
   */
  async update(ctx: RequestContext, id: number, body: unknown) {
    const input = parseInput(orderUpdateSchema, body);
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadForStaff(em, ctx, id);
      const before = auditOrderJson(order);
      for (const [key, value] of Object.entries(input)) {
        if (value === undefined) continue;
        (order as unknown as Record<string, unknown>)[key] =
          key === 'phone' ? normalizePhone(String(value)) : value;
      }
      return this.saveEdit(ctx, em, order, before);
    });
  }

  /** `DELETE /api/orders/{id}`; an open order's customer is told by e-mail (`order.deleted`). */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    await this.connection.withTransaction(ctx, async (em) => {
      const order = await loadForStaff(em, ctx, id);
      await this.events.publish(ctx, 'entity.deleted', {
        entityType: 'orders',
        entityId: id,
        changes: auditOrderJson(order),
        trackVersion: false,
      });
      await this.events.publish(ctx, 'order.deleted', orderEvent(order));
      await em.delete(Order, { id });
    });
  }

  /**
   * `PUT /api/orders/{id}/items/{itemIndex}`: staff change an item's amount, unit or parts; the item is
   * checked with the checkout's item check, priced again from the current product and the order's totals
   * from its items.
   */
  async updateItem(ctx: RequestContext, id: number, index: number, body: unknown) {
    const input = parseInput(itemUpdateSchema, body);
    return this.editItems(ctx, id, async (em, order) => {
      const item = order.items[index];
      if (!item) throw new DomainError('not_found', 'Position wurde nicht gefunden.');
      const product = await em.getRepository(Product).findOne({ where: { id: item.product.id } });
      if (!product || product.uid !== item.product.uid) throw reasonError('conflict', 'product_gone');
      const items = [...order.items];
      items[index] = await this.pricedItem(em, order, product, input);
      return items;
    });
  }

  /** `POST /api/orders/{id}/items`: staff add a product (checked and priced like at checkout). */
  async addItem(ctx: RequestContext, id: number, body: unknown) {
    const input = parseInput(orderFormItemSchema, body);
    return this.editItems(ctx, id, async (em, order) => {
      const product = await em.getRepository(Product).findOne({ where: { id: input.product.id } });
      if (!product || product.uid !== input.product.uid)
        throw reasonError('validation', 'product_unknown', 'product');
      return [...order.items, await this.pricedItem(em, order, product, input)];
    });
  }

  /** `DELETE /api/orders/{id}/items/{itemIndex}`: the last item stays (cancel or delete the order instead). */
  async removeItem(ctx: RequestContext, id: number, index: number) {
    return this.editItems(ctx, id, async (_em, order) => {
      if (!order.items[index]) throw new DomainError('not_found', 'Position wurde nicht gefunden.');
      if (order.items.length === 1) throw reasonError('conflict', 'last_item');
      return order.items.filter((_item, i) => i !== index);
    });
  }

  /** An item line checked with the checkout's check and priced for the order's type. */
  private async pricedItem(em: EntityManager, order: Order, product: Product, input: ItemLineInput) {
    const parts = withoutSecrets(input.parts as PartValue[]);
    const uploads = await uploadsOfItems(em, [input]);
    // A file may stay or move within the order; another one only with its uploader's secret.
    const own = new Set(order.items.flatMap((entry) => fileIdsOf(entry.parts)));
    // Staff cannot add what their branch marked sold out either (kitchen.md "Ausverkauft").
    const branch = order.branchId
      ? await em
          .getRepository(Branch)
          .findOne({ where: { id: order.branchId }, select: { id: true, soldOut: true } })
      : null;
    const soldOut = soldOutIssues(
      branch?.soldOut ?? [],
      { product, parts: input.parts },
      '',
      this.clock.now(),
    );
    if (soldOut.length) throw new DomainError('validation', soldOut);
    const errors = checkItemLine(product, input, '', uploads, own);
    if (errors.length) throw new DomainError('validation', errors);
    await takeUpUploads(em, [...uploads.keys()], this.clock.now());
    const line = priceCart({
      items: [{ product: pricedProduct(product), amount: input.amount, unit: input.unit, parts }],
      orderType: orderTypeOf(order),
    }).lines[0]!;
    return storedItem(
      product,
      { amount: input.amount, unit: input.unit, parts },
      line,
      partLabels(product.config?.parts ?? [], parts, uploads),
    );
  }

  /** Replaces an open order's items with what `change` returns and prices the order again. */
  private editItems(
    ctx: RequestContext,
    id: number,
    change: (em: EntityManager, order: Order) => Promise<OrderItem[]>,
  ) {
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadForStaff(em, ctx, id);
      if (isFinalOrder(order)) throw reasonError('conflict', 'order_final');
      const before = auditOrderJson(order);
      const items = await change(em, order);
      order.items = items;
      order.pricing = totalsOfItems(items, orderTypeOf(order), order.deliveryArea);
      order.totalGross = order.pricing.totalGross;
      return this.saveEdit(ctx, em, order, before);
    });
  }

  /** Saves a staff edit with its audit entry and its `order.updated` event (action `edit`, what changed). */
  private async saveEdit(
    ctx: RequestContext,
    em: EntityManager,
    order: Order,
    before: Record<string, unknown>,
  ) {
    order.updatedAt = this.clock.now();
    await em.save(order);
    await this.audit(ctx, order, before);
    const changed = customerChanges(before, auditOrderJson(order));
    await this.events.publish(ctx, 'order.updated', { ...orderEvent(order, 'edit'), changed });
    return staffOrderJson(order);
  }

  /**
   * `POST /api/orders/{id}/status/{action}` through common's transition table, on the locked row: of two
   * concurrent clicks the second sees the first's result (and gets 409 when it no longer fits).
   */
  async changeStatus(ctx: RequestContext, id: number, action: OrderStatusAction, body: unknown) {
    const input = parseInput(statusActionSchema, body);
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadForStaff(em, ctx, id);
      if (isPendingPayment(order)) throw reasonError('conflict', 'payment_pending');
      const before = auditOrderJson(order);
      if (action === 'confirm' && !input.appointment && !input.counterAppointment)
        input.appointment = await this.defaultAppointment(em, order);
      applyAction(order, action, input);
      order.updatedAt = this.clock.now();
      await em.save(order);
      await this.audit(ctx, order, before, action);
      await this.emit(ctx, 'order.status', order, action);
      return staffOrderJson(order);
    });
  }

  /**
   * The time an order is confirmed for when staff (or auto-accept) choose none: the requested time, but
   * not sooner than the branch's default preparation time (plus busy mode's minutes) from now (common's
   * `defaultConfirmTime`).
   */
  private async defaultAppointment(em: EntityManager, order: Order): Promise<Date | null> {
    const branch =
      order.branchId === null
        ? null
        : await em.getRepository(Branch).findOne({
            where: { id: order.branchId },
            select: { id: true, defaultPreparationMinutes: true, busyMode: true },
          });
    const now = this.clock.now();
    // Busy mode ("Viel los") adds its minutes to the preparation time of every order confirmed meanwhile.
    const extra = branch ? busyExtraMinutes(branch, now) : 0;
    const minutes =
      extra > 0 ? (branch?.defaultPreparationMinutes ?? 0) + extra : branch?.defaultPreparationMinutes;
    return defaultConfirmTime(order.appointmentDate ?? null, now, minutes);
  }

  /**
   * `POST /api/orders/{id}/print`: asks for the receipt, the kitchen ticket or the item labels (the print
   * job follows from the event: printing checks the chosen device and writes it), on one chosen device or
   * on whichever of the branch's prints first.
   * @throws DomainError validation at `device` (from printing's subscriber, rolling the request back) when
   *   it is not a paired printing device of the order's branch.
   */
  async print(ctx: RequestContext, id: number, body?: unknown) {
    const { kind, deviceId } = parseInput(printRequestSchema, body ?? null);
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadForStaff(em, ctx, id, false);
      await this.audit(ctx, order, auditOrderJson(order), kind === 'receipt' ? 'print' : `print-${kind}`);
      await this.events.publish(ctx, 'order.print', { ...orderEvent(order), print: { kind, deviceId } });
      return staffOrderJson(order);
    });
  }

  /** `POST /api/orders/{id}/resend-new-order-email|sms`: sends the confirmation again (via the event). */
  async resend(ctx: RequestContext, id: number, channel: 'email' | 'sms') {
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadForStaff(em, ctx, id, false);
      if (channel === 'email' && !order.email) throw reasonError('conflict', 'email_missing');
      if (channel === 'sms') {
        if (!(await loadOrderConfig(em)).enablePluginSMS) throw reasonError('conflict', 'sms_disabled');
        if (!order.phone) throw reasonError('conflict', 'phone_missing');
      }
      await this.audit(ctx, order, auditOrderJson(order), `resend-${channel}`);
      await this.events.publish(ctx, 'order.resend', { ...orderEvent(order), channel });
      return staffOrderJson(order);
    });
  }

  /** `GET /api/orders/public/{uid}/{hash}`. */
  async publicOrder(ctx: RequestContext, uid: string, hash: string) {
    return publicOrderJson(await loadByUidAndHash(this.connection.manager(ctx), uid, hash));
  }

  /** The customer accepts (the order is confirmed at that time) or rejects (it is cancelled) a counter-offer. */
  async answerCounterOffer(ctx: RequestContext, uid: string, hash: string, answer: 'confirm' | 'reject') {
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadByUidAndHash(em, uid, hash, true);
      const result = answerCounterOffer(
        {
          ...order,
          counterAppointment: order.counterAppointment?.toISOString() ?? null,
          appointmentDate: order.appointmentDate?.toISOString() ?? null,
        },
        answer,
      );
      if (!result.ok)
        throw new DomainError('conflict', result.message, undefined, 'counter_offer_unavailable');
      const before = auditOrderJson(order);
      Object.assign(order, result.flags);
      order.status = staffState(order);
      if (answer === 'confirm') {
        order.appointment = result.appointmentDate ? new Date(result.appointmentDate) : null;
        order.counterAppointment = null;
      }
      order.updatedAt = this.clock.now();
      await em.save(order);
      const action = answer === 'confirm' ? 'confirm-counter-appointment' : 'reject-counter-appointment';
      await this.audit(ctx, order, before, action);
      await this.emit(ctx, 'order.status', order, action);
      return publicOrderJson(order);
    });
  }

  /** The review of a completed order: four ratings 1 to 5, once, only with reviews enabled. */
  async questionnaire(ctx: RequestContext, uid: string, hash: string, body: unknown) {
    return this.connection.withTransaction(ctx, async (em) => {
      const order = await loadByUidAndHash(em, uid, hash, true);
      const config = await loadOrderConfig(em);
      if (!showQuestionnaire(order, config.enablePluginOrderReviews))
        throw reasonError('conflict', 'questionnaire_unavailable');
      if (!canSendQuestionnaire((body ?? {}) as never))
        throw reasonError('validation', 'questionnaire_incomplete');
      const input = parseInput(questionnaireSchema, body);
      const before = auditOrderJson(order);
      order.questionnaire = { ...input, comment: input.comment || null };
      order.questionnaireRating = input.rating;
      order.updatedAt = this.clock.now();
      await em.save(order);
      // The branches' averages in the public data are rebuilt (docs/decisions/settings.md).
      await this.events.publish(ctx, 'collection.changed', { collection: RATINGS_COLLECTION });
      await this.audit(ctx, order, before);
      await this.emit(ctx, 'order.updated', order);
      return publicOrderJson(order);
    });
  }
}

/** The upload ids referenced by part values. */
function fileIdsOf(parts: readonly PartValue[]): number[] {
  return parts.flatMap((value) =>
    Array.isArray(value)
      ? value.filter((v): v is { id: number } => typeof v === 'object' && v !== null).map((v) => v.id)
      : [],
  );
}
