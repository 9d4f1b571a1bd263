import { ConfigError } from '../src/env/config-error.js';
import { loadConfig } from '../src/env/config.js';
import { RequestContext } from '../src/core/request-context.js';
import { TransactionalConnection } from '../src/core/transaction.js';
import { LOGGER } from '../src/core/tokens.js';
import { Job } from '../src/jobs/job.entity.js';
import { backoffMs, DONE_RETENTION_MS, JobQueue } from '../src/jobs/job-queue.service.js';
import { JobHandlers, JobWorker, JobWorkerService } from '../src/jobs/job-worker.service.js';
import { startSecondInstance } from './support/second-instance.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Waits until `check` holds (polling), or fails with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('durable jobs', () => {
  let t: TestApp;
  let queue: JobQueue;
  let handlers: JobHandlers;
  let connection: TransactionalConnection;
  const jobRow = (id: number) => t.dataSource.getRepository(Job).findOneByOrFail({ id });

  beforeAll(async () => {
    t = await startTestApp({ env: { JOBS_POLL_INTERVAL_MS: '60000' } });
    queue = t.app.get(JobQueue);
    handlers = t.app.get(JobHandlers);
    connection = t.app.get(TransactionalConnection);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('JobQueue.enqueue', () => {
    it('writes the job only when the transaction commits, and the worker runs it after the commit', async () => {
      const ran: unknown[] = [];
      handlers.register('test.echo', async (job) => {
        ran.push(job.payload);
      });
      const ctx = RequestContext.system();
      await expect(
        connection.withTransaction(ctx, async () => {
          await queue.enqueue(ctx, 'test.echo', { n: 'rolled back' });
          throw new Error('Abbruch');
        }),
      ).rejects.toThrow('Abbruch');
      const started = Date.now();
      const id = await connection.withTransaction(ctx, () => queue.enqueue(ctx, 'test.echo', { n: 1 }));
      // The poll interval is a minute: only the commit's wake-up can make it this fast.
      await until('job done', async () => (await jobRow(id!)).status === 'done', 5000);
      const latency = Date.now() - started;
      expect(ran).toEqual([{ n: 1 }]);
      const row = await jobRow(id!);
      expect(row).toMatchObject({ attempts: 1, lockedBy: null, lastError: null });
      expect(row.doneAt).toEqual(t.clock.now());
      expect(latency).toBeLessThan(2000);
      console.log(
        `job from commit to done: ${latency} ms (${(t.dataSource.options as { url?: string }).url ? 'PostgreSQL server' : 'PGlite'}, woken by the commit)`,
      );
    });

    it('writes a job with a known dedupe key once', async () => {
      const ctx = RequestContext.system();
      const first = await queue.enqueue(ctx, 'test.unhandled', {}, { dedupeKey: 'test:once' });
      const second = await queue.enqueue(ctx, 'test.unhandled', {}, { dedupeKey: 'test:once' });
      expect(first).toEqual(expect.any(Number));
      expect(second).toBeNull();
      expect(await t.dataSource.getRepository(Job).countBy({ dedupeKey: 'test:once' })).toBe(1);
      // No handler for the type: it stays pending (print jobs wait for devices like this).
      expect((await jobRow(first!)).status).toBe('pending');
    });
  });

  describe('JobQueue.enqueueMany', () => {
    it('writes several jobs in one statement and answers null where a dedupe key existed', async () => {
      const ctx = RequestContext.system();
      await queue.enqueue(ctx, 'test.many', { n: 0 }, { dedupeKey: 'many:b' });
      const ids = await queue.enqueueMany(ctx, [
        { type: 'test.many', payload: { n: 1 }, options: { dedupeKey: 'many:a' } },
        { type: 'test.many', payload: { n: 2 }, options: { dedupeKey: 'many:b' } },
        { type: 'test.many', payload: { n: 3 } },
        { type: 'test.many', payload: { n: 4 }, options: { dedupeKey: 'many:c' } },
        { type: 'test.many', payload: { n: 5 } },
      ]);
      expect(ids.map((id) => id === null)).toEqual([false, true, false, false, false]);
      const rows = await t.dataSource.getRepository(Job).findBy({ type: 'test.many' });
      for (const [i, id] of ids.entries()) {
        if (id !== null) expect(rows.find((r) => r.id === id)!.payload).toEqual({ n: i + 1 });
      }
      expect(rows).toHaveLength(5);
    });
  });

  describe('JobWorker', () => {
    it('retries a failing job with exponential backoff, records the last error, and gives up after maxAttempts', async () => {
      let calls = 0;
      handlers.register('test.flaky', async () => {
        calls += 1;
        if (calls < 3) throw new Error(`Fehler Nummer ${calls}`);
      });
      const worker = t.app.get(JobWorkerService).worker;
      const ctx = RequestContext.system();
      const id = (await queue.enqueue(ctx, 'test.flaky', {}))!;
      await until('first attempt failed', async () => (await jobRow(id)).lastError === 'Fehler Nummer 1');
      let row = await jobRow(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null });
      expect(row.runAt.getTime() - t.clock.now().getTime()).toBe(backoffMs(1));
      expect(backoffMs(1)).toBe(10_000);

      // Not due yet: a round claims nothing.
      expect(await worker.tick()).toBe(0);
      t.clock.advance(backoffMs(1));
      worker.wake();
      await until('second attempt failed', async () => {
        const r = await jobRow(id);
        return r.attempts === 2 && r.status === 'pending';
      });
      row = await jobRow(id);
      expect(row).toMatchObject({ status: 'pending', lastError: 'Fehler Nummer 2' });
      expect(row.runAt.getTime() - t.clock.now().getTime()).toBe(20_000);
      t.clock.advance(20_000);
      worker.wake();
      await until('done on the third attempt', async () => (await jobRow(id)).status === 'done');
      expect(calls).toBe(3);

      handlers.register('test.broken', async () => {
        throw new Error('kaputt');
      });
      const broken = (await queue.enqueue(ctx, 'test.broken', {}, { maxAttempts: 2 }))!;
      await until('first failure', async () => {
        const r = await jobRow(broken);
        return r.attempts === 1 && r.status === 'pending';
      });
      t.clock.advance(backoffMs(1));
      worker.wake();
      await until('failed for good', async () => (await jobRow(broken)).status === 'failed');
      expect(await jobRow(broken)).toMatchObject({ attempts: 2, lastError: 'kaputt' });
    });

    it('takes over a job whose worker died holding it, once its lease expired', async () => {
      const ran: number[] = [];
      const ctx = RequestContext.system();
      const id = (await queue.enqueue(
        ctx,
        'test.orphan',
        {},
        { runAt: new Date(t.clock.now().getTime() + 1000) },
      ))!;
      // A worker of a process that is then killed claims it and never reports back.
      const [claimed] = await queue.claim(ctx, 'dead-worker', ['test.orphan'], 10).then(async (none) => {
        expect(none).toEqual([]); // not due yet
        t.clock.advance(1000);
        return queue.claim(ctx, 'dead-worker', ['test.orphan'], 10);
      });
      expect(claimed).toMatchObject({ id, status: 'running', lockedBy: 'dead-worker' });
      // Only now a handler exists: before, the app's own worker loop could claim the due job first (a
      // worker claims only the types it can run), and the dead worker would have found nothing.
      handlers.register('test.orphan', async (job) => {
        ran.push(job.id);
      });
      const worker = t.app.get(JobWorkerService).worker;
      expect(await worker.tick()).toBe(0); // leased
      t.clock.advance(5 * 60_000 + 1);
      await worker.tick(); // (the worker's own loop may be the one that takes it: either is right)
      await until('taken over', async () => (await jobRow(id)).status === 'done');
      expect(ran).toEqual([id]);
      // The dead worker's late report does not count.
      expect(await queue.complete(ctx, claimed!, 'dead-worker')).toBe(false);
      expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    });

    it('runs a transactional handler and marks its job done in one transaction (rolled back together)', async () => {
      let fail = true;
      handlers.register(
        'test.tx',
        async (_job, ctx) => {
          await connection
            .manager(ctx)
            .query(
              `INSERT INTO job (type, run_at, created_at, status) VALUES ('test.side-effect', now(), now(), 'done')`,
            );
          if (fail) throw new Error('nach dem Schreiben');
        },
        { transactional: true },
      );
      const ctx = RequestContext.system();
      const id = (await queue.enqueue(ctx, 'test.tx', {}))!;
      await until('failed once', async () => {
        const r = await jobRow(id);
        return r.attempts === 1 && r.status === 'pending';
      });
      expect(await t.dataSource.getRepository(Job).countBy({ type: 'test.side-effect' })).toBe(0);
      fail = false;
      t.clock.advance(backoffMs(1));
      t.app.get(JobWorkerService).worker.wake();
      await until('done', async () => (await jobRow(id)).status === 'done');
      expect(await t.dataSource.getRepository(Job).countBy({ type: 'test.side-effect' })).toBe(1);
    });
  });

  it('works 500 jobs with two workers without running any twice', async () => {
    const second = await startSecondInstance(t, { JOBS_POLL_INTERVAL_MS: '60000' });
    const runs = new Map<number, string[]>();
    const record = async (job: Job) => {
      await new Promise((r) => setTimeout(r, Math.random() * 3));
      runs.set(job.id, [...(runs.get(job.id) ?? []), job.lockedBy!]);
    };
    let workers: JobWorker[];
    let stopExtra = async () => {};
    if (second) {
      console.log('500 jobs: two backend instances on one PostgreSQL database, one worker each');
      handlers.register('test.bulk', record);
      second.app.get(JobHandlers).register('test.bulk', record);
      workers = [t.app.get(JobWorkerService).worker, second.app.get(JobWorkerService).worker];
    } else {
      console.log('500 jobs: PGlite belongs to one process; two workers in that process (plus none other)');
      handlers.register('test.bulk', record);
      const make = () => new JobWorker(queue, handlers, connection, t.app.get(LOGGER), 60_000);
      await t.app.get(JobWorkerService).worker.stop();
      workers = [make(), make()];
      workers.forEach((w) => w.start());
      stopExtra = async () => {
        await Promise.all(workers.map((w) => w.stop()));
        t.app.get(JobWorkerService).worker.start();
      };
    }
    try {
      const ctx = RequestContext.system();
      const started = Date.now();
      const ids: number[] = [];
      await connection.withTransaction(ctx, async () => {
        for (let i = 0; i < 500; i++) ids.push((await queue.enqueue(ctx, 'test.bulk', { i }))!);
      });
      workers.forEach((w) => w.wake());
      await until(
        '500 jobs done',
        async () =>
          (await t.dataSource.getRepository(Job).countBy({ type: 'test.bulk', status: 'done' })) === 500,
        60_000,
      );
      const seconds = (Date.now() - started) / 1000;
      const twice = [...runs].filter(([, by]) => by.length > 1);
      expect(twice).toEqual([]);
      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
      const perWorker = workers.map((w) => [...runs.values()].filter(([by]) => by === w.id).length);
      console.log(`500 jobs in ${seconds.toFixed(2)} s, per worker: ${perWorker.join(' / ')}`);
      expect(perWorker.every((n) => n > 0)).toBe(true);
      expect(perWorker.reduce((a, b) => a + b, 0)).toBe(500);
    } finally {
      await stopExtra();
      await second?.close();
    }
  });

  it('deletes finished jobs after a week and keeps failed ones for inspection', async () => {
    const ctx = RequestContext.system();
    const ids = [
      (await queue.enqueue(ctx, 'test.prune', {}))!,
      (await queue.enqueue(ctx, 'test.prune', {}))!,
    ];
    const claimed = await queue.claim(ctx, 'pruner', ['test.prune'], 10);
    expect(claimed.map((j) => j.id)).toEqual(ids);
    await queue.complete(ctx, claimed[0]!, 'pruner');
    await queue.fail(ctx, { ...claimed[1]!, attempts: 10 }, 'pruner', new Error('endgültig'));
    t.clock.advance(DONE_RETENTION_MS - 1);
    await queue.pruneDone(ctx);
    expect(await t.dataSource.getRepository(Job).countBy({ type: 'test.prune' })).toBe(2);
    t.clock.advance(2);
    expect(await queue.pruneDone(ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.dataSource.getRepository(Job).findBy({ type: 'test.prune' });
    expect(left.map((j) => [j.id, j.status])).toEqual([[ids[1], 'failed']]);
  });
});

describe('job settings', () => {
  it('stops the start with a German sentence naming a wrong job or SMS variable', () => {
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [
        { JOBS_POLL_INTERVAL_MS: 'oft' },
        'JOBS_POLL_INTERVAL_MS',
        /muss eine ganze Zahl zwischen 100 und 600000 sein, nicht "oft"/,
      ],
      [{ JOBS_POLL_INTERVAL_MS: '50' }, 'JOBS_POLL_INTERVAL_MS', /zwischen 100 und 600000/],
      [{ JOBS_WORKER: 'vielleicht' }, 'JOBS_WORKER', /muss true oder false sein/],
      [{ SMS_API_URL: 'ftp://sms.example' }, 'SMS_API_URL', /muss mit http:\/\/ oder https:\/\/ beginnen/],
      [{ SMS_COUNTRY_CODE: '0043' }, 'SMS_COUNTRY_CODE', /Ländervorwahl aus 1 bis 3 Ziffern/],
    ];
    for (const [env, variable, message] of cases) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as ConfigError).message).toMatch(message);
    }
    expect(loadConfig({})).toMatchObject({
      jobsWorker: true,
      jobsPollIntervalMs: 2000,
      smsCountryCode: null, // the shop's market decides
    });
    expect(loadConfig({ SMS_COUNTRY_CODE: '+41', JOBS_WORKER: 'false' })).toMatchObject({
      smsCountryCode: '41',
      jobsWorker: false,
    });
  });

  it('runs no worker with JOBS_WORKER=false: the jobs wait for an instance that has one', async () => {
    const t = await startTestApp({ env: { JOBS_WORKER: 'false' } });
    try {
      let ran = 0;
      t.app.get(JobHandlers).register('test.idle', async () => {
        ran += 1;
      });
      const id = (await t.app.get(JobQueue).enqueue(RequestContext.system(), 'test.idle', {}))!;
      await new Promise((r) => setTimeout(r, 300));
      expect(ran).toBe(0);
      expect((await t.dataSource.getRepository(Job).findOneByOrFail({ id })).status).toBe('pending');
    } finally {
      await t.close();
    }
  });
});
