import { Injectable } from '@nestjs/common';
import { t, tooManyAttemptsMessage } from '@ordering/common';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import {
  ACCOUNT_ADDRESS_RULE,
  ADDRESS_RULE,
  FAMILIAR_MS,
  GLOBAL_FAILURES_PER_WINDOW,
  GLOBAL_WINDOW_MS,
  LoginThrottle,
  type SteppedRule,
  type ThrottleRule,
  UNFAMILIAR_ACCOUNT_RULE,
} from './login-throttle.entity.js';
import { sha256 } from './secrets.js';
import { TransactionalConnection } from '../core/transaction.js';

/** A 429 that says when to come back: the controller turns {@link retryAfterSeconds} into `Retry-After`. */
export class RetryLater extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', message);
  }
}

/** "Too many failed sign-ins, try again in N minutes" for a wait of `ms`, with its Retry-After. */
export const tooManyAttempts = (ms: number): RetryLater =>
  new RetryLater(
    tooManyAttemptsMessage(Math.max(1, Math.ceil(ms / 60_000))),
    Math.max(1, Math.ceil(ms / 1000)),
  );

/** The longest window of a stepped rule whose key holds `:day:` (rows are kept that long). */
export const LONG_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Throttle key of an account: attempts count per account, whichever of its names was typed. */
export const accountThrottleKey = (userId: number): string => `user:${userId}`;
/** Throttle key of a typed name that belongs to nobody (hashed: people type passwords into it). */
export const nameThrottleKey = (typed: string): string => `name:${sha256(typed.trim().toLowerCase())}`;
/** Throttle key of a client address. */
export const addressThrottleKey = (address: string): string => `ip:${address.slice(0, 100)}`;
/** Throttle key of an account (or typed name) from one client address. */
export const accountAddressKey = (accountKey: string, addressKey: string): string =>
  `${accountKey}@${addressKey}`;
/** Key of the row that makes an address familiar to an account (no attempts are counted there). */
const familiarKey = (userId: number, addressKey: string): string => `known:${userId}@${addressKey}`;

/**
 * Counts sign-in attempts per account and address, per account from unfamiliar addresses, per typed name
 * and per client address in `auth_login_throttle`, and failed ones across the whole process; remembers
 * the addresses each account signed in from.
 *
 * An attempt is counted *before* the password is checked, in one statement, so that parallel guesses
 * cannot all slip through before the first failure is written: of 40 simultaneous guesses for one account
 * from one address only {@link ACCOUNT_ADDRESS_RULE.limit} reach the password check. A success forgets the
 * account's count at that address and takes back its other ones. A lock lasts {@link ThrottleRule.lockMs} from the attempt that reached the
 * limit and is not extended by further attempts, so nobody can keep an account locked for longer than
 * that per burst (and the e-mail sign-in link works throughout).
 */
@Injectable()
export class LoginThrottleService {
  private globalWindow = { start: 0, failures: 0 };
  private lastSweep = 0;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt for this key.
   * @returns 0 when the attempt may go ahead, else the milliseconds until the key opens again.
   */
  async take(key: string, rule: ThrottleRule): Promise<number> {
    const now = this.clock.now();
    await this.sweep(now);
    const lockUntil = new Date(now.getTime() + rule.lockMs);
    const windowStart = new Date(now.getTime() - rule.windowMs);
    // `fresh`: the old count no longer matters (its window or its lock is over).
    const fresh = `(t.locked_until IS NOT NULL OR t.last_failure_at IS NULL OR t.last_failure_at < $3)`;
    const locked = `(t.locked_until IS NOT NULL AND t.locked_until > $2)`;
    const next = `(CASE WHEN ${fresh} THEN 1 ELSE t.failures + 1 END)`;
    const rows: Array<{ failures: number; locked_until: Date | string | null }> = await this.connection
      .manager()
      .query(
        `INSERT INTO auth_login_throttle AS t ("key", failures, last_failure_at, locked_until, created_at, updated_at)
       VALUES ($1, 1, $2, CASE WHEN 1 >= $5 THEN $4::timestamptz ELSE NULL END, $2, $2)
       ON CONFLICT ("key") DO UPDATE SET
         failures = CASE WHEN ${locked} THEN LEAST(t.failures + 1, 1000000) ELSE ${next} END,
         locked_until = CASE WHEN ${locked} THEN t.locked_until
                             WHEN ${next} >= $5 THEN $4::timestamptz ELSE NULL END,
         last_failure_at = CASE WHEN ${locked} THEN t.last_failure_at ELSE $2 END,
         updated_at = $2
       RETURNING failures, locked_until`,
        [key, now, windowStart, lockUntil, rule.limit],
      );
    const row = rows[0]!;
    if (Number(row.failures) <= rule.limit) return 0;
    const until = row.locked_until ? new Date(row.locked_until).getTime() : lockUntil.getTime();
    return Math.max(1, until - now.getTime());
  }

  /**
   * Counts one attempt for this key under a {@link SteppedRule}, unless the key is waiting: a refused
   * attempt is not counted and does not lengthen the wait. Counted before the PIN is checked and under the
   * row's lock, so parallel attempts cannot pass together. `created_at` is the window's start.
   * @returns 0 when the attempt may go ahead, else the milliseconds until it may.
   */
  async takeStepped(key: string, rule: SteppedRule): Promise<number> {
    const now = this.clock.now();
    await this.sweep(now);
    return this.connection.manager().transaction(async (em) => {
      // One statement that inserts the row or locks the existing one and always returns it. An insert
      // followed by a separate SELECT … FOR UPDATE found no row when a parallel success deleted the key
      // between the two (two tablets clocking in at once answered 500).
      const [row] = (await em.query(
        `INSERT INTO auth_login_throttle AS t ("key", failures, created_at, updated_at) VALUES ($1, 0, $2, $2)
         ON CONFLICT ("key") DO UPDATE SET failures = t.failures
         RETURNING failures, last_failure_at, locked_until, created_at`,
        [key, now],
      )) as Array<{
        failures: number;
        last_failure_at: Date | string | null;
        locked_until: Date | string | null;
        created_at: Date | string;
      }>;
      const at = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());
      const lockedUntil = at(row!.locked_until);
      if (lockedUntil !== null && lockedUntil > now.getTime()) return lockedUntil - now.getTime();
      const from = rule.fixed ? at(row!.created_at)! : (at(row!.last_failure_at) ?? now.getTime());
      const fresh = Number(row!.failures) === 0 || from + rule.windowMs <= now.getTime();
      const windowStart = fresh ? now : new Date(at(row!.created_at)!);
      const attempts = fresh ? 1 : Number(row!.failures) + 1;
      const windowLeft = (rule.fixed ? windowStart.getTime() : now.getTime()) + rule.windowMs - now.getTime();
      const wait = rule.waitAfter(attempts, windowLeft);
      await em.query(
        `UPDATE auth_login_throttle SET failures = $2, last_failure_at = $3, locked_until = $4,
           created_at = $5, updated_at = $3 WHERE "key" = $1`,
        [key, attempts, now, wait > 0 ? new Date(now.getTime() + wait) : null, windowStart],
      );
      return 0;
    });
  }

  /** Takes back an attempt of a {@link SteppedRule} (a success, or the server too busy to check). */
  async refundStepped(key: string): Promise<void> {
    await this.connection.manager().query(
      `UPDATE auth_login_throttle SET failures = GREATEST(failures - 1, 0), locked_until = NULL
       WHERE "key" = $1`,
      [key],
    );
  }

  /** Forgets every key matching a LIKE pattern (a manager lifts the time clock's locks of one user). */
  async resetMatching(pattern: string): Promise<void> {
    await this.connection.manager().query(`DELETE FROM auth_login_throttle WHERE "key" LIKE $1`, [pattern]);
  }

  /**
   * Forgets rows whose window and lock are over (at most once a minute): every typed name of nobody and
   * every address gets a row, so a guess spread over random names must not grow the table for ever.
   */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < 60_000) return;
    this.lastSweep = now.getTime();
    const longest = Math.max(
      ACCOUNT_ADDRESS_RULE.windowMs,
      UNFAMILIAR_ACCOUNT_RULE.windowMs,
      ADDRESS_RULE.windowMs,
    );
    // Rows of windows longer than the sign-in's (`…:day:…`, the time clock's day per account) go when
    // their own window is over.
    await this.connection.manager().query(
      `DELETE FROM auth_login_throttle
       WHERE (last_failure_at IS NULL OR last_failure_at < $1) AND (locked_until IS NULL OR locked_until < $2)
         AND "key" NOT LIKE '%:day:%' AND "key" NOT LIKE 'known:%'`,
      [new Date(now.getTime() - longest), now],
    );
    await this.connection
      .manager()
      .query(`DELETE FROM auth_login_throttle WHERE "key" LIKE 'known:%' AND updated_at < $1`, [
        new Date(now.getTime() - FAMILIAR_MS),
      ]);
    await this.connection.manager().query(
      `DELETE FROM auth_login_throttle
       WHERE "key" LIKE '%:day:%' AND created_at < $1 AND (locked_until IS NULL OR locked_until < $2)`,
      [new Date(now.getTime() - LONG_WINDOW_MS), now],
    );
  }

  /** A successful sign-in forgets the failures of this key (the account's). */
  async reset(key: string): Promise<void> {
    await this.connection.manager().getRepository(LoginThrottle).delete({ key });
  }

  /** A successful sign-in takes back its attempt from this key (the address's: an office shares one). */
  async refund(key: string, rule: ThrottleRule): Promise<void> {
    await this.connection.manager().query(
      `UPDATE auth_login_throttle SET failures = GREATEST(failures - 1, 0),
         locked_until = CASE WHEN failures - 1 < $2 THEN NULL ELSE locked_until END
       WHERE "key" = $1`,
      [key, rule.limit],
    );
  }

  /** Whether the account signed in successfully from this address within {@link FAMILIAR_MS}. */
  async isFamiliar(userId: number, addressKey: string): Promise<boolean> {
    const rows: unknown[] = await this.connection
      .manager()
      .query(`SELECT 1 FROM auth_login_throttle WHERE "key" = $1 AND updated_at >= $2`, [
        familiarKey(userId, addressKey),
        new Date(this.clock.now().getTime() - FAMILIAR_MS),
      ]);
    return rows.length > 0;
  }

  /** Remembers (for {@link FAMILIAR_MS} from now) that the account signed in from this address. */
  async rememberFamiliar(userId: number, addressKey: string): Promise<void> {
    const now = this.clock.now();
    await this.connection.manager().query(
      `INSERT INTO auth_login_throttle ("key", failures, created_at, updated_at) VALUES ($1, 0, $2, $2)
       ON CONFLICT ("key") DO UPDATE SET updated_at = $2`,
      [familiarKey(userId, addressKey), now],
    );
  }

  /**
   * The process-wide brake: when more than {@link GLOBAL_FAILURES_PER_WINDOW} sign-ins failed in the
   * current window (from any address: a distributed guess), every sign-in that is not from an address
   * familiar to its account waits for the next window. A familiar one is never braked here (its own
   * account-and-address count still applies), so a flood of guesses cannot lock everybody out.
   * @throws RetryLater
   */
  checkGlobal(familiar: boolean): void {
    if (familiar) return;
    const now = this.clock.now().getTime();
    if (now - this.globalWindow.start >= GLOBAL_WINDOW_MS) this.globalWindow = { start: now, failures: 0 };
    if (this.globalWindow.failures >= GLOBAL_FAILURES_PER_WINDOW) {
      const ms = this.globalWindow.start + GLOBAL_WINDOW_MS - now;
      throw new RetryLater(t('http.tooManyRequests'), Math.max(1, Math.ceil(ms / 1000)));
    }
  }

  /** Counts one failed sign-in for {@link checkGlobal}. */
  recordGlobalFailure(): void {
    const now = this.clock.now().getTime();
    if (now - this.globalWindow.start >= GLOBAL_WINDOW_MS) this.globalWindow = { start: now, failures: 0 };
    this.globalWindow.failures += 1;
  }
}
