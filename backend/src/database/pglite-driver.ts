import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

type Callback<T> = (error: Error | null, result?: T) => void;

/**
 * What the application uses of a PGlite: the instance itself (in this thread), or its stand-in that
 * sends the same calls to a PGlite in a worker thread (pglite-thread.ts). Nothing else of PGlite is used.
 */
export interface EmbeddedDb {
  /** The folder, or undefined in memory. */
  readonly dataDir?: string;
  readonly closed: boolean;
  query: PGlite['query'];
  exec: PGlite['exec'];
  dumpDataDir(compression?: 'none'): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite is one PostgreSQL session. TypeORM's postgres driver expects a `pg`-like pool whose clients each
 * own a session (a transaction's BEGIN and COMMIT must reach the same one, and nobody else's statements
 * may land in between). This adapter is that pool with exactly one client: `connect` waits until the
 * previous holder has released it. Queries outside a transaction are just as serialised, which PGlite
 * does anyway.
 *
 * Rule that follows: code holding a transaction must not ask the DataSource for a second connection
 * (it would wait for itself). Use the transaction's EntityManager.
 */
export class PGlitePool extends EventEmitter {
  private queue: Array<() => void> = [];
  private held = false;
  private ended = false;
  private readonly client: PGliteClient;

  constructor(readonly db: EmbeddedDb) {
    super();
    this.client = new PGliteClient(db);
  }

  connect(callback?: (err: Error | null, client?: PGliteClient, release?: (err?: unknown) => void) => void) {
    const acquired = new Promise<PGliteClient>((resolve, reject) => {
      if (this.ended) return reject(new Error('Die eingebettete Datenbank ist geschlossen.'));
      const grant = () => {
        this.held = true;
        resolve(this.client);
      };
      if (this.held) this.queue.push(grant);
      else grant();
    });
    const release = () => {
      const next = this.queue.shift();
      if (next) next();
      else this.held = false;
    };
    if (callback) {
      acquired.then(
        (client) => callback(null, client, release),
        (err: Error) => callback(err),
      );
      return undefined;
    }
    return acquired.then((client) => Object.assign(client, { release }));
  }

  /** Ad-hoc query on the pool, queued like any other client use. */
  async query(sql: string, params?: unknown[]) {
    const client = (await this.connect()) as PGliteClient & { release: () => void };
    try {
      return await client.query(sql, params);
    } finally {
      client.release();
    }
  }

  end(callback?: Callback<void>) {
    this.ended = true;
    const done = this.db.closed ? Promise.resolve() : this.db.close();
    done.then(
      () => callback?.(null),
      (err: Error) => callback?.(err),
    );
    return done;
  }
}

/** A `pg.Client` look-alike over the PGlite session. */
export class PGliteClient extends EventEmitter {
  constructor(private readonly db: EmbeddedDb) {
    super();
  }

  query(sql: string, paramsOrCallback?: unknown[] | Callback<unknown>, maybeCallback?: Callback<unknown>) {
    const params = Array.isArray(paramsOrCallback) ? paramsOrCallback : undefined;
    const callback = typeof paramsOrCallback === 'function' ? paramsOrCallback : maybeCallback;
    const run =
      params && params.length > 0
        ? this.db.query(sql, params)
        : // exec runs several statements (migrations); TypeORM wants the last result.
          this.db.exec(sql).then((results) => results[results.length - 1] ?? { rows: [], fields: [] });
    const shaped = run.then((r) => ({
      ...r,
      rowCount: (r as { affectedRows?: number }).affectedRows ?? r.rows.length,
      command: sql.trim().split(/\s+/, 1)[0]?.toUpperCase(),
    }));
    if (callback)
      shaped.then(
        (r) => callback(null, r),
        (err: Error) => callback(err),
      );
    return shaped;
  }
}

/**
 * V8 compiles PGlite's WebAssembly (a 9 MB module) with its baseline compiler Liftoff and recompiles it with
 * the optimising TurboFan; that second compilation took the process's resident memory 500 MB higher while
 * it ran and left about 100 MB more resident for good (docs/decisions/memory.md). With Liftoff only, an
 * order costs the same CPU time (the time goes to the application, not to PostgreSQL) and large reports
 * (grouped reads over 100,000 rows) about 1.45 times as much. V8's flags are the process's: set before the
 * first PGlite is compiled, they hold for every later one, in every thread. Liftoff compiles every function
 * of PGlite 0.5 (checked with eager compilation), so no function falls back to TurboFan.
 */
export function useBaselineWasmCompilerOnly(): void {
  v8.setFlagsFromString('--liftoff-only');
  // Set by --liftoff-only at start-up, but not when it is set at run time.
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * Opens the embedded database (in a folder, or in memory when `dataDir` is undefined). `initialData`, a
 * tarball from `dumpDataDir`, replaces the initdb of a new database (seconds of CPU each time).
 */
export async function openPGlite(
  dataDir: string | undefined,
  initialData?: Blob,
  durable = dataDir !== undefined,
): Promise<PGlite> {
  const boolSerializer = (val: unknown) => {
    if (val === true || val === 'true' || val === 1) return 'TRUE';
    if (val === false || val === 'false' || val === 0) return 'FALSE';
    return String(val);
  };
  // Loaded at the first embedded database, not with this module: a shop on the PostgreSQL server never
  // needs PGlite, which holds 4.5 MB once loaded (docs/decisions/memory.md).
  const [{ PGlite: PGliteClass, types }, { uuid_ossp }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/uuid_ossp'),
  ]);
  const defaults = PGliteClass.defaultStartParams;
  const db = await PGliteClass.create({
    dataDir,
    loadDataDir: initialData,
    extensions: { uuid_ossp },
    serializers: { [types.BOOL]: boolSerializer },
    startParams: [...(durable ? durableStartParams(defaults) : defaults), ...MEMORY_START_PARAMS],
  });
  if (durable) syncFilesOnFsync(db);
  return db;
}

/**
 * PostgreSQL's memory settings for one embedded session (docs/decisions/memory.md). The
 * server's defaults (`shared_buffers` 128 MB, `work_mem` 4 MB) are sized for many connections on a
 * database machine; PGlite is one session inside the shop's own process, and the WASM heap that holds the
 * buffers never shrinks. A shop's working set (catalogue, a day's orders) fits in 16 MB of pages; the
 * operating system's file cache holds the rest, as it does for a server.
 */
const MEMORY_START_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=1MB'];

/**
 * PGlite starts PostgreSQL with `-F` (fsync off): a commit is acknowledged once its WAL is in the operating
 * system's cache, which survives the process (kill -9) but not a power cut. Durable mode (docs/decisions/
 * operations-durability.md) starts without `-F` and with `wal_sync_method=fsync`: PostgreSQL then calls
 * fsync() on the WAL before it answers a COMMIT. Emscripten's fdatasync does nothing, and its Node file
 * system has no fsync of its own, so {@link syncFilesOnFsync} gives it one.
 */
const durableStartParams = (defaults: string[]) => [
  ...defaults.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'synchronous_commit=on',
];

/** fsync(2) calls made for the embedded database since the process started (tests and benchmarks read it). */
export const embeddedFsyncs = { count: 0 };

/** Makes PostgreSQL's fsync() of a file in the data folder a real `fsync(2)` of that file. */
function syncFilesOnFsync(db: PGlite): void {
  const nodefs = (db as unknown as { Module?: { NODEFS?: { stream_ops: Record<string, unknown> } } }).Module
    ?.NODEFS;
  if (!nodefs) throw new Error('PGlite ohne Node-Dateisystem: fsync kann nicht eingeschaltet werden');
  nodefs.stream_ops.fsync = (stream: { nfd?: number }) => {
    if (typeof stream.nfd !== 'number') return 0;
    fs.fsyncSync(stream.nfd);
    embeddedFsyncs.count += 1;
    return 0;
  };
}

/** The `driver` option for TypeORM's postgres type: a module with a `Pool` constructor bound to `db`. */
export function pgliteDriverModule(db: EmbeddedDb): { Pool: new () => PGlitePool } {
  class Pool extends PGlitePool {
    constructor() {
      super(db);
    }
  }
  return { Pool };
}
