import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One bcrypt job for a worker thread. */
export type HashJob =
  { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

/** What a worker answers: the result, and the thread that computed it (never the main thread's 0). */
export interface HashAnswer<T> {
  result: T;
  threadId: number;
}

/** The pool is full: more jobs are waiting than {@link HashPool.maxQueue} allows. */
export class HashPoolBusy extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashPoolBusy';
  }
}

// Plain CommonJS run by each worker: bcryptjs' synchronous API, which may block this thread, not the
// event loop of the server. The path to bcryptjs comes from the main thread, so resolution does not
// depend on the working directory.
const WORKER_SOURCE = `
const { parentPort, workerData, threadId } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id: job.id, result, threadId });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error), threadId });
  }
});
`;

interface Pending {
  job: HashJob & { id: number };
  resolve: (answer: HashAnswer<unknown>) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy?: Pending;
}

/**
 * Terminates one worker and waits for it, at most `graceMs`. A worker terminated while it is still starting
 * may never settle `terminate()`'s promise nor hold the event loop (seen on Node 24 in one shutdown of
 * three right after start-up): the process then ran out of work and ended in the middle of its shutdown.
 * The timer keeps the process alive and bounds the wait.
 */
async function stopWorker(worker: Worker, graceMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gone = new Promise<void>((resolve) => {
    worker.once('exit', () => resolve());
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([
    worker.terminate().then(
      () => undefined,
      () => undefined,
    ),
    gone,
  ]);
  clearTimeout(timer);
}

/** Worker threads for the main thread to spare, at least one and at most four. */
export const defaultPoolSize = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * A small pool of worker threads for bcrypt: a hash takes a quarter of a second of pure CPU at cost 12,
 * which on the main thread would stall every other request (bcryptjs' "async" API only slices the work
 * into chunks on the same thread). Workers start on first use; while idle they do not keep the process
 * alive. Jobs beyond the workers wait in a bounded queue; past {@link maxQueue} they are refused at once
 * ({@link HashPoolBusy}) instead of piling up.
 */
export class HashPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly bcryptPath = createRequire(import.meta.url).resolve('bcryptjs');

  constructor(
    readonly size = defaultPoolSize(),
    readonly maxQueue = 64,
  ) {}

  /** Jobs waiting for a free worker (not counting those being computed). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs one job on a worker thread. @throws HashPoolBusy when too many jobs wait already. */
  run<T>(job: HashJob): Promise<HashAnswer<T>> {
    if (this.closed) return Promise.reject(new Error('password hashing pool is closed'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new HashPoolBusy());
    return new Promise<HashAnswer<T>>((resolve, reject) => {
      this.queue.push({
        job: { ...job, id: this.nextId++ },
        resolve: resolve as (answer: HashAnswer<unknown>) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Stops the workers; jobs still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('password hashing pool is closed'));
    await Promise.all(this.slots.splice(0).map((slot) => stopWorker(slot.worker)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.busy) ?? this.spawn();
      if (!slot) return;
      const pending = this.queue.shift()!;
      slot.busy = pending;
      // A job in flight keeps the process alive (the CLI awaits a hash and nothing else).
      slot.worker.ref();
      slot.worker.postMessage(pending.job);
    }
  }

  private spawn(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath: this.bcryptPath } });
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (message: { id: number; result?: unknown; error?: string; threadId: number }) => {
      const pending = slot.busy;
      slot.busy = undefined;
      worker.unref();
      if (pending && pending.job.id === message.id) {
        if (message.error !== undefined) pending.reject(new Error(message.error));
        else pending.resolve({ result: message.result, threadId: message.threadId });
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.busy?.reject(error);
      slot.busy = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password hashing worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
