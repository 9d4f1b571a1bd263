import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../env/config.js';
import { RequestContext } from '../core/request-context.js';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';
import { PgChannel } from '../core/pg-channel.js';
import type { Job } from './job.entity.js';
import type { JobOf } from './job-payloads.js';
import { JOBS_CHANNEL, JobQueue } from './job-queue.service.js';

/**
 * What a job type does. `ctx` is a system context; in a transactional handler it carries the transaction
 * in which the job is also marked done, so its database effects happen exactly once.
 */
export type JobHandler = (job: Job, ctx: RequestContext) => Promise<void>;

export interface HandlerOptions {
  /**
   * Run inside the transaction that marks the job done: for handlers whose effect is a database write
   * (exactly once). Default false: for effects outside the database (SMTP, HTTP), which must not hold a
   * connection — on the embedded database the only one — while they wait; those are at-least-once.
   */
  transactional?: boolean;
}

/** Jobs a worker claims per round and runs side by side. */
const BATCH = 10;
/** How often an idle worker deletes old finished jobs. */
const PRUNE_EVERY_MS = 60 * 60_000;
/**
 * How often an idle worker gives up jobs whose worker died on their last attempt. Such a job waits for
 * its lease (minutes) anyway; checking after every round cost a statement per order.
 */
const ABANDONED_EVERY_MS = 10_000;

/** The handlers of the job types, registered by the modules that own them at start. */
@Injectable()
export class JobHandlers {
  private readonly handlers = new Map<string, { run: JobHandler; options: HandlerOptions }>();

  /**
   * Registers the handler of a job type (one per type). Types without a handler are never claimed. The
   * handler reads the payload as the type's entry in `JobPayloadMap` (what {@link JobQueue.enqueue} wrote).
   */
  register<T extends string>(
    type: T,
    run: (job: JobOf<T>, ctx: RequestContext) => Promise<void>,
    options: HandlerOptions = {},
  ): void {
    if (this.handlers.has(type)) throw new Error(`job type ${type} has a handler already`);
    // The queue claims only rows of this type, written through the typed enqueue: the row is a JobOf<T>.
    this.handlers.set(type, { run: run as JobHandler, options });
  }

  get(type: string) {
    return this.handlers.get(type);
  }

  types(): string[] {
    return [...this.handlers.keys()];
  }
}

/**
 * A worker loop: claims due jobs, runs their handlers, marks them done or failed. It wakes when a job is
 * committed (on any instance, through {@link PgChannel}) and otherwise looks every
 * `JOBS_POLL_INTERVAL_MS`. Several workers — in one process or many sharing a database — never run the
 * same job at the same time (see {@link JobQueue.claim}).
 */
export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  private timer?: NodeJS.Timeout;
  private woken = false;
  private lastPrune = performance.now();
  private lastAbandonedCheck = -Infinity;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: JobHandlers,
    private readonly connection: TransactionalConnection,
    private readonly logger: Logger,
    private readonly pollIntervalMs: number,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops after the jobs in hand are finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  /** Looks for due jobs now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = 0;
      try {
        worked = await this.tick();
      } catch (err) {
        if (!this.running) break;
        this.logger.error({ err }, 'job worker round failed');
      }
      // A round that found fewer than a batch left nothing due behind it: a job enqueued meanwhile woke
      // the worker (then sleep returns at once), so a second claim only to find nothing is saved.
      if (worked < BATCH && this.running) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.wakeUp = () => {
        clearTimeout(this.timer);
        this.wakeUp = undefined;
        this.woken = false;
        resolve();
      };
      this.timer = setTimeout(() => this.wakeUp?.(), this.pollIntervalMs);
      this.timer.unref();
    });
  }

  /** One round: claims up to a batch of due jobs and runs them. @returns how many it ran. */
  async tick(): Promise<number> {
    this.woken = false;
    const ctx = RequestContext.system();
    const jobs = await this.queue.claim(ctx, this.id, this.handlers.types(), BATCH);
    const finished = await Promise.all(jobs.map((job) => this.runJob(job)));
    // The plain (non-transactional) jobs that ran are marked done together: one statement per round.
    const done = jobs.filter((_, i) => finished[i]);
    if (done.length) {
      const completed = new Set(await this.queue.completeMany(ctx, done, this.id));
      for (const job of done)
        if (!completed.has(job.id))
          this.logger
            .child({ job: { id: job.id, type: job.type, attempt: job.attempts } })
            .warn('job finished after its lease expired; another worker may repeat it');
    }
    if (jobs.length === 0) {
      if (performance.now() - this.lastAbandonedCheck > ABANDONED_EVERY_MS) {
        this.lastAbandonedCheck = performance.now();
        await this.queue.failAbandoned(ctx);
      }
      if (performance.now() - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = performance.now();
        await this.queue.pruneDone(ctx);
      }
    }
    return jobs.length;
  }

  /** Runs one job. @returns true when a plain job ran and is still to be marked done by the caller. */
  private async runJob(job: Job): Promise<boolean> {
    const handler = this.handlers.get(job.type)!;
    const ctx = RequestContext.system();
    const log = this.logger.child({ job: { id: job.id, type: job.type, attempt: job.attempts } });
    try {
      if (handler.options.transactional) {
        await this.connection.withTransaction(ctx, async () => {
          await handler.run(job, ctx);
          // Lost the lease meanwhile: roll the effect back, the new holder does it.
          if (!(await this.queue.complete(ctx, job, this.id))) throw new LeaseLost();
        });
      } else {
        await handler.run(job, ctx);
        log.debug('job ran');
        return true;
      }
      log.debug('job done');
      return false;
    } catch (err) {
      if (err instanceof LeaseLost) {
        log.warn('job lease lost; its effects were rolled back');
        return false;
      }
      log.warn({ err }, 'job failed');
      try {
        await this.queue.fail(RequestContext.system(), job, this.id, err);
      } catch (failErr) {
        log.error({ err: failErr }, 'could not record the job failure (the lease will expire)');
      }
      return false;
    }
  }
}

class LeaseLost extends Error {}

/** The worker of this process: started with the application (unless JOBS_WORKER=false), stopped with it. */
@Injectable()
export class JobWorkerService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly worker: JobWorker;
  private off?: () => void;

  constructor(
    private readonly queue: JobQueue,
    handlers: JobHandlers,
    connection: TransactionalConnection,
    private readonly channel: PgChannel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.worker = new JobWorker(queue, handlers, connection, logger, config.jobsPollIntervalMs);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.jobsWorker) return;
    if (!this.channel.crossInstance) {
      // Embedded: this process alone owns the database, so running jobs are a dead process's.
      const released = await this.queue.releaseOrphans(RequestContext.system());
      if (released > 0) this.logger.warn({ released }, 'jobs of a stopped process are due again');
    }
    this.off = this.channel.on(JOBS_CHANNEL, () => this.worker.wake());
    this.worker.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.off?.();
    await this.worker.stop();
  }
}
