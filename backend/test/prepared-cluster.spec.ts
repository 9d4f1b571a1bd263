// @runs-once: tests the embedded database's prepared cluster (PGlite), whatever DATABASE_URL names
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../src/database/data-source.js';
import { prepareCluster } from '../src/database/prepare-cluster.js';
import {
  PREPARED_CLUSTER_FILE,
  preparedClusterFits,
  stampFileOf,
  unpackPreparedCluster,
} from '../src/database/prepared-cluster.js';
import { ENTITIES } from '../src/schema/entities.js';

/**
 * The prepared empty cluster (docs/decisions/memory.md): made by the build, unpacked into a shop's empty data
 * folder instead of PGlite's initdb. The file the build made is used where one is needed (the process test
 * starts the built server the same way).
 */
describe('the prepared empty cluster', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'prepared-cluster-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(() => {
    if (!preparedClusterFits()) {
      throw new Error(
        `${PREPARED_CLUSTER_FILE} fehlt oder passt nicht: bitte zuerst "npm run build" ausführen.`,
      );
    }
  });

  it('becomes the database of an empty folder: opened without initdb, migrated, usable', async () => {
    const db = await openDatabase({ kind: 'embedded', dataDir: path.join(dir, 'data') }, ENTITIES);
    try {
      expect(db.created).toBe('prepared cluster');
      expect((await migrate(db.dataSource)).length).toBeGreaterThan(0);
      const [row] = await db.dataSource.query('SELECT count(*)::int AS n FROM branch');
      expect(row.n).toBe(0);
    } finally {
      await db.close();
    }
    const again = await openDatabase({ kind: 'embedded', dataDir: path.join(dir, 'data') }, ENTITIES);
    try {
      expect(again.created).toBeUndefined();
      expect(await migrate(again.dataSource)).toEqual([]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('is unpacked again over what an interrupted first start left, PG_VERSION last', async () => {
    // What an interruption leaves: some of the cluster's folders and a half-written file, no PG_VERSION.
    mkdirSync(path.join(dir, 'base', '1'), { recursive: true });
    writeFileSync(path.join(dir, 'base', '1', '1259'), 'halb');
    writeFileSync(path.join(dir, 'ordering.pid'), '1');
    expect(await unpackPreparedCluster(dir, true)).toBe(true);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dir, 'ordering.pid'))).toBe(true);
    const db = await openDatabase({ kind: 'embedded', dataDir: dir }, ENTITIES);
    try {
      expect(db.created).toBeUndefined();
      const [row] = await db.dataSource.query(
        `SELECT count(*)::int AS n FROM pg_class WHERE relname = 'pg_class'`,
      );
      expect(row.n).toBe(1);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('leaves a folder that holds a database alone', async () => {
    writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
    expect(await unpackPreparedCluster(dir, false)).toBe(false);
    expect(readdirSync(dir)).toEqual(['PG_VERSION']);
  });

  it('is not used when it was made by another PGlite (or is missing); the folder stays untouched', async () => {
    const file = path.join(dir, 'cluster.tar.gz');
    expect(await unpackPreparedCluster(path.join(dir, 'a'), false, file)).toBe(false);
    writeFileSync(file, 'kein Archiv');
    writeFileSync(stampFileOf(file), JSON.stringify({ pglite: '0.0.1' }));
    expect(preparedClusterFits(file)).toBe(false);
    expect(await unpackPreparedCluster(path.join(dir, 'a'), false, file)).toBe(false);
    expect(existsSync(path.join(dir, 'a'))).toBe(false);
  });

  it('is made by the build step once per PGlite version', async () => {
    const file = path.join(dir, 'cluster.tar.gz');
    writeFileSync(stampFileOf(file), JSON.stringify({ pglite: '0.0.1' }));
    expect(await prepareCluster(file)).toBe(true);
    expect(preparedClusterFits(file)).toBe(true);
    expect(await prepareCluster(file)).toBe(false);
    expect(await unpackPreparedCluster(path.join(dir, 'data'), false, file)).toBe(true);
    expect(readdirSync(path.join(dir, 'data'))).toEqual(
      expect.arrayContaining(['PG_VERSION', 'base', 'global']),
    );
  }, 120_000);
});
