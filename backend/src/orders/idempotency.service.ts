import { createHash } from 'node:crypto';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../core/clock.js';
import { databaseFaultOf } from '../core/database-faults.js';
import { reasonError } from '../core/errors.js';
import { RequestContext } from '../core/request-context.js';
import { TransactionalConnection, writeLater } from '../core/transaction.js';
import { IdempotencyKey } from './order.entity.js';
import { rowsOf } from '../core/raw-rows.js';

/** Keys are answered from storage for at least this long; afterwards a key may be used afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim this old whose request never finished (a crashed process) may be taken over. */
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;

/** The stored answer of a request. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** What {@link IdempotencyService.claim} found. */
export type Claim = { kind: 'new' } | { kind: 'replay'; response: StoredResponse };

/** JSON with sorted keys, so that the same body hashes the same however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export const requestHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

/**
 * `Idempotency-Key` for creating orders. A key is claimed in a transaction of its own (committed before the
 * order's transaction starts, so concurrent requests with the key see it); the order's transaction stores
 * the answer on the key, so order and answer commit together. A failed request releases its claim.
 */
/** Background retries of a release that failed: after 0.5, 1, 2, 4, 8, 8 … s, about a minute in all. */
const RELEASE_RETRY_MS = 500;
const RELEASE_ATTEMPTS = 10;

@Injectable()
export class IdempotencyService implements OnModuleDestroy {
  private lastPurge = 0;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
  ) {}

  /** Validates the header value: 1 to 255 visible ASCII characters. */
  static parseKey(raw: string | undefined): string | null {
    if (raw === undefined || raw === '') return null;
    if (!/^[\x21-\x7e]{1,255}$/.test(raw))
      throw reasonError('validation', 'idempotency_key_invalid', 'Idempotency-Key');
    return raw;
  }

  /**
   * Claims the key for this body, or answers from storage.
   * @throws DomainError('conflict', code idempotency_in_flight) while the first request still runs.
   * @returns `replay` with the stored answer (also for a key used with another body: 422).
   */
  async claim(key: string, hash: string): Promise<Claim> {
    const now = this.clock.now();
    try {
      return await this.claimAt(key, hash, now);
    } catch (error) {
      // The connection broke around the COMMIT: the claim may have been written although this request
      // failed (503). Nobody else works with it, so give it back, or every retry with the key would be
      // refused as "in flight" until the claim goes stale. `now` marks this claim and no later one.
      if (databaseFaultOf(error) === 'unavailable') void this.release(key, now);
      throw error;
    }
  }

  private async claimAt(key: string, hash: string, now: Date): Promise<Claim> {
    // The common case, a fresh key, is one statement committed on its own (no BEGIN and COMMIT round
    // trips); a key already there, and the hourly purge, take the transaction below.
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) {
      const inserted: unknown = await this.connection.manager().query(CLAIM, [key, hash, now]);
      if (rowsOf(inserted).length > 0) return { kind: 'new' } as const;
    }
    const ctx = RequestContext.system();
    return this.connection.withTransaction(ctx, async (em) => {
      await this.purge(em, now);
      const inserted: unknown = await em.query(CLAIM, [key, hash, now]);
      if (rowsOf(inserted).length > 0) return { kind: 'new' } as const;
      const row = await em.getRepository(IdempotencyKey).findOne({ where: { key } });
      if (!row) throw reasonError('conflict', 'idempotency_in_flight');
      const age = now.getTime() - row.createdAt.getTime();
      const expired = age >= IDEMPOTENCY_TTL_MS;
      const abandoned = row.status === 'in_flight' && age >= IDEMPOTENCY_STALE_MS && row.requestHash === hash;
      if (expired || abandoned) {
        const taken: unknown = await em.query(
          `UPDATE idempotency_key SET request_hash = $2, status = 'in_flight', response = NULL,
             response_status = NULL, created_at = $3
           WHERE key = $1 AND created_at = $4 RETURNING key`,
          [key, hash, now, row.createdAt],
        );
        if (rowsOf(taken).length > 0) return { kind: 'new' } as const;
        throw reasonError('conflict', 'idempotency_in_flight');
      }
      if (row.requestHash !== hash) {
        return {
          kind: 'replay',
          response: {
            status: 422,
            body: {
              errors: [
                {
                  message:
                    'Dieser Idempotency-Key wurde bereits für eine andere Bestellung verwendet. Bitte senden Sie die Bestellung mit einem neuen Schlüssel.',
                  code: 'idempotency_conflict',
                },
              ],
            },
          },
        } as const;
      }
      if (row.status === 'in_flight') throw reasonError('conflict', 'idempotency_in_flight');
      return {
        kind: 'replay',
        response: { status: row.responseStatus ?? 201, body: row.response },
      } as const;
    });
  }

  /** Stores the answer on the key, inside the transaction that wrote the order. */
  async complete(ctx: RequestContext, key: string, response: StoredResponse): Promise<void> {
    // Inside the order's transaction: sent with its closing statement (the answer is read by the next
    // request with this key, never in this transaction).
    await this.connection.withTransaction(ctx, (em) =>
      writeLater(ctx, em, {
        sql: `UPDATE idempotency_key SET status = 'done', response_status = $2, response = $3::jsonb WHERE key = $1`,
        params: [key, response.status, JSON.stringify(response.body)],
      }),
    );
  }

  /**
   * Gives the key back after a request that failed (nothing was written; the client may retry). Never
   * throws: when the database is out of reach (usually why the request failed — a restart, a broken
   * connection), the release is tried again in the background, so that the client's retry with the same
   * key after the 503's Retry-After is taken instead of being refused as "in flight" until the claim goes
   * stale. Only an `in_flight` claim is deleted: an order whose commit went through keeps its answer.
   */
  async release(key: string, claimedAt?: Date, attempt = 0): Promise<void> {
    try {
      await this.connection.withTransaction(RequestContext.system(), (em) =>
        em
          .getRepository(IdempotencyKey)
          .delete({ key, status: 'in_flight', ...(claimedAt ? { createdAt: claimedAt } : {}) }),
      );
      this.pendingReleases.delete(key);
    } catch {
      if (this.closed || attempt >= RELEASE_ATTEMPTS) {
        this.pendingReleases.delete(key);
        return;
      }
      const timer = setTimeout(
        () => void this.release(key, claimedAt, attempt + 1),
        RELEASE_RETRY_MS * 2 ** Math.min(attempt, 4),
      );
      timer.unref();
      this.pendingReleases.set(key, timer);
    }
  }

  private readonly pendingReleases = new Map<string, NodeJS.Timeout>();
  private closed = false;

  onModuleDestroy(): void {
    this.closed = true;
    for (const timer of this.pendingReleases.values()) clearTimeout(timer);
    this.pendingReleases.clear();
  }

  /** Drops expired keys, at most once an hour per process. */
  private async purge(em: import('typeorm').EntityManager, now: Date): Promise<void> {
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    await em.query(`DELETE FROM idempotency_key WHERE created_at < $1`, [
      new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
    ]);
  }
}

/** Expired keys are purged at most this often per process. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

const CLAIM = `INSERT INTO idempotency_key (key, request_hash, status, created_at) VALUES ($1, $2, 'in_flight', $3)
  ON CONFLICT (key) DO NOTHING RETURNING key`;
