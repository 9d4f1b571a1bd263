// @runs-once: tests the embedded database itself (PGlite), whatever DATABASE_URL names
import { types } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { QueryFailedError } from 'typeorm';
import { openDatabase, type OpenDatabase } from '../src/database/data-source.js';
import { openPGlite } from '../src/database/pglite-driver.js';
import { PGliteThread } from '../src/database/pglite-thread.js';
import { ENTITIES } from '../src/schema/entities.js';
import { openEmbeddedSnapshot } from './support/snapshots.js';
import { startTestApp, testServerUrl, type TestApp } from './support/test-app.js';

/**
 * The embedded database in a worker thread (docs/decisions/security.md, "liveness"): answers come back as
 * PGlite gives them in this thread, errors keep PostgreSQL's fields, and this thread answers requests while
 * the database works.
 */

/** A query that keeps PostgreSQL busy for about a second (no sleep: CPU, as a burst of orders does). */
const BUSY = 'SELECT count(*)::int AS n FROM generate_series(1, 3000000) g WHERE g % 7 = 3';

const SCHEMA = `
  CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
  CREATE TABLE sorte (
    id serial PRIMARY KEY,
    name text NOT NULL CONSTRAINT sorte_name_unique UNIQUE,
    preis numeric(10, 2) NOT NULL,
    bild bytea,
    vegan boolean NOT NULL DEFAULT false,
    daten jsonb,
    seit timestamptz NOT NULL DEFAULT '2026-11-26T10:00:00Z',
    tag date,
    menge bigint,
    uid uuid NOT NULL DEFAULT uuid_generate_v4(),
    zutaten text[]
  );`;

const INSERT =
  'INSERT INTO sorte (name, preis, bild, vegan, daten, seit, tag, menge, zutaten) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id';
const ROW = [
  'Käsekrainer',
  '4.90',
  Buffer.from([0, 1, 2, 255]),
  true,
  { allergene: ['G', 'L'], scharf: null, stufe: 2 },
  new Date('2026-11-26T11:22:33.456Z'),
  '2026-11-26',
  '9007199254740993',
  ['Käse', 'Wurst'],
];
const SELECT =
  'SELECT id, name, preis, bild, vegan, daten, seit, tag, menge, zutaten, NULL::text AS leer FROM sorte';

/** What a database answers to the same statements; the uuid default differs per database and is left out. */
async function answers(db: Pick<PGlite, 'query' | 'exec'>) {
  await db.exec(SCHEMA);
  const inserted = await db.query(INSERT, ROW);
  const selected = await db.query(SELECT);
  const updated = await db.query("UPDATE sorte SET vegan = $1 WHERE name = 'Käsekrainer'", [false]);
  const exec = await db.exec("SELECT 1 AS eins; UPDATE sorte SET menge = menge + 1; SELECT 'zwei' AS zwei");
  const uid = await db.query<{ uid: string }>('SELECT uid FROM sorte');
  let error: Record<string, unknown> = {};
  try {
    await db.query(INSERT, ROW);
  } catch (e) {
    const { code, detail, constraint, table, schema, severity, message, name } = e as Record<string, unknown>;
    error = { code, detail, constraint, table, schema, severity, message, name };
  }
  return { inserted, selected, updated, exec, uidShape: typeof uid.rows[0]!.uid, error };
}

describe('embedded database in a worker thread', () => {
  // An empty cluster made once (initdb costs seconds of CPU); every database here starts from it.
  let empty: Blob;
  beforeAll(async () => {
    const db = await openPGlite(undefined);
    empty = await db.dumpDataDir('none');
    await db.close();
  }, 120_000);

  it('answers exactly as PGlite in this thread: dates, jsonb, numeric, bytea, bool, bigint, arrays, null, errors', async () => {
    const here = await openPGlite(undefined, empty);
    const thread = await PGliteThread.open(undefined, empty);
    try {
      const expected = await answers(here);
      const actual = await answers(thread);
      expect(actual).toEqual(expected);
      // The comparison would also hold for two wrong answers: the values themselves. (Made by Node's
      // structured clone, they are objects of Node's realm, not of the test's: no `instanceof` here.)
      const row = actual.selected.rows[0] as Record<string, unknown>;
      expect(types.isDate(row.seit)).toBe(true);
      expect((row.seit as Date).toISOString()).toBe('2026-11-26T11:22:33.456Z');
      expect(row.daten).toEqual({ allergene: ['G', 'L'], scharf: null, stufe: 2 });
      expect(row.preis).toBe('4.90');
      expect(types.isUint8Array(row.bild)).toBe(true);
      expect([...(row.bild as Uint8Array)]).toEqual([0, 1, 2, 255]);
      expect(row.vegan).toBe(true);
      expect(row.menge).toBe(9007199254740993n);
      expect(row.zutaten).toEqual(['Käse', 'Wurst']);
      expect(row.leer).toBeNull();
      expect(actual.updated.affectedRows).toBe(1);
      expect(actual.selected.fields.map((f) => f.name)).toContain('preis');
      expect(actual.error).toMatchObject({
        code: '23505',
        constraint: 'sorte_name_unique',
        table: 'sorte',
        detail: 'Key (name)=(Käsekrainer) already exists.',
      });
    } finally {
      await here.close();
      await thread.close();
    }
  });

  it('through TypeORM: a unique violation keeps code and constraint (the error mapping reads them)', async () => {
    const db = await openDatabase({ kind: 'embedded', initialData: empty, thread: true }, ENTITIES);
    try {
      await db.dataSource.query(SCHEMA);
      await db.dataSource.query(INSERT, ROW);
      const failure = await db.dataSource.query(INSERT, ROW).catch((e: QueryFailedError) => e);
      expect(failure.constructor.name).toBe('QueryFailedError');
      expect(
        (failure as QueryFailedError & { driverError: Record<string, unknown> }).driverError,
      ).toMatchObject({
        code: '23505',
        constraint: 'sorte_name_unique',
      });
      // A transaction through the thread: rolled back as a whole.
      await db.dataSource
        .transaction(async (em) => {
          await em.query("UPDATE sorte SET preis = 1 WHERE name = 'Käsekrainer'");
          throw new Error('zurück');
        })
        .catch(() => undefined);
      expect(await db.dataSource.query('SELECT preis FROM sorte')).toEqual([{ preis: '4.90' }]);
    } finally {
      await db.close();
    }
  });

  it('dumps its data folder for backups; closing ends the thread', async () => {
    const thread = await PGliteThread.open(undefined, empty);
    await thread.exec("CREATE TABLE t (x text); INSERT INTO t VALUES ('gesichert'); CHECKPOINT");
    const dump = await thread.dumpDataDir('none');
    await thread.close();
    expect(thread.closed).toBe(true);
    await expect(thread.query('SELECT 1')).rejects.toThrow('Die eingebettete Datenbank ist geschlossen.');
    const copy = await openPGlite(undefined, dump);
    try {
      expect((await copy.query('SELECT x FROM t')).rows).toEqual([{ x: 'gesichert' }]);
    } finally {
      await copy.close();
    }
  });

  it('a thread that ends on its own fails the calls under way and later ones, and says so once', async () => {
    const thread = await PGliteThread.open(undefined, empty);
    const told: Error[] = [];
    thread.onExit((error) => told.push(error));
    const running = thread.query(BUSY);
    // What a crash of the WebAssembly looks like from here: the thread is gone.
    await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(running).rejects.toThrow(/Die eingebettete Datenbank ist ausgefallen/);
    await expect(thread.query('SELECT 1')).rejects.toThrow(/ausgefallen/);
    expect(told).toHaveLength(1);
    expect(thread.closed).toBe(true);
  });

  describe('the served application stays responsive while the database works', () => {
    /** Latencies of GET /api/health/live, one every 20 ms, while {@link BUSY} runs through the DataSource. */
    async function livenessDuringWork(t: TestApp) {
      const latencies: number[] = [];
      let busy = true;
      const work = t.dataSource.query(BUSY).finally(() => (busy = false));
      const probing = (async () => {
        while (busy) {
          const started = performance.now();
          expect((await t.request('GET', '/api/health/live')).status).toBe(200);
          latencies.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const started = performance.now();
      await work;
      const workMs = performance.now() - started;
      await probing;
      latencies.sort((a, b) => a - b);
      const at = (share: number) => latencies[Math.floor(latencies.length * share)]!;
      return { latencies, workMs, p50: at(0.5), p90: at(0.9) };
    }

    async function appOn(thread: boolean): Promise<TestApp> {
      // The run's migrated snapshot exists on a PGlite run (on a server run its first use would build it in
      // this thread); else an empty cluster that the start migrates.
      const database: OpenDatabase =
        (!testServerUrl() && (await openEmbeddedSnapshot('migrated', thread))) ||
        (await openDatabase({ kind: 'embedded', initialData: empty, thread }, ENTITIES));
      return startTestApp({ database });
    }

    it('in its own thread: /api/health/live answers within 100 ms during a second-long query', async () => {
      const t = await appOn(true);
      try {
        const { latencies, workMs, p50, p90 } = await livenessDuringWork(t);
        console.log(
          `liveness during a ${workMs.toFixed(0)} ms query, database in its own thread: ${latencies.length} answers, p50 ${p50.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
        );
        expect(workMs).toBeGreaterThan(300);
        // Many answers while it worked (in this thread there is one, after it), typically quick. Only the
        // median is asserted: the machine running the tests is shared, and its scheduler adds outliers.
        expect(latencies.length).toBeGreaterThan(workMs / 100);
        expect(p50).toBeLessThan(100);
      } finally {
        await t.close();
      }
    });

    it('in this thread (as before): the same query holds every request until it is done', async () => {
      const t = await appOn(false);
      try {
        const { latencies, workMs } = await livenessDuringWork(t);
        console.log(
          `liveness during a ${workMs.toFixed(0)} ms query, database in this thread: ${latencies.length} answers, max ${latencies.at(-1)!.toFixed(0)} ms`,
        );
        expect(latencies.at(-1)!).toBeGreaterThan(300);
      } finally {
        await t.close();
      }
    });
  });
});
