import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { FixedClock } from '../../src/core/clock.js';
import { migrate, openDatabase, type OpenDatabase } from '../../src/database/data-source.js';
import { ENTITIES } from '../../src/schema/entities.js';
import { seedDemo } from '../../src/seed/seed.js';

/**
 * Starting states of a test database, each built once per Jest run and then copied for every test file:
 * `empty` (a new cluster), `migrated` (every migration applied), `seeded` (migrated, then the demo business
 * seeded at {@link SEED_TIME}). Building them costs seconds of CPU (PGlite's initdb alone ~4 s, the seed
 * ~2.5 s); a copy costs about one.
 *
 * The run's global set-up (`global-setup.mjs`) names a folder (`TEST_SNAPSHOT_DIR`) and a run id
 * (`TEST_RUN_ID`); without them (Jest started with another configuration) nothing is shared and each
 * database is built from scratch as before.
 */
export type DatabaseState = 'empty' | 'migrated' | 'seeded';

/** The clock time the demo business is seeded at (the test apps' clock starts there too). */
export const SEED_TIME = '2026-11-20T10:00:00Z';

const STATES: DatabaseState[] = ['empty', 'migrated', 'seeded'];

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A new in-memory PGlite database in a state, started from the run's snapshot of it; undefined without the
 * run's folder. The first use builds the snapshot: from the nearest state already kept (else a new
 * cluster) up to the one asked for, keeping each state it passes (`empty` only when asked for), and hands
 * out the database it built, so a first use costs what building that database always cost, plus the
 * copies. One worker builds at a time (the lock file holds its pid); the others wait for it.
 */
export async function openEmbeddedSnapshot(
  state: DatabaseState,
  // TEST_PGLITE_THREAD=true: in a thread of its own, as the served shop runs it (docs/decisions/security.md)
  thread = process.env.TEST_PGLITE_THREAD === 'true',
): Promise<OpenDatabase | undefined> {
  const dir = process.env.TEST_SNAPSHOT_DIR;
  if (!dir) return undefined;
  const file = (s: DatabaseState) => path.join(dir, `pglite-${s}.tar`);
  const load = (s: DatabaseState) => new Blob([readFileSync(file(s))]);
  const lock = path.join(dir, 'pglite.lock');
  for (;;) {
    if (existsSync(file(state)))
      return openDatabase({ kind: 'embedded', initialData: load(state), thread }, ENTITIES);
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break; // this worker builds
    } catch {
      const holder = Number(existsSync(lock) ? readFileSync(lock, 'utf8') : '');
      if (holder && !isRunning(holder)) rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100)); // another build is under way
    }
  }
  try {
    const target = STATES.indexOf(state);
    let from = target - 1;
    while (from >= 0 && !existsSync(file(STATES[from]!))) from--;
    const db = await openDatabase(
      {
        kind: 'embedded',
        initialData: from >= 0 ? load(STATES[from]!) : undefined,
      },
      ENTITIES,
    );
    try {
      for (const next of STATES.slice(from + 1, target + 1)) {
        if (next === 'migrated') await migrate(db.dataSource);
        if (next === 'seeded') await seedDemo(db.dataSource, new FixedClock(new Date(SEED_TIME)));
        if (next === 'empty' && state !== 'empty') continue;
        // Dirty pages to the files first, so that a copy starts without WAL replay (which would also move
        // sequences on by their WAL-logged margin and change the ids a test sees).
        await db.pglite!.exec('CHECKPOINT');
        const tarball = await db.pglite!.dumpDataDir('none');
        // Written in full, then renamed: a waiting worker never reads half a file.
        const partial = `${file(next)}.${process.pid}`;
        writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
        renameSync(partial, file(next));
      }
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  } finally {
    rmSync(lock, { force: true });
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates an empty database on the server. */
export async function createServerDatabase(serverUrl: string, name: string, template?: string) {
  await admin(serverUrl, (c) =>
    c.query(`CREATE DATABASE ${quote(name)}${template ? ` TEMPLATE ${quote(template)}` : ''}`),
  );
  return databaseUrl(serverUrl, name);
}

/**
 * The server template database of a state (`tmpl_<run id>_<state>`), built on first use in this run;
 * undefined without a run id. Global teardown drops the run's templates.
 */
export async function serverTemplate(
  serverUrl: string,
  state: 'migrated' | 'seeded',
): Promise<string | undefined> {
  const runId = process.env.TEST_RUN_ID;
  if (!runId) return undefined;
  const name = `tmpl_${runId}_${state}`;
  const exists = await admin(serverUrl, async (c) => {
    const res = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return res.rowCount === 1;
  });
  if (exists) return name;
  const previous = state === 'seeded' ? await serverTemplate(serverUrl, 'migrated') : undefined;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  const url = await createServerDatabase(serverUrl, building, previous);
  const db = await openDatabase({ kind: 'server', url }, ENTITIES);
  try {
    if (state === 'migrated') await migrate(db.dataSource);
    else await seedDemo(db.dataSource, new FixedClock(new Date(SEED_TIME)));
  } finally {
    await db.close();
  }
  // A copy needs a template nobody is connected to: rename only after the pool has closed. Another
  // worker may have finished the same state first; then its template is used and this one dropped.
  await admin(serverUrl, async (c) => {
    try {
      await c.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(name)}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error;
      await c.query(`DROP DATABASE IF EXISTS ${quote(building)} WITH (FORCE)`);
    }
  });
  return name;
}
