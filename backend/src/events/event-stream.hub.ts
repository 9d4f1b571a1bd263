import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ticketOf, type TicketSource } from '@ordering/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { Clock } from '../core/clock.js';
import { LOGGER } from '../core/tokens.js';
import { ORDER_EVENTS_CHANNEL } from './event-log.writer.js';
import { PgChannel } from '../core/pg-channel.js';

/**
 * Who a stream belongs to: staff or a device (its branches, or all), one order's status page, or a
 * branch's ticket screen (ticket numbers and their state only).
 */
export type StreamScope =
  | { kind: 'staff'; branches: 'all' | number[] }
  | { kind: 'order'; uid: string }
  | { kind: 'tickets'; branchId: number };

/** The order events a ticket screen follows (as `ticket` events with the projection of `ticketOf`). */
const TICKET_SOURCES = ['order.created', 'order.updated', 'order.status'];

interface LogRow {
  id: number;
  type: string;
  branchId: number | null;
  orderUid: string | null;
  payload: Record<string, unknown>;
  publicPayload: Record<string, unknown> | null;
}

interface Client {
  res: Response;
  scope: StreamScope;
  /** Live rows that arrived while the missed ones were still being read (null once live). */
  pending: LogRow[] | null;
}

/** Rows read per query when a client resumes. */
const RESUME_PAGE = 500;
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** A client that does not read what it was sent is closed past this much; it resumes by Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1_000_000;
/** Log rows are kept this long (a resume from an older id gets what is left), then deleted hourly. */
export const EVENT_LOG_RETENTION_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/**
 * While clients are connected the hub also reads rows past the highest it has seen this often: a writer
 * that died between its commit and its notification, or a notification lost with the LISTEN connection,
 * delays an event by this much at worst.
 */
export const CATCH_UP_MS = 5_000;
/** Ids delivered lately, so that a row read twice (notification and catch-up) goes out once. */
const RECENT_IDS = 10_000;

const SELECT = `SELECT id, type, branch_id AS "branchId", order_uid AS "orderUid", payload, public_payload AS "publicPayload" FROM event_log`;

const toRow = (r: LogRow): LogRow => ({ ...r, id: Number(r.id) });

function visible(scope: StreamScope, row: LogRow): boolean {
  if (scope.kind === 'order') return row.orderUid === scope.uid && row.publicPayload !== null;
  if (scope.kind === 'tickets') return row.branchId === scope.branchId && TICKET_SOURCES.includes(row.type);
  if (scope.branches === 'all') return true;
  return row.branchId !== null && scope.branches.includes(row.branchId);
}

/** The SQL condition (and its parameter) that selects a scope's rows. */
function scopeFilter(scope: StreamScope): { sql: string; param?: unknown } {
  if (scope.kind === 'order')
    return { sql: 'order_uid = $2 AND public_payload IS NOT NULL', param: scope.uid };
  if (scope.kind === 'tickets')
    return { sql: `branch_id = $2 AND type IN ('${TICKET_SOURCES.join("', '")}')`, param: scope.branchId };
  if (scope.branches === 'all') return { sql: 'TRUE' };
  return { sql: 'branch_id = ANY($2)', param: scope.branches };
}

/**
 * The Server-Sent Events clients of this instance. New `event_log` ids arrive on the `order_events`
 * channel (from any instance); the hub reads those rows once and writes each to the clients whose scope
 * includes it. A client resuming with `Last-Event-ID` first gets the rows it missed from the log.
 */
@Injectable()
export class EventStreamHub implements OnModuleInit, OnModuleDestroy {
  private readonly clients = new Set<Client>();
  private readonly incoming = new Set<number>();
  private catchUp = false;
  private flushing?: Promise<void>;
  /** The highest id this hub has read (catch-up reads past it); set from the log on the first client. */
  private highest = 0;
  private baseline?: Promise<void>;
  private readonly recent = new Set<number>();
  private catchUpTimer?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private pruneTimer?: NodeJS.Timeout;
  private off?: () => void;
  /** How often the heartbeat comment is written (tests shorten it). */
  heartbeatMs = HEARTBEAT_MS;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly channel: PgChannel,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
    this.off = this.channel.on(ORDER_EVENTS_CHANNEL, (payload) => {
      if (payload === null) this.catchUp = true;
      else for (const id of payload.split(',')) if (/^\d+$/.test(id)) this.incoming.add(Number(id));
      this.schedule();
    });
  }

  /** Number of open streams on this instance. */
  get size(): number {
    return this.clients.size;
  }

  /**
   * Opens the stream on `res` and keeps it until the client goes away. With `lastEventId` the rows after
   * it (within the scope) are sent first, then the live ones, none twice.
   */
  async attach(res: Response, scope: StreamScope, lastEventId: number | null): Promise<void> {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no'); // nginx: do not buffer the stream
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    this.baseline ??= this.maxId().then((max) => {
      this.highest = Math.max(this.highest, max);
    });
    await this.baseline;
    const client: Client = { res, scope, pending: lastEventId === null ? null : [] };
    this.clients.add(client);
    this.ensureHeartbeat();
    res.on('close', () => {
      this.clients.delete(client);
      if (this.clients.size === 0) this.stopHeartbeat();
    });
    if (lastEventId === null) return; // a new stream: from now on
    // Live rows are not filtered by id order: on a server, transactions may commit out of id order.
    // Only the rows already sent from the log are skipped when the buffered live ones follow.
    const sent = new Set<number>();
    let after = lastEventId;
    try {
      const filter = scopeFilter(scope);
      for (;;) {
        const params: unknown[] = [after];
        if (filter.param !== undefined) params.push(filter.param);
        const rows = (
          (await this.dataSource.query(
            `${SELECT} WHERE id > $1 AND ${filter.sql} ORDER BY id LIMIT ${RESUME_PAGE}`,
            params,
          )) as LogRow[]
        ).map(toRow);
        for (const row of rows) {
          this.write(client, row);
          sent.add(row.id);
          after = row.id;
        }
        if (rows.length < RESUME_PAGE || res.writableEnded) break;
      }
    } finally {
      const pending = client.pending ?? [];
      client.pending = null;
      for (const row of pending.sort((a, b) => a.id - b.id)) if (!sent.has(row.id)) this.write(client, row);
    }
  }

  /** Deletes log rows older than {@link EVENT_LOG_RETENTION_MS}. @returns how many. */
  async prune(): Promise<number> {
    try {
      const result: unknown = await this.dataSource.query(
        `DELETE FROM event_log WHERE created_at < $1 RETURNING id`,
        [new Date(this.clock.now().getTime() - EVENT_LOG_RETENTION_MS)],
      );
      return Array.isArray(result) && Array.isArray(result[0])
        ? result[0].length
        : (result as unknown[]).length;
    } catch (err) {
      this.logger.warn({ err }, 'event log: pruning failed');
      return 0;
    }
  }

  private write(client: Client, row: LogRow): void {
    if (!visible(client.scope, row) || client.res.writableEnded) return;
    if (client.res.writableLength > MAX_BUFFERED_BYTES) {
      client.res.end(); // a stalled reader: it reconnects and resumes from the log
      return;
    }
    if (client.scope.kind === 'tickets') {
      const ticket = ticketOf((row.payload.order ?? {}) as TicketSource);
      // An order that never belongs on the screen still moves the client's resume point (a comment has
      // no id, so the id goes out with an empty keep-alive event).
      client.res.write(
        ticket
          ? `id: ${row.id}\nevent: ticket\ndata: ${JSON.stringify(ticket)}\n\n`
          : `id: ${row.id}\nevent: skip\ndata: {}\n\n`,
      );
      return;
    }
    const data = client.scope.kind === 'order' ? row.publicPayload : row.payload;
    client.res.write(`id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private async maxId(): Promise<number> {
    const rows: Array<{ max: string | null }> = await this.dataSource.query(
      `SELECT max(id) AS max FROM event_log`,
    );
    return Number(rows[0]?.max ?? 0);
  }

  private deliver(row: LogRow): void {
    if (this.recent.has(row.id)) return;
    this.recent.add(row.id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value!);
    for (const client of this.clients) {
      if (client.pending) client.pending.push(row);
      else this.write(client, row);
    }
  }

  /** Reads the notified rows in one query per burst and hands them to the clients. */
  private schedule(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      try {
        while (this.incoming.size > 0 || this.catchUp) {
          const ids = [...this.incoming];
          this.incoming.clear();
          const catchUp = this.catchUp;
          this.catchUp = false;
          if (this.clients.size === 0) {
            this.highest = Math.max(this.highest, ...ids);
            continue;
          }
          const rows = (
            (catchUp
              ? await this.dataSource.query(`${SELECT} WHERE id > $1 OR id = ANY($2) ORDER BY id`, [
                  this.highest,
                  ids,
                ])
              : await this.dataSource.query(`${SELECT} WHERE id = ANY($1) ORDER BY id`, [ids])) as LogRow[]
          ).map(toRow);
          for (const row of rows) {
            this.highest = Math.max(this.highest, row.id);
            this.deliver(row);
          }
        }
      } catch (err) {
        this.logger.error({ err }, 'event stream: reading new events failed');
      } finally {
        this.flushing = undefined;
      }
    })();
  }

  private ensureHeartbeat(): void {
    if (this.heartbeat) return;
    this.catchUpTimer = setInterval(() => {
      this.catchUp = true;
      this.schedule();
    }, CATCH_UP_MS);
    this.catchUpTimer.unref();
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) if (!client.res.writableEnded) client.res.write(': heartbeat\n\n');
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.catchUpTimer);
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  async onModuleDestroy(): Promise<void> {
    this.off?.();
    clearInterval(this.pruneTimer);
    this.stopHeartbeat();
    for (const client of this.clients) client.res.end();
    this.clients.clear();
    await this.flushing;
  }
}
