// @runs-once: tests the embedded database itself (PGlite), whatever DATABASE_URL names
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/env/config.js';
import { embeddedFsyncs, openPGlite } from '../src/database/pglite-driver.js';

/**
 * Durability of the embedded database (docs/decisions/operations-durability.md): in a folder PostgreSQL runs
 * with fsync on and every COMMIT reaches the disk with a real fsync(2) before it is acknowledged; DATA_FSYNC
 * =false (tests, benchmarks) is PGlite's default. Prints commits per second of both, measured in the same run.
 */
describe('embedded database durability', () => {
  // One data folder (initdb costs seconds of CPU); each test opens it again in the mode under test.
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-durability-'));
    const db = await openPGlite(dir, undefined, false);
    await db.exec('CREATE TABLE bestellung (id serial PRIMARY KEY, text text NOT NULL)');
    await db.close();
  }, 300_000);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Commits `n` one-row transactions (an order is one transaction); fsync(2) calls and commits per second. */
  async function commits(durable: boolean | undefined, n: number) {
    const db = await openPGlite(dir, undefined, durable);
    const settings = {
      fsync: (await db.query<{ fsync: string }>('SHOW fsync')).rows[0]!.fsync,
      walSync: (await db.query<{ wal_sync_method: string }>('SHOW wal_sync_method')).rows[0]!.wal_sync_method,
    };
    const before = embeddedFsyncs.count;
    const started = performance.now();
    for (let i = 0; i < n; i++)
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO bestellung (text) VALUES ($1)', [`Bestellung ${i}`]);
      });
    const perSecond = (n / (performance.now() - started)) * 1000;
    const syncs = embeddedFsyncs.count - before;
    await db.close();
    return { settings, syncs, perSecond };
  }

  it('runs with the memory settings of one embedded session (shared_buffers 16 MB, work_mem 1 MB)', async () => {
    const db = await openPGlite(dir, undefined, false);
    const show = async (name: string) => Object.values((await db.query(`SHOW ${name}`)).rows[0] as object)[0];
    expect([await show('shared_buffers'), await show('work_mem')]).toEqual(['16MB', '1MB']);
    await db.close();
  }, 120_000);

  it('a data folder is durable by default: fsync on, one real fsync per commit at least', async () => {
    const durable = await commits(undefined, 20);
    expect(durable.settings).toEqual({ fsync: 'on', walSync: 'fsync' });
    expect(durable.syncs).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it('DATA_FSYNC decides it for npm start; relaxed is PGlite default (no fsync); the cost measured', async () => {
    expect(loadConfig({}).dataFsync).toBe(true);
    expect(loadConfig({ DATA_FSYNC: 'false' }).dataFsync).toBe(false);
    const relaxed = await commits(false, 200);
    expect(relaxed.settings.fsync).toBe('off');
    expect(relaxed.syncs).toBe(0);
    const durable = await commits(true, 200);
    expect(durable.syncs).toBeGreaterThanOrEqual(200);
    console.log(
      `PGlite commits/s in a folder: fsync off ${relaxed.perSecond.toFixed(0)}, fsync on ${durable.perSecond.toFixed(0)} ` +
        `(${(durable.perSecond / relaxed.perSecond).toFixed(2)}×)`,
    );
  }, 120_000);
});
