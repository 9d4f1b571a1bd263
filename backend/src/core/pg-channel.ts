import { EventEmitter } from 'node:events';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { LOGGER } from './tokens.js';
import type { RequestContext } from './request-context.js';
import { TransactionalConnection } from './transaction.js';

/** Called with a notification's payload, or with `null` after the listener reconnected (catch up). */
export type ChannelListener = (payload: string | null) => void;

const RECONNECT_MS = 1000;

/**
 * Notifications between backend instances (PostgreSQL LISTEN/NOTIFY), or within the one process of the
 * embedded database.
 *
 * - Server: {@link notify} sends `pg_notify` right after the caller's transaction committed (never after a
 *   rollback); every instance (this one included) LISTENs on a dedicated `pg.Client`.
 *   That client is why this class takes the DataSource's options directly: a LISTEN session must stay
 *   open and outside the pool (a pooled connection would be handed to queries and lose its LISTEN).
 * - Embedded (PGlite, one process): an in-process fan-out after commit. There is no other instance.
 */
@Injectable()
export class PgChannel implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly channels = new Set<string>();
  private readonly serverUrl?: string;
  private client?: pg.Client;
  private closed = false;
  private reconnectTimer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly connection: TransactionalConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.serverUrl = (dataSource.options as { url?: string }).url;
  }

  /** Whether notifications cross process boundaries (a PostgreSQL server) or stay in this process. */
  get crossInstance(): boolean {
    return !!this.serverUrl;
  }

  /** Calls `listener` for every notification on `channel`; returns the unsubscribe function. */
  on(channel: string, listener: ChannelListener): () => void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      if (this.client) void this.client.query(`LISTEN ${channel}`).catch(() => undefined);
    }
    this.local.on(channel, listener);
    return () => this.local.off(channel, listener);
  }

  /**
   * Notifies every instance once the context's transaction commits (at once without a transaction);
   * never after a rollback. The payloads of one transaction go out together after its commit, one
   * notification per channel with the payloads joined by commas (listeners split them), so a write
   * spends no round trip on notifications while it holds its locks.
   */
  async notify(ctx: RequestContext, channel: string, payload: string): Promise<void> {
    const unit = ctx.unitOfWork;
    if (!unit) return this.send(new Map([[channel, [payload]]]));
    let batch = this.batches.get(unit);
    if (!batch) {
      const created = new Map<string, string[]>();
      batch = created;
      this.batches.set(unit, created);
      await this.connection.afterCommit(ctx, () => this.send(created));
    }
    const list = batch.get(channel) ?? [];
    if (!list.includes(payload)) list.push(payload);
    batch.set(channel, list);
  }

  /**
   * On the server, an expression for a `RETURNING` list that notifies `channel` with `payloadSql` (an
   * expression of the returned row, e.g. `id::text`) when the statement's transaction commits, never
   * after a rollback: the writer then spends no statement on the notification. On the embedded database
   * null: the writer calls {@link notify} with what the statement returned.
   */
  notifyInStatement(channel: string, payloadSql: string): string | null {
    if (!this.serverUrl) return null;
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
    return `pg_notify('${channel}', ${payloadSql})`;
  }

  /**
   * The other half of {@link notifyInStatement}, for the rows its statement returned: nothing on the
   * server (the statement notified), else {@link notify} with each distinct payload, in the order given.
   */
  async notifyReturned(ctx: RequestContext, channel: string, payloads: Iterable<string>): Promise<void> {
    if (this.serverUrl) return;
    for (const payload of new Set(payloads)) await this.notify(ctx, channel, payload);
  }

  /** Pending payloads per open transaction (gone with it). */
  private readonly batches = new WeakMap<object, Map<string, string[]>>();

  private async send(batch: Map<string, string[]>): Promise<void> {
    const pairs: Array<[string, string]> = [];
    for (const [channel, payloads] of batch) {
      // PostgreSQL takes at most 8000 bytes per notification.
      const chunks: string[] = [];
      for (const payload of payloads) {
        const last = chunks.length - 1;
        if (last >= 0 && chunks[last]!.length + payload.length < 7000) chunks[last] += ',' + payload;
        else chunks.push(payload);
      }
      for (const chunk of chunks) pairs.push([channel, chunk]);
    }
    if (pairs.length === 0) return;
    if (!this.serverUrl) {
      for (const [channel, chunk] of pairs) this.local.emit(channel, chunk);
      return;
    }
    // One round trip for every channel of the transaction.
    const calls = pairs.map((_, i) => `pg_notify($${2 * i + 1}, $${2 * i + 2})`).join(', ');
    await this.dataSource.query(`SELECT ${calls}`, pairs.flat());
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.serverUrl) await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.serverUrl });
    client.on('notification', (msg) => this.local.emit(msg.channel, msg.payload ?? ''));
    client.on('error', (err) => {
      this.logger.warn({ err }, 'LISTEN connection lost; reconnecting');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
      const wasReconnect = this.client !== undefined;
      this.client = client;
      // Whatever was notified while nobody listened: the listeners read from the tables themselves.
      if (wasReconnect) for (const channel of this.channels) this.local.emit(channel, null);
    } catch (err) {
      this.logger.warn({ err }, 'LISTEN connection failed; retrying');
      this.reconnect(client);
    }
  }

  private reconnect(client: pg.Client): void {
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.closed || this.reconnectTimer) return;
    this.client ??= client; // marks that the next connect is a reconnect
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.local.removeAllListeners();
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
