import { Inject, Injectable } from '@nestjs/common';
import type { PrintBranch, PrintJob } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import type { AppConfig } from '../env/config.js';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { APP_CONFIG } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';
import { rowsOf } from '../core/raw-rows.js';
import type { AuthenticatedDevice } from '../devices/device-heartbeat.service.js';
import { Device } from '../devices/device.entity.js';
import { isOnline } from '../core/device-presence.js';
import { type PrinterState, printerStateText } from '../devices/device-settings.js';
import { Order } from '../orders/order.entity.js';
import { printJobJson } from './print-job-json.js';
import { HAS_PRINTER_SQL, PRINT_WITHDRAWN, PRINTS_NEW_SQL } from './print-rules.js';
import { PrintingService } from './printing.service.js';

/**
 * How long a print job handed to a device stays its own: within the lease no other device of the branch
 * gets it; after it, unacknowledged, the job is handed out again (to this or another device).
 */
export const PRINT_LEASE_MS = 60_000;
/** Jobs per `GET /api/devices/me/jobs`. */
const BATCH = 50;

/** The lease holder as written into `job.locked_by` (a worker id never starts with `device:`). */
const holder = (deviceId: number) => `device:${deviceId}`;

const NOT_FOUND = 'Druckauftrag wurde nicht gefunden.';

/** A printing device as the board and the print button see it. */
export interface PrintingDeviceView {
  id: number;
  name: string;
  type: string;
  branch: { id: number };
  /** Prints new orders by itself (a printer, or a front desk with `autoPrint`); otherwise only on request. */
  printsNewOrders: boolean;
  /** Has its device key: staff may send a print to it (`POST /api/orders/{id}/print` with `device`). */
  paired: boolean;
  connection: 'online' | 'offline';
  lastSeenAt: Date | null;
  printerState: PrinterState | null;
  /** German, e.g. "kein Papier · 3 Aufträge warten"; null before the terminal reported. */
  printerStatus: string | null;
}

/**
 * The device side of print jobs (see docs/decisions/printing.md): a device fetches the pending `print`
 * jobs of its branch (each handed out is leased to it for {@link PRINT_LEASE_MS}) and acknowledges each
 * with its id once printed; an acknowledged job is `done` and never handed out again. Print jobs stay
 * `pending` while leased (the lease is `locked_by`/`locked_until`), so the durable worker, which only
 * claims types it has handlers for and only ever touches `running` rows otherwise, leaves them alone.
 */
@Injectable()
export class PrintJobsService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly printing: PrintingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `GET /api/devices/me/jobs`: the branch's pending print jobs that no other device holds (and test pages
   * meant for this device), oldest first; each is leased to this device for {@link PRINT_LEASE_MS}
   * (again on every fetch while it is unacknowledged). Two devices fetching at once never get the same
   * job (`FOR UPDATE SKIP LOCKED`).
   */
  async fetch(ctx: RequestContext, device: AuthenticatedDevice): Promise<PrintJob[]> {
    if (device.branchId === null) return [];
    return this.connection.withTransaction(ctx, async (em) => {
      const now = this.clock.now();
      const until = new Date(now.getTime() + PRINT_LEASE_MS);
      // New orders print on a device that prints them (a front desk only with `autoPrint`), and only those
      // written after it was paired: a new terminal does not print the backlog (it prints on request).
      const [self] = rowsOf(
        await em.query(
          `SELECT ${PRINTS_NEW_SQL} AS prints_new,
                  coalesce(prints_after_job, 0) AS prints_after
           FROM device WHERE id = $1`,
          [device.id],
        ),
      );
      const rows = rowsOf(
        await em.query(
          `UPDATE job SET locked_by = $3, locked_until = $4, attempts = job.attempts + 1
           FROM (SELECT id FROM job
                 WHERE type = 'print' AND status = 'pending' AND payload ->> 'branchId' = $2
                   AND (payload ->> 'deviceId' IS NULL OR payload ->> 'deviceId' = $5)
                   AND (payload ->> 'reason' IS DISTINCT FROM 'created' OR ($6 AND id > $7))
                   AND (locked_until IS NULL OR locked_until < $1 OR locked_by = $3)
                 ORDER BY id
                 LIMIT ${BATCH}
                 FOR UPDATE SKIP LOCKED) due
           WHERE job.id = due.id
           RETURNING job.id, job.payload, job.attempts, job.created_at`,
          [
            now,
            String(device.branchId),
            holder(device.id),
            until,
            String(device.id),
            self?.prints_new === true,
            String(self?.prints_after ?? 0),
          ],
        ),
      );
      rows.sort((a, b) => Number(a.id) - Number(b.id));
      const orderIds = rows
        .map((r) => (r.payload as Record<string, unknown>).orderId)
        .filter((id): id is number => typeof id === 'number');
      const orders = new Map(
        (orderIds.length ? await em.getRepository(Order).findBy({ id: In(orderIds) }) : []).map((o) => [
          o.id,
          o,
        ]),
      );
      const shop = await this.shopName(em);
      const branch = await this.branchOf(em, device.branchId!);
      const views: PrintJob[] = [];
      for (const row of rows) {
        const payload = row.payload as Record<string, unknown>;
        const isTest = payload.reason === 'test';
        const order = typeof payload.orderId === 'number' ? orders.get(payload.orderId) : undefined;
        const withdrawn = !order
          ? 'Bestellung gelöscht'
          : payload.reason === 'created' && (order.isCanceled || order.isRejected)
            ? PRINT_WITHDRAWN
            : null;
        if (!isTest && withdrawn) {
          // Deleted, or cancelled/rejected before it printed: never printed as new; given up for good.
          await em.query(
            `UPDATE job SET status = 'failed', last_error = $2, locked_by = NULL, locked_until = NULL WHERE id = $1`,
            [row.id, withdrawn],
          );
          continue;
        }
        views.push(
          printJobJson(row, until, { publicUrl: this.config.publicUrl, shopName: shop, branch, order }),
        );
      }
      return views;
    });
  }

  /**
   * `POST /api/devices/me/jobs/{id}/ack`: the job is printed. Idempotent: the first acknowledgement marks
   * it `done` (it is never handed out again); a repeated one changes nothing. Any device of the job's
   * branch may acknowledge it (one whose lease expired while it printed included: printed is printed).
   * @throws DomainError not_found (unknown job, not a print job, or another branch's).
   */
  async ack(
    ctx: RequestContext,
    device: AuthenticatedDevice,
    jobId: number,
  ): Promise<{ id: number; acknowledged: boolean; doneAt: Date }> {
    return this.connection.withTransaction(ctx, async (em) => {
      const rows = rowsOf(
        await em.query(
          `SELECT id, status, done_at, last_error, payload FROM job
           WHERE id = $1 AND type = 'print' AND payload ->> 'branchId' = $2
             AND (payload ->> 'deviceId' IS NULL OR payload ->> 'deviceId' = $3) FOR UPDATE`,
          [jobId, String(device.branchId ?? -1), String(device.id)],
        ),
      );
      const row = rows[0];
      if (!row) throw new DomainError('not_found', NOT_FOUND);
      if (row.status === 'done')
        return { id: jobId, acknowledged: false, doneAt: new Date(row.done_at as string) };
      // The receipt was withdrawn (order cancelled) while this device printed it: the kitchen has a ticket
      // of a cancelled order, so it gets the "STORNIERT" slip as well.
      if (row.status === 'failed' && row.last_error === PRINT_WITHDRAWN) {
        const job = row.payload as { orderId: number; uid: string; branchId: number };
        await this.printing.printCancellation(ctx, em, { ...job, deviceId: device.id });
      }
      const now = this.clock.now();
      await em.query(
        `UPDATE job SET status = 'done', done_at = $2, locked_by = NULL, locked_until = NULL, last_error = NULL,
           payload = payload || jsonb_build_object('ackedBy', $3::int)
         WHERE id = $1`,
        [jobId, now, device.id],
      );
      return { id: jobId, acknowledged: true, doneAt: now };
    });
  }

  /**
   * `POST /api/devices/{id}/test/print` (staff): a test-page job for this device only, and its `print.job`
   * event on the branch's stream.
   * @throws DomainError not_found / forbidden (device outside the user's branches) / validation (no branch).
   */
  async testPrint(ctx: RequestContext, deviceId: number): Promise<{ jobId: number; deviceId: number }> {
    return this.connection.withTransaction(ctx, async (em) => {
      const device = await em.findOne(Device, { where: { id: deviceId }, relations: { branch: true } });
      if (!device) throw new DomainError('not_found', 'Gerät wurde nicht gefunden.');
      if (!ctx.mayAccessBranch(device.branch?.id))
        throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
      if (!device.branch)
        throw new DomainError('validation', 'Das Gerät ist keiner Filiale zugeordnet.', 'branch');
      const jobId = await this.printing.printTestPage(ctx, em, device.branch.id, device.id);
      return { jobId, deviceId: device.id };
    });
  }

  /**
   * `GET /api/devices/printing/status`: the printing devices of the user's branches (or of one) with their
   * connection and printer state, for the board, the order's print button and the device list.
   */
  async printers(ctx: RequestContext, branchId: number | null): Promise<PrintingDeviceView[]> {
    const rows: Array<Record<string, unknown>> = await this.connection.manager(ctx).query(
      `SELECT id, identifier, name, type, branch_id, last_seen_at, printer_state, printer_state_at,
              api_key_hash IS NOT NULL AS paired,
              ${PRINTS_NEW_SQL} AS prints_new
       FROM device
       WHERE is_enabled AND branch_id IS NOT NULL AND ($1::int IS NULL OR branch_id = $1)
         AND ${HAS_PRINTER_SQL}
       ORDER BY branch_id, identifier`,
      [branchId],
    );
    const now = this.clock.now();
    return rows
      .filter((r) => ctx.mayAccessBranch(Number(r.branch_id)))
      .map((r) => {
        const state = (r.printer_state as PrinterState | null) ?? null;
        const lastSeenAt = r.last_seen_at ? new Date(r.last_seen_at as string) : null;
        return {
          id: Number(r.id),
          name: String(r.name || r.identifier),
          type: String(r.type),
          branch: { id: Number(r.branch_id) },
          printsNewOrders: r.prints_new === true,
          paired: r.paired === true,
          connection: isOnline(lastSeenAt, now) ? 'online' : 'offline',
          lastSeenAt,
          printerState: state,
          printerStatus: state ? printerStateText(state) : null,
        };
      });
  }

  private async shopName(em: EntityManager): Promise<string> {
    const rows: Array<{ shop_name: string }> = await em.query(
      `SELECT shop_name FROM shop_config WHERE id = 1`,
    );
    return rows[0]?.shop_name ?? '';
  }

  private async branchOf(em: EntityManager, id: number): Promise<PrintBranch | null> {
    const rows: Array<Record<string, string>> = await em.query(
      `SELECT id, name, street, zip_code, city, phone FROM branch WHERE id = $1`,
      [id],
    );
    const b = rows[0];
    return b
      ? {
          id: Number(b.id),
          name: b.name!,
          street: b.street!,
          zipCode: b.zip_code!,
          city: b.city!,
          phone: b.phone!,
        }
      : null;
  }
}
