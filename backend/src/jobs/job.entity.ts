import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/** Where a job is: waiting (or waiting for its next attempt), claimed by a worker, finished, given up. */
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const bigintNumber = {
  to: (v: number | undefined) => v,
  from: (v: string | null) => (v === null ? v : Number(v)),
};

/**
 * A durable job (e-mail, SMS, print, webhook …): written in the transaction that causes it, claimed by one
 * worker at a time (`FOR UPDATE SKIP LOCKED` plus a lease in {@link Job.lockedUntil}), retried with
 * exponential backoff until {@link Job.maxAttempts}. See docs/decisions/jobs.md.
 */
@Entity({ name: 'job' })
@Index('ix_job_due', ['status', 'runAt'])
export class Job {
  @Generated('increment')
  @PrimaryColumn({ type: 'bigint', transformer: bigintNumber, primaryKeyConstraintName: 'pk_job' })
  id: number;

  /** The handler that runs it (`mail`, `sms`, `print` …). */
  @Column({ type: 'varchar', length: 50 })
  type: string;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  payload: Record<string, unknown>;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: JobStatus;

  /** Attempts started so far (raised when a worker claims the job). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'integer', default: 10 })
  maxAttempts: number;

  /** Not before this time (the next attempt after a failure). */
  @Column({ type: 'timestamptz' })
  runAt: Date;

  /** The worker holding the job while it runs. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  lockedBy: string | null;

  /** The lease: past this time a crashed worker's job is claimed again. */
  @Column({ type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  /** At most one job per key (e.g. `mail:order:17:received`): enqueueing it again is a no-op. */
  @Index('uq_job_dedupe_key', { unique: true })
  @Column({ type: 'varchar', length: 200, nullable: true })
  dedupeKey: string | null;
}
