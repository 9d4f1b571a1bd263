import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { EventLogWriter } from '../events/event-log.writer.js';
import { rowsOf } from '../core/raw-rows.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import type { OrderEvent } from '../orders/order-events.js';
import { assertPrintingDevice, branchPrintsNewOrders, PRINT_WITHDRAWN } from './print-rules.js';
import type { PrintJobPayload } from './print-job-json.js';

/** How long an instance trusts what it knows about a branch's printers. */
const PRINT_CACHE_MS = 10_000;

/**
 * The order side of printing (docs/decisions/printing.md): whether a branch prints, and the `print` jobs
 * of an order with their `print.job` rows on the live stream, all in the order's transaction. A new order
 * prints once when its branch prints (dedupe key); staff's request (`order.print`) prints again, with its
 * `kind` and device; a cancelled or rejected order withdraws its unprinted receipts and sends a
 * "STORNIERT" slip to every device that printed one. No worker of this process runs a `print` job: the
 * devices lease and acknowledge them ({@link PrintJobsService}).
 */
@Injectable()
export class PrintingService implements OnModuleInit {
  constructor(
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    private readonly eventLog: EventLogWriter,
  ) {}

  /** Whether a branch prints new orders, per branch, for a few seconds (devices change rarely). */
  private readonly printing = new Map<number, { prints: boolean; until: number }>();

  onModuleInit(): void {
    // The event log's subscriptions are registered before these (this module imports it), so the order's
    // own row precedes its `print.job` row on the stream.
    // A device written through the API clears the cache at once (other instances: after PRINT_CACHE_MS).
    this.events.afterCommit(['entity.created', 'entity.updated', 'entity.deleted'], (event) => {
      if (event.payload.entityType === 'devices') this.printing.clear();
    });
    this.events.inTransaction(['order.created'], async (event, ctx, em) => {
      if (await this.branchPrints(em, event.payload.branchId))
        await this.printOrder(ctx, em, event.payload, 'created');
    });
    this.events.inTransaction(['order.status'], async (event, ctx, em) => {
      const order = event.payload.order;
      if (order.isCanceled || order.isRejected) await this.withdrawPrints(ctx, em, event.payload);
    });
    this.events.inTransaction(['order.print'], async (event, ctx, em) => {
      // Staff named a device: it must be one of the order's branch that prints (400 at `device`).
      const deviceId = event.payload.print?.deviceId ?? null;
      if (deviceId !== null) await assertPrintingDevice(em, event.payload.branchId || null, deviceId);
      await this.printOrder(ctx, em, event.payload, 'requested');
    });
  }

  /** Whether the branch prints new orders ({@link branchPrintsNewOrders}, cached for a few seconds). */
  async branchPrints(em: EntityManager, branchId: number): Promise<boolean> {
    const cached = this.printing.get(branchId);
    if (cached && cached.until > performance.now()) return cached.prints;
    const prints = await branchPrintsNewOrders(em, branchId);
    this.printing.set(branchId, { prints, until: performance.now() + PRINT_CACHE_MS });
    return prints;
  }

  /**
   * A `print` job for the branch's devices and its `print.job` event. An order prints once on creation
   * (dedupe key), and again on every explicit request (with its `kind` and `deviceId` when staff chose them).
   */
  async printOrder(
    ctx: RequestContext,
    em: EntityManager,
    event: OrderEvent,
    reason: 'created' | 'requested',
  ): Promise<void> {
    const job = {
      orderId: event.orderId,
      uid: event.uid,
      branchId: event.branchId,
      ticketNumber: typeof event.order.ticketNumber === 'number' ? event.order.ticketNumber : null,
      reason,
      // Staff's choice (`POST /api/orders/{id}/print`): the kitchen ticket or labels, on one device only.
      ...(event.print && event.print.kind !== 'receipt' ? { kind: event.print.kind } : {}),
      ...(event.print?.deviceId ? { deviceId: event.print.deviceId } : {}),
    } satisfies PrintJobPayload;
    await this.enqueue(
      ctx,
      em,
      job,
      event.uid,
      reason === 'created' ? `print:order:${event.orderId}:created` : undefined,
    );
  }

  /** The "STORNIERT" slip of an order for the device that printed its receipt (once per device). */
  async printCancellation(
    ctx: RequestContext,
    em: EntityManager,
    event: Pick<OrderEvent, 'orderId' | 'uid' | 'branchId'> & { deviceId: number },
  ): Promise<void> {
    const job = {
      orderId: event.orderId,
      uid: event.uid,
      branchId: event.branchId,
      deviceId: event.deviceId,
      reason: 'cancelled',
    } satisfies PrintJobPayload;
    await this.enqueue(ctx, em, job, event.uid, `print:order:${event.orderId}:cancelled:${event.deviceId}`);
  }

  /** A test page for one device (`POST /api/devices/{id}/test/print`); answers the job's id. */
  async printTestPage(
    ctx: RequestContext,
    em: EntityManager,
    branchId: number,
    deviceId: number,
  ): Promise<number> {
    const job = {
      reason: 'test',
      branchId,
      deviceId,
      requestedBy: ctx.user?.username ?? null,
    } satisfies PrintJobPayload;
    return (await this.enqueue(ctx, em, job, null))!;
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

  /**
   * Writes the job and its `print.job` row (none when the dedupe key already has a job): its id, or null
   * when the key had one or both go out with the closing statement of the order's transaction.
   */
  private async enqueue(
    ctx: RequestContext,
    em: EntityManager,
    job: PrintJobPayload,
    orderUid: string | null,
    dedupeKey?: string,
  ): Promise<number | null> {
    // In an order's transaction a deduplicated job and its row go out with the closing statement, which
    // gives the row its job's id: no round trip while the order holds its ticket counter (orders.md).
    const rows = dedupeKey
      ? this.jobs.enqueueLaterWithRows(ctx, em, [{ type: 'print', payload: job, options: { dedupeKey } }])
      : null;
    if (rows) {
      await this.eventLog.append(ctx, em, {
        type: 'print.job',
        branchId: job.branchId || null,
        orderUid,
        payload: { ...job },
        publicPayload: null,
        job: { rows, dedupeKey: dedupeKey! },
      });
      return null;
    }
    const jobId = await this.jobs.enqueue(ctx, 'print', job, dedupeKey ? { dedupeKey } : {});
    if (jobId === null) return null;
    await this.eventLog.append(ctx, em, {
      type: 'print.job',
      branchId: job.branchId || null,
      orderUid,
      payload: { jobId, ...job },
      publicPayload: null,
    });
    return jobId;
  }
}
