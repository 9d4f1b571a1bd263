import { Injectable } from '@nestjs/common';
import { Clock } from '../core/clock.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection, type UnitOfWork } from '../core/transaction.js';
import type { EntityManager } from 'typeorm';
import { PgChannel } from '../core/pg-channel.js';
import type { Job } from './job.entity.js';
import type { JobPayloadOf, JobRequest } from './job-payloads.js';
import { rowsOf, valuesList } from '../core/raw-rows.js';

/** The channel on which committed jobs wake the workers of every instance. */
export const JOBS_CHANNEL = 'jobs';

/** Lease of a claimed job: a worker that died holding it leaves it to another after this long. */
export const JOB_LEASE_MS = 5 * 60_000;
/** First retry delay; doubles per attempt up to {@link BACKOFF_MAX_MS}. */
export const BACKOFF_BASE_MS = 10_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 10;
/** Finished jobs are kept this long (to look up what was sent), then deleted; failed ones stay. */
export const DONE_RETENTION_MS = 7 * 24 * 60 * 60_000;

export interface EnqueueOptions {
  /** Not before (default: now). */
  runAt?: Date;
  /** A second job with the same key is not written (the first one's id is returned). */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** The delay before attempt `attempts + 1`, after `attempts` failed ones: 10 s, 20 s, 40 s … at most 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

const toJob = (r: Record<string, unknown>): Job => ({
  id: Number(r.id),
  type: r.type as string,
  payload: r.payload as Record<string, unknown>,
  status: r.status as Job['status'],
  attempts: r.attempts as number,
  maxAttempts: r.max_attempts as number,
  runAt: new Date(r.run_at as string),
  lockedBy: r.locked_by as string | null,
  lockedUntil: r.locked_until ? new Date(r.locked_until as string) : null,
  lastError: r.last_error as string | null,
  createdAt: new Date(r.created_at as string),
  doneAt: r.done_at ? new Date(r.done_at as string) : null,
  dedupeKey: r.dedupe_key as string | null,
});

/** One statement writing `jobs` in their order (a known dedupe key: none); `RETURNING id, type, dedupe_key`. */
function insertJobs(
  jobs: Array<JobRequest<EnqueueOptions>>,
  now: Date,
  /** An expression for the `RETURNING` list (a notification, see `PgChannel.notifyInStatement`). */
  returning: string | null = null,
): { sql: string; params: unknown[] } {
  const { values, params } = valuesList(
    jobs.map(({ type, payload, options = {} }, i) => [
      i,
      type,
      JSON.stringify(payload),
      options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      options.runAt ?? now,
      now,
      options.dedupeKey ?? null,
    ]),
    ['int', '', 'jsonb', 'int', 'timestamptz', 'timestamptz', ''],
  );
  return {
    sql: `INSERT INTO job (type, payload, status, attempts, max_attempts, run_at, created_at, dedupe_key)
          SELECT v.type, v.payload, 'pending', 0, v.max_attempts, v.run_at, v.created_at, v.dedupe_key
          FROM (VALUES ${values}) AS v(n, type, payload, max_attempts, run_at, created_at, dedupe_key)
          ORDER BY v.n
          ON CONFLICT (dedupe_key) DO NOTHING
          RETURNING id, type, dedupe_key${returning ? `, ${returning}` : ''}`,
    params,
  };
}

/**
 * The durable job table (see docs/decisions/jobs.md): jobs are written in the caller's transaction, so
 * they exist exactly when the change that caused them committed, and claimed by workers with
 * `FOR UPDATE SKIP LOCKED`, so that several workers in several processes never take the same job.
 */
@Injectable()
export class JobQueue {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly channel: PgChannel,
  ) {}

  /**
   * Writes a job in the context's transaction (a new one when none is open) and wakes the workers once
   * it commits. With a {@link EnqueueOptions.dedupeKey} that exists already nothing is written.
   * @returns the new job's id, or null when the dedupe key existed.
   */
  async enqueue<T extends string>(
    ctx: RequestContext,
    type: T,
    payload: JobPayloadOf<T>,
    options: EnqueueOptions = {},
  ): Promise<number | null> {
    const [id] = await this.enqueueMany(ctx, [{ type, payload, options } as JobRequest<EnqueueOptions>]);
    return id ?? null;
  }

  /**
   * {@link enqueue} for several jobs in one statement (one round trip in the caller's transaction).
   * @returns per job its new id, or null where its dedupe key existed.
   */
  async enqueueMany(
    ctx: RequestContext,
    jobs: Array<JobRequest<EnqueueOptions>>,
  ): Promise<Array<number | null>> {
    if (jobs.length === 0) return [];
    return this.connection.withTransaction(ctx, async (em) => {
      // On the server the statement notifies the workers itself (delivered at COMMIT; one per job type).
      const notify = this.channel.notifyInStatement(JOBS_CHANNEL, 'type');
      const { sql, params } = insertJobs(jobs, this.clock.now(), notify);
      const rows = rowsOf(await em.query(sql, params));
      // Rows come back in insertion order; a skipped job (known dedupe key) has none.
      const ids: Array<number | null> = [];
      let next = 0;
      for (const { options = {} } of jobs) {
        const row = rows[next];
        const matches =
          row && (options.dedupeKey ? row.dedupe_key === options.dedupeKey : row.dedupe_key === null);
        ids.push(matches ? Number(row.id) : null);
        if (matches) next += 1;
      }
      if (ids.some((id) => id !== null))
        await this.channel.notifyReturned(
          ctx,
          JOBS_CHANNEL,
          jobs.map((j) => j.type),
        );
      return ids;
    });
  }

  /**
   * {@link enqueueMany} for callers that need no ids (notifications, follow-up jobs of an order): inside the
   * context's transaction the jobs are written with its closing statement, not one round trip each
   * while the transaction holds its locks (docs/decisions/orders.md "Throughput"); without one at once.
   */
  async enqueueLater(ctx: RequestContext, jobs: Array<JobRequest<EnqueueOptions>>): Promise<void> {
    if (jobs.length === 0) return;
    const unit = ctx.unitOfWork;
    if (!unit) {
      await this.enqueueMany(ctx, jobs);
      return;
    }
    this.batch(ctx, unit, jobs);
  }

  /**
   * {@link enqueueLater} for a caller whose own deferred write reads the new jobs' rows (`id`, `type`,
   * `dedupe_key`; a job skipped for its known dedupe key has none): the name of those rows in the closing
   * statement ({@link UnitOfWork.rowsOf}). Null, and nothing written, when `em` is not the context's open
   * transaction: the caller enqueues at once then.
   */
  enqueueLaterWithRows(
    ctx: RequestContext,
    em: EntityManager,
    jobs: Array<JobRequest<EnqueueOptions>>,
  ): string | null {
    const unit = ctx.unitOfWork;
    if (!unit || unit.em !== em) return null;
    this.batch(ctx, unit, jobs);
    return unit.rowsOf(this);
  }

  private batch(ctx: RequestContext, unit: UnitOfWork, jobs: Array<JobRequest<EnqueueOptions>>): void {
    // On the server the statement notifies the workers itself (delivered at COMMIT; one per job type).
    const notify = this.channel.notifyInStatement(JOBS_CHANNEL, 'type');
    for (const job of jobs)
      unit.batch(this, job, (all) => {
        const { sql, params } = insertJobs(all, this.clock.now(), notify);
        return {
          sql,
          params,
          then: (rows) =>
            this.channel.notifyReturned(
              ctx,
              JOBS_CHANNEL,
              rows.map((r) => r.type as string),
            ),
        };
      });
  }

  /**
   * Claims up to `limit` due jobs of the given types for `workerId` (status `running`, attempts + 1, a
   * lease of {@link JOB_LEASE_MS}). A running job whose lease expired (its worker died) is due again.
   */
  async claim(ctx: RequestContext, workerId: string, types: string[], limit: number): Promise<Job[]> {
    if (types.length === 0) return [];
    const now = this.clock.now();
    const rows = rowsOf(
      await this.connection.manager(ctx).query(
        `UPDATE job SET status = 'running', attempts = job.attempts + 1, locked_by = $2, locked_until = $3
         FROM (SELECT id FROM job
               WHERE type = ANY($4)
                 AND ((status = 'pending' AND run_at <= $1)
                   OR (status = 'running' AND locked_until < $1 AND attempts < max_attempts))
               ORDER BY run_at, id
               LIMIT $5
               FOR UPDATE SKIP LOCKED) due
         WHERE job.id = due.id
         RETURNING job.*`,
        [now, workerId, new Date(now.getTime() + JOB_LEASE_MS), types, limit],
      ),
    );
    return rows.map(toJob).sort((a, b) => a.id - b.id);
  }

  /**
   * Marks the claimed job done, only while `workerId` still holds it.
   * @returns false when the lease was lost (another worker took the job over).
   */
  async complete(ctx: RequestContext, job: Job, workerId: string): Promise<boolean> {
    const result = await this.connection
      .manager(ctx)
      .query(
        `UPDATE job SET status = 'done', done_at = $3, locked_by = NULL, locked_until = NULL WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
        [job.id, workerId, this.clock.now()],
      );
    return rowsOf(result).length === 1;
  }

  /**
   * Marks these claimed jobs done in one statement, each only while `workerId` still holds it.
   * @returns the ids marked (a job missing lost its lease to another worker).
   */
  async completeMany(ctx: RequestContext, jobs: readonly Job[], workerId: string): Promise<number[]> {
    if (jobs.length === 0) return [];
    const result = await this.connection
      .manager(ctx)
      .query(
        `UPDATE job SET status = 'done', done_at = $3, locked_by = NULL, locked_until = NULL WHERE id = ANY($1::bigint[]) AND locked_by = $2 AND status = 'running' RETURNING id`,
        [jobs.map((job) => job.id), workerId, this.clock.now()],
      );
    return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
  }

  /**
   * Records a failed attempt: the job is due again after {@link backoffMs}, or `failed` for good once it
   * used its attempts. `lastError` keeps the reason.
   */
  async fail(ctx: RequestContext, job: Job, workerId: string, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const giveUp = job.attempts >= job.maxAttempts;
    await this.connection
      .manager(ctx)
      .query(
        `UPDATE job SET status = $3, run_at = $4, last_error = $5, locked_by = NULL, locked_until = NULL WHERE id = $1 AND locked_by = $2`,
        [
          job.id,
          workerId,
          giveUp ? 'failed' : 'pending',
          new Date(this.clock.now().getTime() + backoffMs(job.attempts)),
          message,
        ],
      );
  }

  /** Gives up running jobs whose lease expired after their last attempt (their worker died each time). */
  async failAbandoned(ctx: RequestContext): Promise<void> {
    await this.connection
      .manager(ctx)
      .query(
        `UPDATE job SET status = 'failed', last_error = coalesce(last_error, 'Worker während des letzten Versuchs ausgefallen'), locked_by = NULL, locked_until = NULL WHERE status = 'running' AND locked_until < $1 AND attempts >= max_attempts`,
        [this.clock.now()],
      );
  }

  /** Deletes jobs that finished more than {@link DONE_RETENTION_MS} ago. @returns how many. */
  async pruneDone(ctx: RequestContext): Promise<number> {
    const result = await this.connection
      .manager(ctx)
      .query(`DELETE FROM job WHERE status = 'done' AND done_at < $1 RETURNING id`, [
        new Date(this.clock.now().getTime() - DONE_RETENTION_MS),
      ]);
    return rowsOf(result).length;
  }

  /**
   * Makes every running job due again. Only for the embedded database at start: one process owns its
   * folder, so a job still running belongs to a process that died (`kill -9`) and need not wait for its
   * lease. (On a server other instances may be running their jobs; there the lease decides.)
   */
  async releaseOrphans(ctx: RequestContext): Promise<number> {
    const result = await this.connection
      .manager(ctx)
      .query(
        `UPDATE job SET status = 'pending', locked_by = NULL, locked_until = NULL, run_at = $1 WHERE status = 'running' RETURNING id`,
        [this.clock.now()],
      );
    return rowsOf(result).length;
  }
}
