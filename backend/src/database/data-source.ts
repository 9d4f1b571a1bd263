import { existsSync } from 'node:fs';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ConfigError } from '../env/config-error.js';
import { describeDatabaseUrl } from '../env/config.js';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './naming.js';
import {
  type EmbeddedDb,
  openPGlite,
  pgliteDriverModule,
  useBaselineWasmCompilerOnly,
} from './pglite-driver.js';
import { PGliteThread } from './pglite-thread.js';
import { unpackPreparedCluster } from './prepared-cluster.js';
import { StatementCounter } from './statement-counter.js';

/**
 * Where the data lives: a PostgreSQL server, or the embedded PGlite in a folder (or in memory for tests).
 * `initialData` (in memory only) starts the embedded database from a `dumpDataDir` tarball instead of an
 * empty cluster: the tests' migrated and seeded snapshots.
 */
export type DatabaseTarget =
  | { kind: 'server'; url: string }
  | {
      kind: 'embedded';
      dataDir?: string;
      initialData?: Blob;
      /** fsync before a commit is acknowledged (default: on for a folder, off in memory). */
      durable?: boolean;
      /**
       * PGlite in a worker thread of its own (pglite-thread.ts), so that this thread answers requests while
       * it works; the served shop does so. Default: in this thread (tests, CLI commands).
       */
      thread?: boolean;
      /** With {@link thread}: told if the thread ends without being closed (the database is gone). */
      onThreadExit?: (error: Error) => void;
      /**
       * V8's optimising WebAssembly compiler too (faster reports, about 100 MB more memory). Default: the
       * baseline compiler only ({@link useBaselineWasmCompilerOnly}), for this process from now on.
       */
      optimizingCompiler?: boolean;
    };

/** An initialised DataSource and how to close everything it opened. */
export interface OpenDatabase {
  dataSource: DataSource;
  target: DatabaseTarget;
  pglite?: EmbeddedDb;
  /**
   * How an embedded folder that held no database was made: from the build's prepared empty cluster, or by
   * PGlite's initdb (no fitting prepared cluster built). Undefined when the folder held one already.
   */
  created?: 'prepared cluster' | 'initdb';
  close(): Promise<void>;
}

/** What else {@link openDatabase} may do. */
export interface OpenOptions {
  /** Count every statement into this JSON file (the order benchmark's round trips per order). */
  statementCountFile?: string | null;
}

function baseOptions(entities: Function[], options: OpenOptions = {}) {
  return {
    ...(options.statementCountFile ? { logger: new StatementCounter(options.statementCountFile) } : {}),
    type: 'postgres' as const,
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    logging: false,
    // TypeORM would try CREATE EXTENSION for uuid columns; the migrations do that themselves.
    installExtensions: false,
  };
}

/**
 * Opens and initialises the database. A server that cannot be reached becomes a ConfigError naming
 * DATABASE_URL, so that the start stops with one sentence. `entities` is the application's entity list
 * (`ENTITIES` of schema/entities.ts), passed in so that this floor knows no feature.
 */
export async function openDatabase(
  target: DatabaseTarget,
  entities: Function[],
  open: OpenOptions = {},
): Promise<OpenDatabase> {
  if (target.kind === 'server') {
    const options: DataSourceOptions = {
      ...baseOptions(entities, open),
      url: target.url,
      connectTimeoutMS: 5000,
      poolSize: 10,
      extra: { idleTimeoutMillis: 10_000 },
    };
    const dataSource = new DataSource(options);
    try {
      await dataSource.initialize();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError(
        'DATABASE_URL',
        `Die Datenbank unter DATABASE_URL (${describeDatabaseUrl(target.url)}) ist nicht erreichbar: ${reason}.`,
      );
    }
    return {
      dataSource,
      target,
      close: () => (dataSource.isInitialized ? dataSource.destroy() : Promise.resolve()),
    };
  }
  let pglite: EmbeddedDb;
  let created: OpenDatabase['created'];
  if (!target.optimizingCompiler) useBaselineWasmCompilerOnly();
  try {
    if (target.dataDir && !target.initialData) {
      const durable = target.durable ?? true;
      if (await unpackPreparedCluster(target.dataDir, durable)) created = 'prepared cluster';
      else if (!existsSync(path.join(target.dataDir, 'PG_VERSION'))) created = 'initdb';
    }
    if (target.thread) {
      const thread = await PGliteThread.open(target.dataDir, target.initialData, target.durable);
      if (target.onThreadExit) thread.onExit(target.onThreadExit);
      pglite = thread;
    } else {
      pglite = await openPGlite(target.dataDir, target.initialData, target.durable);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      'DATA_DIR',
      `Die eingebettete Datenbank im Ordner DATA_DIR (${target.dataDir}) lässt sich nicht öffnen: ${reason}.`,
    );
  }
  const dataSource = new DataSource({
    ...baseOptions(entities, open),
    driver: pgliteDriverModule(pglite),
  } as DataSourceOptions);
  await dataSource.initialize();
  return {
    dataSource,
    target,
    pglite,
    created,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Applies every pending migration; returns the names of those it ran. */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  return ran.map((m) => m.name);
}
