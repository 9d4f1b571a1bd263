import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  AVAILABILITY_EVENT,
  customerStatusText,
  publicSoldOut,
  pickFlags,
  type OrderFlags,
} from '@ordering/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '../core/events.js';
import { Clock } from '../core/clock.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { JobQueue, rowsOf } from '../jobs/job-queue.service.js';
import type { OrderEvent } from '../orders/order-events.js';
import { PgChannel } from '../core/pg-channel.js';

/** The channel that carries new `event_log` ids to every instance's stream hub. */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/** `last_error` of a receipt withdrawn because its order was cancelled or rejected before it printed. */
export const PRINT_WITHDRAWN = 'Bestellung storniert';

/** How long an instance trusts what it knows about a branch's printers. */
const PRINT_CACHE_MS = 10_000;

/** The order event types that appear on the stream as they are (with the staff view of the order). */
export const STREAMED = ['order.created', 'order.updated', 'order.status'] as const;

/** The fields of the staff view the customer's status page may see (as `GET /api/orders/public/…`). */
const PUBLIC_FIELDS = [
  'uid',
  'ticketNumber',
  'isQuotation',
  'branch',
  'customerStatus',
  'tableIdentifier',
  'deliveryArea',
  'appointmentDate',
  'appointment',
  'counterAppointment',
  'rejectionMessage',
  'paymentMethod',
  'payment', // { state, text } of the payments module: the status page follows "Warten auf Zahlung" → paid
  'questionnaireRating',
  'items',
  'pricing',
  'createdAt',
] as const;

/** What a status page receives of an order event: no contact data, nothing internal, not the hash. */
export function publicOrderPayload(event: OrderEvent): Record<string, unknown> {
  const order = event.order;
  const picked = Object.fromEntries(PUBLIC_FIELDS.filter((k) => k in order).map((k) => [k, order[k]]));
  const flags = pickFlags(order as unknown as OrderFlags);
  return {
    ...picked,
    ...flags,
    statusText: customerStatusText(flags),
    ...(event.action ? { action: event.action } : {}),
  };
}

export interface EventLogEntry {
  type: string;
  branchId: number | null;
  orderUid: string | null;
  payload: Record<string, unknown>;
  publicPayload: Record<string, unknown> | null;
}

/**
 * Writes the live stream's log: every order event becomes an `event_log` row in the order's transaction,
 * and a print request becomes a `print` job and a `print.job` row. After the commit every instance is told
 * the new ids (see {@link PgChannel}).
 */
@Injectable()
export class EventLogWriter implements OnModuleInit {
  constructor(
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    private readonly channel: PgChannel,
    private readonly clock: Clock,
  ) {}

  /** Whether a branch prints new orders, per branch, for a few seconds (devices change rarely). */
  private readonly printing = new Map<number, { prints: boolean; until: number }>();

  onModuleInit(): void {
    // A device written through the API clears the cache at once (other instances: after PRINT_CACHE_MS).
    this.events.afterCommit(['entity.created', 'entity.updated', 'entity.deleted'], (event) => {
      if (event.payload.entityType === 'devices') this.printing.clear();
    });
    this.events.inTransaction([...STREAMED], (event, ctx, em) =>
      this.onOrderEvent(event as DomainEvent<(typeof STREAMED)[number]>, ctx, em),
    );
    // A pause or busy mode set at one board reaches the other boards of the branch (staff streams only).
    this.events.inTransaction(['branch.pause'], async (event, ctx, em) => {
      const { branchId, orderingPause, busyMode } = event.payload;
      await this.append(ctx, em, {
        type: 'branch.pause',
        branchId,
        orderUid: null,
        payload: { branchId, orderingPause, busyMode },
        publicPayload: null,
      });
    });
    // Sold out marked or ended: staff streams get who marked it, storefronts and kiosks the public view.
    this.events.inTransaction(['availability.changed'], async (event, ctx, em) => {
      await this.append(ctx, em, {
        type: AVAILABILITY_EVENT,
        branchId: event.payload.branchId,
        orderUid: null,
        payload: { ...event.payload },
        publicPayload: { ...publicSoldOut(event.payload) },
      });
    });
    this.events.inTransaction(['order.print'], (event, ctx, em) =>
      this.print(ctx, em, event.payload, 'requested'),
    );
  }

  private async onOrderEvent(
    event: DomainEvent<(typeof STREAMED)[number]>,
    ctx: RequestContext,
    em: EntityManager,
  ): Promise<void> {
    const payload = event.payload;
    const { action, ...rest } = payload;
    await this.append(ctx, em, {
      type: event.type,
      branchId: payload.branchId || null,
      orderUid: payload.uid,
      payload: { ...rest, ...(action ? { action } : {}) },
      publicPayload: publicOrderPayload(payload),
    });
    if (event.type === 'order.created' && (await this.branchPrints(em, payload.branchId)))
      await this.print(ctx, em, payload, 'created');
    if (event.type === 'order.status' && (payload.order.isCanceled || payload.order.isRejected))
      await this.withdrawPrints(ctx, em, payload);
  }

  /**
   * A cancelled or rejected order: its receipts not yet printed are withdrawn (`failed`, "Bestellung
   * storniert"; a device that prints one anyway in that moment gets the slip on its acknowledgement), and
   * every device that printed one gets a "STORNIERT" slip, so the kitchen stops cooking it.
   */
  private async withdrawPrints(ctx: RequestContext, em: EntityManager, event: OrderEvent): Promise<void> {
    const rows = rowsOf(
      await em.query(
        `UPDATE job SET status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END,
              last_error = CASE WHEN status = 'pending' THEN $2 ELSE last_error END
       WHERE type = 'print' AND payload ->> 'orderId' = $1 AND payload ->> 'reason' IN ('created', 'requested')
       RETURNING id, status, payload ->> 'ackedBy' AS acked_by`,
        [String(event.orderId), PRINT_WITHDRAWN],
      ),
    );
    const printedOn = new Set(
      rows.filter((r) => r.status === 'done' && r.acked_by !== null).map((r) => Number(r.acked_by)),
    );
    for (const deviceId of printedOn) await this.printCancellation(ctx, em, { ...event, deviceId });
  }

  /** The "STORNIERT" slip of an order for the device that printed its receipt (once per device). */
  async printCancellation(
    ctx: RequestContext,
    em: EntityManager,
    event: Pick<OrderEvent, 'orderId' | 'uid' | 'branchId'> & { ticketNumber?: unknown; deviceId: number },
  ): Promise<void> {
    const job = {
      orderId: event.orderId,
      uid: event.uid,
      branchId: event.branchId,
      deviceId: event.deviceId,
      reason: 'cancelled',
    };
    const jobId = await this.jobs.enqueue(ctx, 'print', job, {
      dedupeKey: `print:order:${event.orderId}:cancelled:${event.deviceId}`,
    });
    if (jobId === null) return;
    await this.append(ctx, em, {
      type: 'print.job',
      branchId: event.branchId || null,
      orderUid: event.uid,
      payload: { jobId, ...job },
      publicPayload: null,
    });
  }

  /**
   * A `print` job for the branch's devices (they fetch and acknowledge it; no worker in this process
   * runs it) and its `print.job` event. An order prints once on creation (dedupe key), and again on every
   * explicit request (with its `kind` and `deviceId` when staff chose them).
   */
  private async print(
    ctx: RequestContext,
    em: EntityManager,
    event: OrderEvent,
    reason: 'created' | 'requested',
  ): Promise<void> {
    const job = {
      orderId: event.orderId,
      uid: event.uid,
      branchId: event.branchId,
      ticketNumber: event.order.ticketNumber ?? null,
      reason,
      // Staff's choice (`POST /api/orders/{id}/print`): the kitchen ticket or labels, on one device only.
      ...(event.print && event.print.kind !== 'receipt' ? { kind: event.print.kind } : {}),
      ...(event.print?.deviceId ? { deviceId: event.print.deviceId } : {}),
    };
    const jobId = await this.jobs.enqueue(ctx, 'print', job, {
      ...(reason === 'created' ? { dedupeKey: `print:order:${event.orderId}:created` } : {}),
    });
    if (jobId === null) return;
    await this.append(ctx, em, {
      type: 'print.job',
      branchId: event.branchId || null,
      orderUid: event.uid,
      payload: { jobId, ...job },
      publicPayload: null,
    });
  }

  /**
   * A branch prints new orders when it has an enabled printer, or a front-desk terminal with a printer and
   * `autoPrint` on.
   */
  private async branchPrints(em: EntityManager, branchId: number): Promise<boolean> {
    const cached = this.printing.get(branchId);
    if (cached && cached.until > performance.now()) return cached.prints;
    const rows: unknown[] = await em.query(
      `SELECT 1 FROM device WHERE branch_id = $1 AND is_enabled
         AND (type = 'printer' OR (type = 'frontdesk' AND jsonb_typeof(settings -> 'printer') = 'object'
                                   AND (settings ->> 'autoPrint')::boolean IS TRUE))
       LIMIT 1`,
      [branchId],
    );
    const prints = rows.length > 0;
    this.printing.set(branchId, { prints, until: performance.now() + PRINT_CACHE_MS });
    return prints;
  }

  /** Appends one row to the log and tells every instance its id once the transaction commits. */
  async append(ctx: RequestContext, em: EntityManager, entry: EventLogEntry): Promise<number> {
    const rows: Array<{ id: string }> = await em.query(
      `INSERT INTO event_log (type, branch_id, order_uid, payload, public_payload, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        entry.type,
        entry.branchId,
        entry.orderUid,
        JSON.stringify(entry.payload),
        entry.publicPayload === null ? null : JSON.stringify(entry.publicPayload),
        this.clock.now(),
      ],
    );
    const id = Number(rows[0]!.id);
    await this.channel.notify(ctx, ORDER_EVENTS_CHANNEL, String(id));
    return id;
  }
}
