import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AVAILABILITY_EVENT, ticketOf, type TicketSource } from '@ordering/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../env/config.js';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { RequestContext } from '../core/request-context.js';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import { ORDER_EVENTS_CHANNEL } from './event-log.writer.js';
import { PgChannel } from '../core/pg-channel.js';
import { rowsOf } from '../core/raw-rows.js';
import { TransactionalConnection } from '../core/transaction.js';

/**
 * Who a stream belongs to: staff or a front-desk device (its branches, or all), one order's status page,
 * a branch's ticket screen (ticket numbers and their state only), or another device (the print jobs
 * addressed to it when it prints, and the commands for it: test notification, logs request).
 */
export type StreamScope =
  | { kind: 'staff'; branches: 'all' | number[] }
  | { kind: 'order'; uid: string }
  | { kind: 'tickets'; branchId: number }
  | { kind: 'availability'; branchId: number }
  | { kind: 'device'; branchId: number; deviceId: number; print: boolean };

/** The order events a ticket screen follows (as `ticket` events with the projection of `ticketOf`). */
const TICKET_SOURCES = ['order.created', 'order.updated', 'order.status'];
/** The events a device without the branch's order board may see (only those naming it, or its branch's jobs). */
const DEVICE_SOURCES = ['print.job', 'device.notification', 'device.logs'];
/** The events a storefront or kiosk follows for a branch (sold out; their public view). */
const AVAILABILITY_SOURCES = [AVAILABILITY_EVENT];

/** How many streams may be open at once (see {@link readStreamLimits}, docs/decisions/security.md). */
export interface StreamLimits {
  /** Status-page streams per client address. */
  perAddress: number;
  /** Status-page streams per order. */
  perOrder: number;
  /** Status-page streams of this process. */
  public: number;
  /** Staff, device and ticket-screen streams of this process (a budget of their own). */
  staff: number;
  /** Streams per user or device. */
  perCredential: number;
}

/**
 * Who holds a stream: the client's address (status pages count per address), and for streams that live
 * on a credential, which one (`user:5`, `device:3`, `screen:2` for a ticket screen of branch 2) and how
 * to check it is still good: when it ends (sign-out, password change, account disabled, device disabled,
 * unpaired or given a new key) the stream ends at once.
 */
export interface StreamHolder {
  address: string;
  credential?: string;
  /** False once the credential no longer opens this stream (with this scope). */
  verify?: () => Promise<boolean>;
}

/** A stream refused for its limit: German message, 429 (the caller's own limit) or 503 (the process's). */
const REFUSALS = {
  address: {
    code: 'too_many_requests',
    retryAfter: 30,
    message:
      'Von Ihrer Adresse sind zu viele Live-Verbindungen offen. Bitte schließen Sie andere Fenster oder versuchen Sie es später erneut.',
  },
  order: {
    code: 'too_many_requests',
    retryAfter: 30,
    message:
      'Für diese Bestellung sind zu viele Live-Verbindungen offen. Bitte schließen Sie andere Fenster oder versuchen Sie es später erneut.',
  },
  credential: {
    code: 'too_many_requests',
    retryAfter: 30,
    message: 'Für dieses Konto oder Gerät sind zu viele Live-Verbindungen offen.',
  },
  total: {
    code: 'unavailable',
    retryAfter: 10,
    message: 'Der Server hat gerade zu viele Live-Verbindungen offen. Bitte versuchen Sie es gleich erneut.',
  },
} as const;

/** The channel on which a credential's end reaches every instance (`user:5`, `device:3`, `branch:2`). */
export const CREDENTIALS_CHANNEL = 'credentials';
/** Streams on a credential are checked this often anyway (sessions expire, other processes write). */
export const REVERIFY_MS = 60_000;

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
  holder: StreamHolder;
  /** Live rows that arrived while the missed ones were still being read (null once live). */
  pending: LogRow[] | null;
  /**
   * The newest rows a resume sent from the log: their notification may still be on its way (read after
   * the resume ended), and must not send them a second time.
   */
  replayed?: Set<number>;
}

/** How many of the newest rows a resume sent are kept to skip their late live copy. */
const REPLAYED_KEPT = 1_000;
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
  if (scope.kind === 'availability')
    return (
      row.branchId === scope.branchId && AVAILABILITY_SOURCES.includes(row.type) && row.publicPayload !== null
    );
  if (scope.kind === 'device') {
    if (row.branchId !== scope.branchId || !DEVICE_SOURCES.includes(row.type)) return false;
    const addressed = row.payload.deviceId;
    if (row.type === 'print.job') return scope.print && (addressed == null || addressed === scope.deviceId);
    return addressed === scope.deviceId;
  }
  if (scope.branches === 'all') return true;
  return row.branchId !== null && scope.branches.includes(row.branchId);
}

/** The SQL condition (and its parameter) that selects a scope's rows. */
function scopeFilter(scope: StreamScope): { sql: string; param?: unknown } {
  if (scope.kind === 'order')
    return { sql: 'order_uid = $2 AND public_payload IS NOT NULL', param: scope.uid };
  if (scope.kind === 'tickets')
    return { sql: `branch_id = $2 AND type IN ('${TICKET_SOURCES.join("', '")}')`, param: scope.branchId };
  if (scope.kind === 'availability')
    return {
      sql: `branch_id = $2 AND type IN ('${AVAILABILITY_SOURCES.join("', '")}') AND public_payload IS NOT NULL`,
      param: scope.branchId,
    };
  if (scope.kind === 'device')
    return { sql: `branch_id = $2 AND type IN ('${DEVICE_SOURCES.join("', '")}')`, param: scope.branchId };
  if (scope.branches === 'all') return { sql: 'TRUE' };
  return { sql: 'branch_id = ANY($2)', param: scope.branches };
}

/**
 * Whether a notice about these credentials (`user:5`, `device:3`, `branch:2`) concerns a stream held by
 * `credential`: the same user or device; a ticket screen (`screen:<branch>`) whenever a device or its
 * branch changed (its key may be a device's or the branch's).
 */
function affected(credential: string | undefined, keys: ReadonlySet<string>): boolean {
  if (!credential) return false;
  if (keys.has(credential)) return true;
  if (!credential.startsWith('screen:')) return false;
  return keys.has(`branch:${credential.slice(7)}`) || [...keys].some((k) => k.startsWith('device:'));
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
  private reverifyTimer?: NodeJS.Timeout;
  private off?: () => void;
  private offCredentials?: () => void;
  private readonly unsubscribe: Array<() => void> = [];
  /** Open (or opening) streams per limit key: `public`, `staff`, `address:…`, `order:…`, `credential:…`. */
  private readonly counts = new Map<string, number>();
  readonly limits: StreamLimits;
  /** How often the heartbeat comment is written (tests shorten it). */
  heartbeatMs = HEARTBEAT_MS;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly channel: PgChannel,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limits = config.eventStreams;
  }

  async onModuleInit(): Promise<void> {
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
    this.reverifyTimer = setInterval(() => void this.reverify(() => true), REVERIFY_MS);
    this.reverifyTimer.unref();
    // A credential ended here: tell every instance (this one included) once the change committed.
    const tell = (ctx: RequestContext, key: string) =>
      this.channel.notify(RequestContext.system(), CREDENTIALS_CHANNEL, key).catch((err: unknown) => {
        this.logger.warn({ err, ctx: ctx.requestId }, 'event stream: credential notice not sent');
      });
    const OWNERS: Record<string, string> = { users: 'user', devices: 'device', branches: 'branch' };
    this.unsubscribe.push(
      this.bus.afterCommit(['entity.updated', 'entity.deleted', 'entity.action'], (event, ctx) => {
        const owner = OWNERS[event.payload.entityType];
        if (owner && event.payload.entityId !== null) return tell(ctx, `${owner}:${event.payload.entityId}`);
      }),
      this.bus.afterCommit(['credentials.ended'], (event, ctx) =>
        tell(ctx, `${event.payload.subject}:${event.payload.id}`),
      ),
    );
    this.offCredentials = this.channel.on(CREDENTIALS_CHANNEL, (payload) => {
      // After a lost LISTEN connection (null) nobody knows what ended meanwhile: check them all.
      const keys = payload === null ? null : new Set(payload.split(','));
      void this.reverify((client) => keys === null || affected(client.holder.credential, keys));
    });
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
   * @throws DomainError too_many_requests (the address, order or credential has its share open) or
   *   unavailable (the process's budget for this kind of stream is spent), with `Retry-After` set on `res`.
   */
  async attach(
    res: Response,
    scope: StreamScope,
    lastEventId: number | null,
    holder: StreamHolder,
  ): Promise<void> {
    this.reserve(res, scope, holder);
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
    const client: Client = { res, scope, holder, pending: lastEventId === null ? null : [] };
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
          (await this.connection
            .manager()
            .query(
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
      client.replayed = new Set([...sent].slice(-REPLAYED_KEPT));
      client.pending = null;
      for (const row of pending.sort((a, b) => a.id - b.id)) if (!sent.has(row.id)) this.write(client, row);
    }
  }

  /**
   * Counts the stream against its limits until `res` closes, or refuses it. Status pages draw on the
   * public budget (per address, per order, in total); everything else on the staff budget (per
   * credential, in total), so that a flood of status pages never keeps the board from connecting.
   */
  private reserve(res: Response, scope: StreamScope, holder: StreamHolder): void {
    const keys: Array<[string, number, keyof typeof REFUSALS]> =
      scope.kind === 'order'
        ? [
            ['public', this.limits.public, 'total'],
            [`address:${holder.address}`, this.limits.perAddress, 'address'],
            [`order:${scope.uid}`, this.limits.perOrder, 'order'],
          ]
        : scope.kind === 'availability'
          ? [
              ['public', this.limits.public, 'total'],
              [`address:${holder.address}`, this.limits.perAddress, 'address'],
            ]
          : [
              ['staff', this.limits.staff, 'total'],
              ...(holder.credential
                ? [
                    [`credential:${holder.credential}`, this.limits.perCredential, 'credential'] as [
                      string,
                      number,
                      keyof typeof REFUSALS,
                    ],
                  ]
                : []),
            ];
    for (const [key, limit, refusal] of keys) {
      if ((this.counts.get(key) ?? 0) >= limit) {
        const { code, message, retryAfter } = REFUSALS[refusal];
        res.setHeader('Retry-After', String(retryAfter));
        this.logger.warn({ limit: key.split(':')[0], scope: scope.kind }, 'event stream refused');
        throw new DomainError(code, message);
      }
    }
    for (const [key] of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    let released = false;
    res.on('close', () => {
      if (released) return;
      released = true;
      for (const [key] of keys) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    });
  }

  /** Ends the streams (among those `which` selects) whose credential no longer opens them. */
  private async reverify(which: (client: Client) => boolean): Promise<void> {
    const checks = [...this.clients]
      .filter((c) => c.holder.verify && !c.res.writableEnded && which(c))
      .map(async (client) => {
        let ok: boolean;
        try {
          ok = await client.holder.verify!();
        } catch (err) {
          this.logger.warn({ err }, 'event stream: credential check failed');
          return; // the database is away: the next check decides
        }
        if (!ok) {
          this.logger.info(
            { credential: client.holder.credential },
            'event stream ended with its credential',
          );
          client.res.end();
        }
      });
    await Promise.all(checks);
  }

  /** Deletes log rows older than {@link EVENT_LOG_RETENTION_MS}. @returns how many. */
  async prune(): Promise<number> {
    try {
      const result: unknown = await this.connection
        .manager()
        .query(`DELETE FROM event_log WHERE created_at < $1 RETURNING id`, [
          new Date(this.clock.now().getTime() - EVENT_LOG_RETENTION_MS),
        ]);
      return rowsOf(result).length;
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
    const data =
      client.scope.kind === 'order' || client.scope.kind === 'availability' ? row.publicPayload : row.payload;
    client.res.write(`id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private async maxId(): Promise<number> {
    const rows: Array<{ max: string | null }> = await this.connection
      .manager()
      .query(`SELECT max(id) AS max FROM event_log`);
    return Number(rows[0]?.max ?? 0);
  }

  private deliver(row: LogRow): void {
    if (this.recent.has(row.id)) return;
    this.recent.add(row.id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value!);
    for (const client of this.clients) {
      if (client.pending) client.pending.push(row);
      else if (!client.replayed?.has(row.id)) this.write(client, row);
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
              ? await this.connection
                  .manager()
                  .query(`${SELECT} WHERE id > $1 OR id = ANY($2) ORDER BY id`, [this.highest, ids])
              : await this.connection
                  .manager()
                  .query(`${SELECT} WHERE id = ANY($1) ORDER BY id`, [ids])) as LogRow[]
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
    this.offCredentials?.();
    for (const off of this.unsubscribe.splice(0)) off();
    clearInterval(this.pruneTimer);
    clearInterval(this.reverifyTimer);
    this.stopHeartbeat();
    for (const client of this.clients) client.res.end();
    this.clients.clear();
    await this.flushing;
  }
}
