import { Injectable } from '@nestjs/common';
import {
  DEFAULT_KITCHEN_LATE_MINUTES,
  DEFAULT_KITCHEN_STAGES,
  DEFAULT_KITCHEN_WARN_MINUTES,
  kitchenStartsAt,
  stationItemIndices,
  type KitchenBoard,
  type KitchenSettings,
  type KitchenTicket,
  type KitchenSettingsEvent,
  type KitchenTicketEvent,
  type OrderType,
} from '@ordering/common';
import { kitchenSettingsInput } from '@ordering/common/schemas';
import { z } from 'zod';
import type { EntityManager } from 'typeorm';
import { Clock } from '../core/clock.js';
import { EventBus } from '../core/events.js';
import { DomainError } from '../core/errors.js';
import { parseId } from '../core/input.js';
import { parseInput } from '../core/validation.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { EventLogWriter } from '../events/event-log.writer.js';
import { rowsOf } from '../core/raw-rows.js';
import type { OrderItem } from '@ordering/common';
import { OrdersService } from '../orders/orders.service.js';

const STATION_NOT_FOUND = 'Station wurde nicht gefunden.';
const ORDER_NOT_FOUND = 'Bestellung wurde nicht gefunden.';
/** How many finished tickets "Zurückholen" offers. */
const RECENT = 5;
/** Orders older than this are no kitchen tickets any more (a forgotten order does not stay for ever). */
const OPEN_FOR_MS = 24 * 3600_000;

export const bumpSchema = z.object({
  expectedStage: z.number().int().min(0).max(20),
  recall: z.boolean().default(false),
});
export const itemSchema = z.object({ done: z.boolean() });

interface StationRow {
  id: number;
  name: string;
  isExpeditor: boolean;
  categories: number[];
  products: number[];
}

interface OrderRow {
  id: number;
  ticket_number: number | null;
  is_delivery: boolean;
  is_dine_in: boolean;
  table_identifier: string | null;
  appointment: Date | string | null;
  created_at: Date | string;
  comment: string;
  items: OrderItem[] | string;
  is_in_delivery: boolean;
}

interface StateRow {
  order_id: number;
  station_id: number;
  stage: number;
  done_items: number[] | string;
  bumped_at: Date | string | null;
  updated_at: Date | string;
  recalled: boolean;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const orderTypeOf = (o: OrderRow): OrderType =>
  o.is_delivery ? 'delivery' : o.is_dine_in ? 'dineIn' : 'takeaway';

/** The open orders a kitchen sees: confirmed, not rejected, cancelled, completed, handed out or delivered. */
const OPEN_ORDER = `o.is_confirmed AND NOT o.is_rejected AND NOT o.is_canceled AND NOT o.is_completed
  AND NOT o.is_delivered AND NOT o.is_quotation`;

/**
 * The kitchen display (docs/decisions/kitchen.md): which items of which orders each station prepares, their
 * stages and done items, bumps that two displays may send at once, and the order's "Abholbereit" when every
 * station is done (if the branch wants it).
 */
@Injectable()
export class KitchenService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly log: EventLogWriter,
    private readonly orders: OrdersService,
    private readonly events: EventBus,
  ) {}

  /** The branch from the path, when the caller may use its kitchen (its staff, or its kitchen display). */
  branchOf(ctx: RequestContext, raw: string): number {
    const id = parseId(raw, 'Filiale');
    // A display knows its own branch only: another branch does not exist for it.
    if (ctx.device && ctx.device.branchId !== id)
      throw new DomainError('not_found', 'Filiale wurde nicht gefunden.');
    if (!ctx.device && !ctx.mayAccessBranch(id)) throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    return id;
  }

  async settings(em: EntityManager, branchId: number): Promise<KitchenSettings> {
    const rows: Array<{
      stages: string[] | string;
      warn_minutes: number;
      late_minutes: number;
      ready_when_done: boolean;
    }> = await em.query(
      `SELECT stages, warn_minutes, late_minutes, ready_when_done FROM kitchen_settings WHERE branch_id = $1`,
      [branchId],
    );
    const row = rows[0];
    if (!row)
      return {
        stages: [...DEFAULT_KITCHEN_STAGES],
        warnMinutes: DEFAULT_KITCHEN_WARN_MINUTES,
        lateMinutes: DEFAULT_KITCHEN_LATE_MINUTES,
        readyWhenDone: false,
      };
    return {
      stages: json(row.stages),
      warnMinutes: Number(row.warn_minutes),
      lateMinutes: Number(row.late_minutes),
      readyWhenDone: row.ready_when_done,
    };
  }

  async saveSettings(ctx: RequestContext, rawBranch: string, body: unknown): Promise<KitchenSettings> {
    const branchId = this.branchOf(ctx, rawBranch);
    const input = parseInput(kitchenSettingsInput, body);
    return this.connection.withTransaction(ctx, async (em) => {
      const before = await this.settings(em, branchId);
      await em.query(
        `INSERT INTO kitchen_settings (branch_id, stages, warn_minutes, late_minutes, ready_when_done)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (branch_id) DO UPDATE SET stages = $2, warn_minutes = $3, late_minutes = $4, ready_when_done = $5`,
        [branchId, JSON.stringify(input.stages), input.warnMinutes, input.lateMinutes, input.readyWhenDone],
      );
      await this.events.publish(ctx, 'entity.action', {
        entityType: 'kitchen-settings',
        entityId: branchId,
        changes: { from: before, to: input },
        trackVersion: false,
        action: 'update',
      });
      // Open displays take the new stages and colours at once (they read their board on this event).
      const event: KitchenSettingsEvent = { branchId, settings: { ...input } };
      await this.log.append(ctx, em, {
        type: 'kitchen.settings',
        branchId,
        orderUid: null,
        payload: event as unknown as Record<string, unknown>,
        publicPayload: null,
      });
      return { ...input };
    });
  }

  private async stations(em: EntityManager, branchId: number): Promise<StationRow[]> {
    const rows: Array<{
      id: number;
      name: string;
      is_expeditor: boolean;
      categories: number[] | string | null;
      products: number[] | string | null;
    }> = await em.query(
      `SELECT s.id, s.name, s.is_expeditor,
           (SELECT json_agg(c.category_id) FROM preparation_station_category c WHERE c.station_id = s.id) AS categories,
           (SELECT json_agg(p.product_id) FROM preparation_station_product p WHERE p.station_id = s.id) AS products
         FROM preparation_station s WHERE s.branch_id = $1 ORDER BY s.position, s.id`,
      [branchId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      isExpeditor: r.is_expeditor,
      categories: (json(r.categories) ?? []).map(Number),
      products: (json(r.products) ?? []).map(Number),
    }));
  }

  /** The station from `?station=`, of this branch. */
  private station(stations: StationRow[], raw: unknown): StationRow {
    if (typeof raw !== 'string' || raw === '')
      throw new DomainError('validation', 'Bitte eine Station angeben.', 'station');
    const id = parseId(raw, 'Station');
    const station = stations.find((s) => s.id === id);
    if (!station) throw new DomainError('not_found', STATION_NOT_FOUND);
    return station;
  }

  /** A product's categories (through the menus that place it). */
  private async categoriesOf(em: EntityManager, products: number[]): Promise<(id: number) => number[]> {
    const map = new Map<number, number[]>();
    if (products.length) {
      const rows: Array<{ product_id: number; category_id: number }> = await em.query(
        `SELECT DISTINCT mp.product_id, mc.category_id FROM menu_product mp
         JOIN menu_category mc ON mc.id = mp.menu_category_id WHERE mp.product_id = ANY($1)`,
        [products],
      );
      for (const r of rows) {
        const list = map.get(Number(r.product_id)) ?? [];
        list.push(Number(r.category_id));
        map.set(Number(r.product_id), list);
      }
    }
    return (id) => map.get(id) ?? [];
  }

  private async preparationMinutes(em: EntityManager, branchId: number): Promise<number | null> {
    const rows: Array<{ m: number | null }> = await em.query(
      `SELECT default_preparation_minutes AS m FROM branch WHERE id = $1`,
      [branchId],
    );
    return rows[0]?.m ?? null;
  }

  /** Each station's item indices of these orders (stations without an item of an order are left out). */
  private async routing(em: EntityManager, stations: StationRow[], orders: OrderRow[]) {
    const productsOf = (o: OrderRow) => json(o.items).map((i) => Number(i.product?.id));
    const categoriesOf = await this.categoriesOf(em, [...new Set(orders.flatMap(productsOf))]);
    return (station: StationRow, order: OrderRow) =>
      stationItemIndices(station, productsOf(order), categoriesOf);
  }

  private ticket(
    order: OrderRow,
    indices: number[],
    state: StateRow | undefined,
    settings: KitchenSettings,
    prep: number | null,
  ): KitchenTicket {
    const items = json(order.items);
    const done = new Set(state ? json(state.done_items) : []);
    const stage = Math.min(state?.stage ?? 0, settings.stages.length - 1);
    return {
      orderId: Number(order.id),
      ticketNumber: order.ticket_number === null ? null : Number(order.ticket_number),
      orderType: orderTypeOf(order),
      tableIdentifier: order.table_identifier,
      appointment: iso(order.appointment),
      startsAt: kitchenStartsAt(
        new Date(order.created_at),
        order.appointment ? new Date(order.appointment) : null,
        prep,
      ).toISOString(),
      comment: order.comment ?? '',
      items: indices.map((index) => {
        const item = items[index]!;
        return {
          index,
          productId: Number(item.product?.id) || null,
          name: item.name,
          amount: Number(item.amount),
          unit: String(item.unit),
          parts: item.partLabels ?? [],
          done: done.has(index),
        };
      }),
      stage,
      stageName: settings.stages[stage]!,
      bumpedAt: iso(state?.bumped_at ?? null),
      updatedAt: iso(state?.updated_at ?? order.created_at)!,
    };
  }

  private async ordersOf(em: EntityManager, branchId: number, ids?: number[]): Promise<OrderRow[]> {
    const since = new Date(this.clock.now().getTime() - OPEN_FOR_MS);
    return em.query(
      `SELECT o.id, o.ticket_number, o.is_delivery, o.is_dine_in, o.table_identifier, o.appointment, o.created_at,
         o.comment, o.items, o.is_in_delivery
       FROM customer_order o WHERE o.branch_id = $1 AND ${OPEN_ORDER} AND o.created_at >= $2
       ${ids ? 'AND o.id = ANY($3)' : ''} ORDER BY o.id`,
      ids ? [branchId, since, ids] : [branchId, since],
    );
  }

  private async states(em: EntityManager, orderIds: number[]): Promise<StateRow[]> {
    if (!orderIds.length) return [];
    return em.query(
      `SELECT order_id, station_id, stage, done_items, bumped_at, updated_at, recalled FROM kitchen_ticket WHERE order_id = ANY($1)`,
      [orderIds],
    );
  }

  /** `GET /api/kitchen/{branchId}/tickets?station=`. */
  async board(ctx: RequestContext, rawBranch: string, rawStation: unknown): Promise<KitchenBoard> {
    const branchId = this.branchOf(ctx, rawBranch);
    const em = this.connection.manager(ctx);
    const stations = await this.stations(em, branchId);
    const station = this.station(stations, rawStation);
    const settings = await this.settings(em, branchId);
    const prep = await this.preparationMinutes(em, branchId);
    const now = this.clock.now();
    const orders = await this.ordersOf(em, branchId);
    const route = await this.routing(em, stations, orders);
    const states = await this.states(
      em,
      orders.map((o) => Number(o.id)),
    );
    const last = settings.stages.length - 1;
    const tickets: KitchenTicket[] = [];
    const finished: KitchenTicket[] = [];
    for (const order of orders) {
      const indices = route(station, order);
      if (!indices.length) continue;
      const state = states.find(
        (s) => Number(s.order_id) === Number(order.id) && Number(s.station_id) === station.id,
      );
      const ticket = this.ticket(order, indices, state, settings, prep);
      if (ticket.stage >= last) finished.push(ticket);
      // An order handed out ("Abholbereit"/"In Zustellung") leaves the open list, unless this station
      // took its ticket back with "Zurückholen".
      else if (Date.parse(ticket.startsAt) <= now.getTime() && (!order.is_in_delivery || state?.recalled))
        tickets.push(ticket);
    }
    tickets.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.orderId - b.orderId);
    finished.sort((a, b) => Date.parse(b.bumpedAt ?? '') - Date.parse(a.bumpedAt ?? ''));
    return {
      station: { id: station.id, name: station.name, isExpeditor: station.isExpeditor },
      settings,
      tickets,
      recent: finished.slice(0, RECENT),
      now: now.toISOString(),
    };
  }

  /**
   * `POST …/bump?station=`: the ticket moves one stage on (or back with `recall`) when it is at the stage
   * the display saw; otherwise another display was first and nothing changes. Either way the answer is
   * the ticket's state now, so that both displays end the same.
   */
  async bump(ctx: RequestContext, rawBranch: string, rawOrder: string, rawStation: unknown, body: unknown) {
    const input = parseInput(bumpSchema, body);
    return this.change(ctx, rawBranch, rawOrder, rawStation, (state, last) => {
      if (state.stage !== input.expectedStage) return false;
      const next = input.recall ? state.stage - 1 : state.stage + 1;
      if (next < 0 || next > last) return false;
      state.stage = next;
      state.bumped = true;
      // A recalled ticket stays "taken back" until it reaches the last stage again.
      state.recalled = input.recall ? true : state.recalled && next < last;
      return true;
    });
  }

  /** `POST …/items/{index}?station=`: an item done (or not done again). */
  async markItem(
    ctx: RequestContext,
    rawBranch: string,
    rawOrder: string,
    rawIndex: string,
    rawStation: unknown,
    body: unknown,
  ) {
    const input = parseInput(itemSchema, body);
    const index = /^\d{1,3}$/.test(rawIndex) ? Number(rawIndex) : -1;
    return this.change(ctx, rawBranch, rawOrder, rawStation, (state, _last, indices) => {
      if (!indices.includes(index))
        throw new DomainError('validation', 'Diese Position gehört nicht zu dieser Station.', 'index');
      const has = state.done.includes(index);
      if (has === input.done) return false;
      state.done = input.done
        ? [...state.done, index].sort((a, b) => a - b)
        : state.done.filter((i) => i !== index);
      return true;
    });
  }

  private async change(
    ctx: RequestContext,
    rawBranch: string,
    rawOrder: string,
    rawStation: unknown,
    apply: (
      state: { stage: number; done: number[]; bumped: boolean; recalled: boolean },
      last: number,
      indices: number[],
    ) => boolean,
  ): Promise<KitchenTicket> {
    const branchId = this.branchOf(ctx, rawBranch);
    const orderId = parseId(rawOrder, 'Bestellung');
    return this.connection.withTransaction(ctx, async (em) => {
      const stations = await this.stations(em, branchId);
      const station = this.station(stations, rawStation);
      const [order] = await this.ordersOf(em, branchId, [orderId]);
      if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
      const route = await this.routing(em, stations, [order]);
      const indices = route(station, order);
      if (!indices.length) throw new DomainError('not_found', ORDER_NOT_FOUND);
      const settings = await this.settings(em, branchId);
      const last = settings.stages.length - 1;
      // The row exists before it is locked, so that two first taps at once wait for each other.
      await em.query(
        `INSERT INTO kitchen_ticket (order_id, station_id) VALUES ($1, $2) ON CONFLICT (order_id, station_id) DO NOTHING`,
        [orderId, station.id],
      );
      const [row]: StateRow[] = await em.query(
        `SELECT order_id, station_id, stage, done_items, bumped_at, updated_at, recalled FROM kitchen_ticket
         WHERE order_id = $1 AND station_id = $2 FOR UPDATE`,
        [orderId, station.id],
      );
      const state = {
        stage: Math.min(row!.stage, last),
        done: json(row!.done_items),
        bumped: false,
        recalled: row!.recalled,
      };
      const now = this.clock.now();
      let current = row!;
      if (apply(state, last, indices)) {
        const [updated] = rowsOf(
          await em.query(
            `UPDATE kitchen_ticket SET stage = $3, done_items = $4::jsonb, updated_at = $5::timestamptz,
             bumped_at = CASE WHEN $6::boolean THEN $5::timestamptz ELSE bumped_at END, recalled = $7
           WHERE order_id = $1 AND station_id = $2
           RETURNING order_id, station_id, stage, done_items, bumped_at, updated_at, recalled`,
            [
              orderId,
              station.id,
              state.stage,
              JSON.stringify(state.done),
              now.toISOString(),
              state.bumped,
              state.recalled,
            ],
          ),
        );
        current = updated as unknown as StateRow;
        const allDone = await this.allDone(em, stations, order, route, last, station.id, state.stage);
        const event: KitchenTicketEvent = {
          branchId,
          stationId: station.id,
          orderId,
          stage: state.stage,
          doneItems: state.done,
          bumpedAt: iso(current.bumped_at),
          allDone,
        };
        await this.log.append(ctx, em, {
          type: 'kitchen.ticket',
          branchId,
          orderUid: null,
          payload: event as unknown as Record<string, unknown>,
          publicPayload: null,
        });
        if (allDone && state.bumped && settings.readyWhenDone && !order.is_in_delivery)
          await this.orders.changeStatus(ctx, orderId, 'in-delivery', {});
      }
      const prep = await this.preparationMinutes(em, branchId);
      return this.ticket(order, indices, current, settings, prep);
    });
  }

  /** Whether every station with items of this order is at the last stage (this one at `stage`). */
  private async allDone(
    em: EntityManager,
    stations: StationRow[],
    order: OrderRow,
    route: (s: StationRow, o: OrderRow) => number[],
    last: number,
    stationId: number,
    stage: number,
  ): Promise<boolean> {
    const involved = stations.filter((s) => route(s, order).length > 0);
    const states = await this.states(em, [Number(order.id)]);
    return involved.every((s) =>
      s.id === stationId
        ? stage >= last
        : (states.find((r) => Number(r.station_id) === s.id)?.stage ?? 0) >= last,
    );
  }
}
