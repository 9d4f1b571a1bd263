import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { FixedClock } from '../src/core/clock.js';
import { migrate, openDatabase, type OpenDatabase } from '../src/database/data-source.js';
import { MediaStorage } from '../src/media/media-storage.js';
import { ENTITIES } from '../src/schema/entities.js';
import { seedDemo } from '../src/seed/seed.js';
import { loadDemo, NOON, ORDER_TEST_ENV, takeaway } from './orders.fixtures.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { openEmbeddedSnapshot, SEED_TIME } from './support/snapshots.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 28, item 10: a full disk. Writes are refused with a German 507 (code `storage_full`), nothing is
 * half-written (an order or an upload either fully exists or not at all), and the process keeps running
 * and writes again once there is room. The disk is a small tmpfs folder mounted for the test (as root);
 * where the machine does not allow mounting, the same error is simulated at the file-system layer and the
 * test says so.
 */

const FULL =
  'Der Speicherplatz des Servers ist voll. Es wurde nichts gespeichert; bitte versuchen Sie es später erneut.';
const admin = asUser(['ROLE_ADMIN']);
const PDF = (size: number) => `%PDF-1.4\n${'%'.repeat(size)}\n%%EOF\n`;
const dataUrl = (content: string) => `data:application/pdf;base64,${Buffer.from(content).toString('base64')}`;

/** A tmpfs of `megabytes` at a new folder, or why there is none. */
async function smallDisk(
  megabytes: number,
): Promise<{ dir: string; reason?: string; release(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'faults-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    const reason = `kein tmpfs (${(error as Error).message.split('\n')[0]}); der volle Datenträger wird simuliert`;
    return { dir, reason, release: () => rm(dir, { recursive: true, force: true }) };
  }
  return {
    dir,
    release: async () => {
      execFileSync('umount', [dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the file system of `dir` to the last byte with one file; returns its path. */
function fill(dir: string): string {
  const file = path.join(dir, 'filler.bin');
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('a full disk under MEDIA_DIR', () => {
  let t: TestApp;
  let disk: Awaited<ReturnType<typeof smallDisk>>;
  beforeAll(async () => {
    disk = await smallDisk(2);
    t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { MEDIA_DIR: disk.dir } });
  });
  afterAll(async () => {
    await t.close();
    await disk.release();
  });
  const uploads = async () => Number((await t.dataSource.query('SELECT count(*) AS n FROM upload'))[0].n);

  it('refuses an upload with a German 507, leaves no file and no row, and takes the next one once there is room', async () => {
    const first = await t.request('POST', '/api/uploads', { data: dataUrl(PDF(1000)), name: 'a.pdf' }, admin);
    expect(first.status).toBe(201);
    const before = { files: await filesUnder(disk.dir), rows: await uploads() };

    let filler: string | undefined;
    let spy: { mockRestore(): void } | undefined;
    if (disk.reason) {
      console.log(`faults-disk (MEDIA_DIR): ${disk.reason}`);
      spy = jest.spyOn(MediaStorage.prototype, 'write').mockRejectedValue(enospc() as never);
    } else filler = fill(disk.dir);

    const refused = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl(PDF(200_000)), name: 'b.pdf' },
      admin,
    );
    expect(refused.status).toBe(507);
    expect(refused.body.errors).toEqual([{ message: FULL, code: 'storage_full' }]);
    // Nothing half-written: no temporary or partial file, no row.
    expect((await filesUnder(disk.dir)).filter((f) => f !== 'filler.bin').sort()).toEqual(
      before.files.sort(),
    );
    expect(await uploads()).toBe(before.rows);

    spy?.mockRestore();
    if (filler) await rm(filler);
    const again = await t.request(
      'POST',
      '/api/uploads',
      { data: dataUrl(PDF(200_000)), name: 'b.pdf' },
      admin,
    );
    expect(again.status).toBe(201);
    expect(await uploads()).toBe(before.rows + 1);
  });
});

describe('a full disk under the embedded database (DATA_DIR)', () => {
  let t: TestApp;
  let disk: Awaited<ReturnType<typeof smallDisk>>;
  let db: OpenDatabase;
  beforeAll(async () => {
    // The seeded demo, written into a data folder on the small disk.
    const seeded =
      (await openEmbeddedSnapshot('seeded')) ?? (await openDatabase({ kind: 'embedded' }, ENTITIES));
    if (!process.env.TEST_SNAPSHOT_DIR) {
      await migrate(seeded.dataSource);
      await seedDemo(seeded.dataSource, new FixedClock(new Date(SEED_TIME)));
    }
    const dump = await seeded.pglite!.dumpDataDir('none');
    await seeded.close();
    disk = await smallDisk(96);
    const dataDir = path.join(disk.dir, 'data');
    db = await openDatabase({ kind: 'embedded', dataDir, initialData: dump, durable: false }, ENTITIES);
    t = await startTestApp({ database: db, env: ORDER_TEST_ENV });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await disk.release();
  });

  it('refuses orders with a German 507 when the disk is full, writes none of them in part, and keeps running', async () => {
    t.clock.set(NOON);
    const demo = await loadDemo(t);
    let filler: string | undefined;
    let spy: { mockRestore(): void } | undefined;
    if (disk.reason) {
      console.log(`faults-disk (DATA_DIR): ${disk.reason}`);
      // What the embedded database answers when it cannot extend a table (PostgreSQL's 53100).
      const full = Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
        code: '53100',
      });
      spy = jest
        .spyOn(t.dataSource, 'transaction')
        .mockRejectedValue(new QueryFailedError('INSERT …', [], full) as never);
    } else filler = fill(disk.dir);

    const placed: string[] = [];
    const refused: string[] = [];
    for (let i = 0; i < 60 && refused.length < 3; i++) {
      const email = `voll-${i}@example.at`;
      const res = await t.request('POST', '/api/orders', takeaway(demo, { email }), {
        'idempotency-key': randomUUID(),
      });
      expect([201, 507]).toContain(res.status);
      if (res.status === 201) placed.push(email);
      else {
        expect(res.body.errors).toEqual([{ message: FULL, code: 'storage_full' }]);
        refused.push(email);
      }
    }
    console.log(
      `faults-disk (DATA_DIR): ${placed.length} Bestellungen angenommen, dann ${refused.length} mit 507 abgelehnt`,
    );
    expect(refused.length).toBe(3);

    spy?.mockRestore();
    if (filler) await rm(filler);
    // Every order is whole or absent: the acknowledged ones with their items, the refused ones not at all.
    const rows: Array<{ email: string; items: unknown[] }> = await t.dataSource.query(
      `SELECT email, items FROM customer_order WHERE email LIKE 'voll-%@example.at'`,
    );
    expect(rows.map((r) => r.email).sort()).toEqual([...placed].sort());
    for (const row of rows) expect(row.items).toHaveLength(1);
    expect(
      Number(
        (await t.dataSource.query(`SELECT count(*) AS n FROM idempotency_key WHERE status = 'in_flight'`))[0]
          .n,
      ),
    ).toBe(0);

    // The process kept running: health answers, and with room again the next order is taken.
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    const after = await t.request(
      'POST',
      '/api/orders',
      takeaway(demo, { email: 'wieder-platz@example.at' }),
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(after.status).toBe(201);
  }, 120_000);
});
