import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { EmbeddedDb } from './pglite-driver.js';
import { fromWireError, type WireReply, type WireRequest, type WireStart } from './pglite-wire.js';

/** Set (a file URL) by the test set-up: a module that lets a thread load TypeScript sources (Jest runs those). */
const SOURCE_LOADER_ENV = 'TS_THREAD_LOADER';

/**
 * Where the database thread's code is: next to this file, `.js` when built (`npm start`). Run from the
 * TypeScript sources (Jest with SWC) it is the `.ts` file, loaded through the module {@link SOURCE_LOADER_ENV}
 * names (the test set-up sets it); a thread does not share Jest's transform.
 */
function threadEntry(): { url: URL; execArgv?: string[] } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { url: new URL('./pglite-worker.js', here) };
  const loader = process.env[SOURCE_LOADER_ENV];
  if (!loader)
    throw new Error(`${SOURCE_LOADER_ENV} fehlt: der Datenbank-Thread kann die Quelltexte nicht laden`);
  return { url: new URL('./pglite-worker.ts', here), execArgv: ['--import', loader] };
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; stack?: string };

/**
 * The embedded database in a worker thread (docs/decisions/security.md, "liveness"): PGlite runs its
 * queries (WebAssembly) synchronously, so in this thread no request would be answered meanwhile. Here the
 * main thread only posts the SQL and its parameters and awaits the rows, which come back as PGlite gives
 * them (a structured clone keeps Dates, objects, strings, Uint8Array, BigInt); errors keep PostgreSQL's
 * fields (pglite-wire.ts).
 *
 * The thread keeps the process alive only while a call is under way, so a database that was not closed
 * (a CLI's error path) does not hang the process. If the thread ends without {@link close}, every open
 * and later call fails and `onExit` is told once.
 */
export class PGliteThread implements EmbeddedDb {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closing = false;
  private gone: Error | undefined;
  private exitListeners: Array<(error: Error) => void> = [];

  private constructor(
    private readonly worker: Worker,
    readonly dataDir: string | undefined,
  ) {
    worker.on('message', (reply: WireReply) => this.settle(reply));
    worker.on('error', (error) => this.end(error));
    worker.on('exit', (code) =>
      this.end(new Error(`Der Datenbank-Thread wurde beendet (Exit-Code ${code}).`)),
    );
  }

  /** Opens PGlite in a new thread as {@link openPGlite} would here. */
  static async open(dataDir: string | undefined, initialData?: Blob, durable = dataDir !== undefined) {
    const { url, execArgv } = threadEntry();
    const start: WireStart = {
      dataDir,
      initialData: initialData ? await initialData.arrayBuffer() : undefined,
      durable,
    };
    const worker = new Worker(url, { workerData: start, execArgv });
    const thread = new PGliteThread(worker, dataDir);
    try {
      await thread.request(0);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.closing || this.gone !== undefined;
  }

  /** Called once if the thread ends on its own (a crash); not after {@link close}. */
  onExit(listener: (error: Error) => void): void {
    this.exitListeners.push(listener);
  }

  query<T>(sql: string, params?: unknown[]): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params }) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.call({ op: 'exec', sql }) as Promise<Array<Results>>;
  }

  /** PGlite's tarball of its data folder (uncompressed, the only kind the backups use). */
  async dumpDataDir(_compression?: 'none'): Promise<Blob> {
    return new Blob([(await this.call({ op: 'dumpDataDir' })) as ArrayBuffer]);
  }

  /** Closes PGlite (a clean shut-down: checkpoint, files closed) and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closing = true;
      await this.worker.terminate();
    }
  }

  private call(call: WireRequest): Promise<unknown> {
    if (this.closing || this.gone) {
      return Promise.reject(this.gone ?? new Error('Die eingebettete Datenbank ist geschlossen.'));
    }
    const id = this.nextId++;
    const reply = this.request(id);
    this.worker.postMessage({ ...call, id });
    return reply;
  }

  /** Waits for the reply with this id; the thread holds the process open meanwhile. */
  private request(id: number): Promise<unknown> {
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, stack: new Error().stack });
    });
  }

  private settle(reply: WireReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in reply) waiting.reject(fromWireError(reply.error, waiting.stack));
    else waiting.resolve(reply.result);
  }

  private end(error: Error) {
    if (this.gone || this.closing) return;
    this.gone = new Error(`Die eingebettete Datenbank ist ausgefallen: ${error.message}`, { cause: error });
    for (const waiting of this.pending.values()) waiting.reject(this.gone);
    this.pending.clear();
    for (const listener of this.exitListeners) listener(this.gone);
  }
}
