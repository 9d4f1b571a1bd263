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
import type { OrderEvent } from '../orders/order-events.js';
import { PgChannel } from '../core/pg-channel.js';
import { valuesList } from '../core/raw-rows.js';
import { batchLater } from '../core/transaction.js';

/** The channel that carries new `event_log` ids to every instance's stream hub. */
export const ORDER_EVENTS_CHANNEL = 'order_events';

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
  /**
   * A row about a job written with the same closing statement ({@link JobQueue.enqueueLaterWithRows}):
   * the row is written only when that job was (its dedupe key was new), its payload with the job's `jobId`.
   */
  job?: { rows: string; dedupeKey: string };
}

/**
 * Writes the live stream's log: every order event becomes an `event_log` row in the order's transaction
 * (printing appends its `print.job` rows through {@link EventLogWriter.append}). After the commit every
 * instance is told the new ids (see {@link PgChannel}).
 */
@Injectable()
export class EventLogWriter implements OnModuleInit {
  constructor(
    private readonly events: EventBus,
    private readonly channel: PgChannel,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
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
  }

  /**
   * Appends one row to the log and tells every instance its id once the transaction commits. Inside the
   * context's transaction the rows are written together with its closing statement, in the order they
   * were appended (one `INSERT` numbering them in that order).
   */
  async append(ctx: RequestContext, em: EntityManager, entry: EventLogEntry): Promise<void> {
    const row = { ...entry, createdAt: this.clock.now() };
    if (entry.job && ctx.unitOfWork?.em !== em)
      throw new Error('an event row about a deferred job outside its transaction');
    // On the server each new id is notified by the statement itself (delivered at COMMIT).
    const notify = this.channel.notifyInStatement(ORDER_EVENTS_CHANNEL, 'id::text');
    await batchLater(ctx, em, this, row, (rows) => {
      // Rows about jobs of the same statement join those jobs' rows (one name: the jobs are one batch).
      const jobRows = [...new Set(rows.flatMap((r) => (r.job ? [r.job.rows] : [])))];
      if (jobRows.length > 1) throw new Error('event rows name more than one batch of jobs');
      const { values, params } = valuesList(
        rows.map((r, i) => [
          i,
          r.type,
          r.branchId,
          r.orderUid,
          JSON.stringify(r.payload),
          r.publicPayload === null ? null : JSON.stringify(r.publicPayload),
          r.createdAt,
          ...(jobRows.length ? [r.job?.dedupeKey ?? null] : []),
        ]),
        [
          'int',
          'varchar',
          'int',
          'uuid',
          'jsonb',
          'jsonb',
          'timestamptz',
          ...(jobRows.length ? ['text'] : []),
        ],
      );
      const columns = 'n, type, branch_id, order_uid, payload, public_payload, created_at';
      const from = jobRows.length
        ? `FROM (VALUES ${values}) AS v(${columns}, job_key)
           LEFT JOIN ${jobRows[0]} j ON j.dedupe_key = v.job_key
           WHERE v.job_key IS NULL OR j.id IS NOT NULL`
        : `FROM (VALUES ${values}) AS v(${columns})`;
      const payload = jobRows.length
        ? `CASE WHEN v.job_key IS NULL THEN v.payload ELSE jsonb_build_object('jobId', j.id) || v.payload END`
        : 'v.payload';
      return {
        sql: `INSERT INTO event_log (type, branch_id, order_uid, payload, public_payload, created_at)
              SELECT v.type, v.branch_id, v.order_uid, ${payload}, v.public_payload, v.created_at
              ${from}
              ORDER BY v.n
              RETURNING id${notify ? `, ${notify}` : ''}`,
        params,
        then: (inserted) =>
          this.channel.notifyReturned(
            ctx,
            ORDER_EVENTS_CHANNEL,
            inserted
              .map((r) => Number(r.id))
              .sort((a, b) => a - b)
              .map(String),
          ),
      };
    });
  }
}
