import { createHash, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import pino from 'pino';
import * as tar from 'tar';
import { BackupError, isDatabaseEntry, restoreBackup, writeBackup } from '../src/backup/backup-archive.js';
import { backupCommand, restoreCommand } from '../src/backup/backup-commands.js';
import { requestBackupFromServer } from '../src/backup/backup-request.js';
import { BackupService } from '../src/backup/backup.service.js';
import { FixedClock } from '../src/core/clock.js';
import { migrate, openDatabase, type OpenDatabase } from '../src/database/data-source.js';
import { seedDemo } from '../src/seed/seed.js';
import { ConfigError } from '../src/env/config-error.js';
import { loadConfig } from '../src/env/config.js';
import { MediaStorage } from '../src/media/media-storage.js';
import { ENTITIES } from '../src/schema/entities.js';
import { createServerDatabase, openEmbeddedSnapshot, SEED_TIME } from './support/snapshots.js';
import { openTestDatabase, testServerUrl } from './support/test-app.js';

/**
 * Backups (docs/decisions/backups.md): back up, wipe, restore — every row of every table (orders, images,
 * settings, …) and every media file byte for byte identical; a target with data is refused without
 * --force; a broken backup leaves the old data as it was; the daily backup of a running server and its
 * retention. Runs on the database of the run: PGlite in a folder, or a database of its own on the server.
 */
const serverUrl = testServerUrl();
const onServer = serverUrl !== undefined;
if (!onServer) {
  console.log(
    'Übersprungen: der Umzug auf einen PostgreSQL-Server braucht DATABASE_URL; .ci/run führt ihn damit aus.',
  );
}
const work = mkdtempSync(path.join(tmpdir(), 'backup-spec-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every row of every table, as text, sorted: equal contents give equal values. */
async function contents(dataSource: DataSource): Promise<Record<string, string[]>> {
  const tables = (await dataSource.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  )) as Array<{ tablename: string }>;
  const result: Record<string, string[]> = {};
  for (const { tablename } of tables) {
    const rows = (await dataSource.query(`SELECT row_to_json(t)::text AS r FROM "${tablename}" t`)) as Array<{
      r: string;
    }>;
    result[tablename] = rows.map((row) => row.r).sort();
  }
  // Sequences too: new rows after a restore get the numbers they would have got before.
  const sequences = (await dataSource.query(
    "SELECT sequencename, last_value::text AS v FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1",
  )) as Array<{ sequencename: string; v: string | null }>;
  result['(sequences)'] = sequences.map((s) => `${s.sequencename}=${s.v}`);
  return result;
}

/** Every file below a folder with the sha256 of its bytes. */
function files(dir: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return result;
}

async function writeMedia(mediaDir: string) {
  const storage = new MediaStorage(mediaDir);
  await storage.write('images/ab/12/original.jpg', randomBytes(40_000));
  await storage.write('images/ab/12/w320.webp', randomBytes(5_000));
  await storage.write('uploads/speisekarte.pdf', randomBytes(12_345));
}

/** A seeded database where the tests restore into: a folder of PGlite, or a database on the server. */
async function openSeeded(dataDir: string): Promise<{ db: OpenDatabase; env: Record<string, string> }> {
  const seeded = await openTestDatabase('seeded');
  if (onServer) {
    const url = (seeded.dataSource.options as { url: string }).url;
    return { db: seeded, env: { DATABASE_URL: url } };
  }
  await seeded.pglite!.exec('CHECKPOINT');
  const tarball = await seeded.pglite!.dumpDataDir('none');
  await seeded.close();
  mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase(
    { kind: 'embedded', dataDir, initialData: tarball, durable: false },
    ENTITIES,
  );
  return { db, env: { DATA_DIR: dataDir, DATA_FSYNC: 'false' } };
}

/** Without the run's snapshots: a migrated in-memory PGlite built here. */
async function migratedInMemory(): Promise<OpenDatabase> {
  const db = await openDatabase({ kind: 'embedded' }, ENTITIES);
  await migrate(db.dataSource);
  return db;
}

/** Without the run's snapshots: a seeded in-memory PGlite built here. */
async function seededInMemory(): Promise<OpenDatabase> {
  const db = await openDatabase({ kind: 'embedded' }, ENTITIES);
  await migrate(db.dataSource);
  await seedDemo(db.dataSource, new FixedClock(new Date(SEED_TIME)));
  return db;
}

async function wipeServer(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

describe(`backup and restore (${onServer ? 'PostgreSQL server' : 'PGlite'})`, () => {
  it('back up while the shop runs, wipe, restore: every row and every media file identical', async () => {
    const dataDir = path.join(work, 'roundtrip', 'data');
    // The embedded database in its default layout: MEDIA_DIR inside DATA_DIR.
    const mediaDir = onServer ? path.join(work, 'roundtrip', 'media') : path.join(dataDir, 'media');
    const { db, env } = await openSeeded(dataDir);
    const config = loadConfig({ ...env, MEDIA_DIR: mediaDir });
    await writeMedia(mediaDir);
    let dropServer = async () => undefined as unknown;
    try {
      const before = await contents(db.dataSource);
      expect(before.customer_order!.length).toBeGreaterThan(0);
      expect(before.image!.length).toBeGreaterThan(0);
      expect(before.shop_config!.length).toBeGreaterThan(0);
      const mediaBefore = files(mediaDir);
      expect(Object.keys(mediaBefore)).toHaveLength(3);

      // Taken with the database open and in use, as the running server (or pg_dump next to it) does.
      const file = path.join(work, 'roundtrip', 'backup.tar.gz');
      const manifest = await writeBackup(
        onServer
          ? { kind: 'server', url: config.databaseUrl!, mediaDir }
          : { kind: 'embedded', dataSource: db.dataSource, mediaDir },
        file,
        new Date('2026-11-26T03:00:00Z'),
      );
      expect(manifest).toMatchObject({
        database: onServer ? 'server' : 'embedded',
        createdAt: '2026-11-26T03:00:00.000Z',
        mediaFiles: 3,
      });
      expect(manifest.migration).toMatch(/\d{13}/);
      const unpacked = path.join(work, 'roundtrip', 'unpacked');
      mkdirSync(unpacked);
      await tar.extract({ file, cwd: unpacked });
      expect(readdirSync(unpacked).sort()).toEqual([
        onServer ? 'database.sql' : 'database.tar',
        'manifest.json',
        'media',
      ]);
      if (!onServer) {
        // The embedded database's dump holds its own files only, not the media folder beside them.
        const names: string[] = [];
        await tar.list({
          file: path.join(unpacked, 'database.tar'),
          onReadEntry: (e) => names.push(e.path.replace(/^\/+/, '')),
        });
        expect(names).toContain('PG_VERSION');
        expect(names.filter((n) => !isDatabaseEntry(n.split('/')[0]!))).toEqual([]);
      }

      // Wipe.
      if (onServer) {
        await wipeServer(config.databaseUrl!);
        const close = db.close;
        dropServer = close;
      } else {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      rmSync(mediaDir, { recursive: true, force: true });

      await restoreCommand(config, file, false);
      const restored = onServer
        ? await openDatabase({ kind: 'server', url: config.databaseUrl! }, ENTITIES)
        : await openDatabase({ kind: 'embedded', dataDir, durable: false }, ENTITIES);
      try {
        expect(await contents(restored.dataSource)).toEqual(before);
      } finally {
        await restored.close();
      }
      expect(files(mediaDir)).toEqual(mediaBefore);

      // Again onto data: refused without --force, in German, and nothing changed.
      await expect(restoreCommand(config, file, false)).rejects.toThrow(
        /enthält bereits Daten; eine Wiederherstellung ersetzt sie vollständig\. Zum Überschreiben --force angeben\./,
      );
      // With --force it replaces them; files of others in DATA_DIR stay where they are.
      mkdirSync(path.join(dataDir, 'notizen'), { recursive: true });
      writeFileSync(path.join(dataDir, 'notizen', 'liesmich.txt'), 'bleibt');
      await restoreCommand(config, file, true);
      expect(readFileSync(path.join(dataDir, 'notizen', 'liesmich.txt'), 'utf8')).toBe('bleibt');
      const again = onServer
        ? await openDatabase({ kind: 'server', url: config.databaseUrl! }, ENTITIES)
        : await openDatabase({ kind: 'embedded', dataDir, durable: false }, ENTITIES);
      try {
        expect(await contents(again.dataSource)).toEqual(before);
      } finally {
        await again.close();
      }
      expect(files(mediaDir)).toEqual(mediaBefore);
    } finally {
      if (onServer) await dropServer();
      else if (db.dataSource.isInitialized) await db.close();
    }
  }, 120_000);

  it('a damaged backup with --force leaves the old data as it was (never half restored)', async () => {
    const dataDir = path.join(work, 'damaged', 'data');
    const mediaDir = path.join(work, 'damaged', 'media');
    const { db, env } = await openSeeded(dataDir);
    const config = loadConfig({ ...env, MEDIA_DIR: mediaDir });
    await writeMedia(mediaDir);
    try {
      const before = await contents(db.dataSource);
      const mediaBefore = files(mediaDir);
      const file = path.join(work, 'damaged', 'backup.tar.gz');
      await writeBackup(
        onServer
          ? { kind: 'server', url: config.databaseUrl!, mediaDir }
          : { kind: 'embedded', dataSource: db.dataSource, mediaDir },
        file,
        new Date('2026-11-26T03:00:00Z'),
      );
      if (!onServer) await db.close();
      // A database part that fails in the middle of its restore: SQL that breaks after the schema was
      // dropped and half the rows were in; a dump that PGlite cannot load.
      const parts = path.join(work, 'damaged', 'parts');
      mkdirSync(parts);
      await tar.extract({ file, cwd: parts });
      if (onServer) writeFileSync(path.join(parts, 'database.sql'), '\nSELECT 1/0;\n', { flag: 'a' });
      else writeFileSync(path.join(parts, 'database.tar'), randomBytes(100_000));
      const broken = path.join(work, 'damaged', 'broken.tar.gz');
      await tar.create({ gzip: true, file: broken, cwd: parts }, readdirSync(parts));
      await expect(restoreCommand(config, broken, true)).rejects.toThrow(
        onServer
          ? /^psql ist fehlgeschlagen: .*division by zero/
          : 'Die Datenbank in der Sicherung ist beschädigt; es wurde nichts verändert.',
      );
      // A cut-off file, as a full disk or an interrupted copy leaves it.
      truncateSync(file, Math.floor(readFileSync(file).length * 0.6));
      await expect(restoreCommand(config, file, true)).rejects.toThrow(BackupError);
      await expect(restoreCommand(config, path.join(work, 'fehlt.tar.gz'), true)).rejects.toThrow(
        /Die Sicherungsdatei „.*fehlt\.tar\.gz“ gibt es nicht\./,
      );
      const after = onServer
        ? db
        : await openDatabase({ kind: 'embedded', dataDir, durable: false }, ENTITIES);
      try {
        expect(await contents(after.dataSource)).toEqual(before);
      } finally {
        if (!onServer) await after.close();
      }
      expect(files(mediaDir)).toEqual(mediaBefore);
    } finally {
      if (db.dataSource.isInitialized) await db.close();
    }
  }, 120_000);

  it('the CLI backup of a running embedded shop: the server writes it; a server that does not answer is named', async () => {
    const dataDir = path.join(work, 'running', 'data');
    const mediaDir = path.join(dataDir, 'media');
    mkdirSync(dataDir, { recursive: true });
    const migrated = (await openEmbeddedSnapshot('migrated')) ?? (await migratedInMemory());
    await migrated.pglite!.exec('CHECKPOINT');
    const tarball = await migrated.pglite!.dumpDataDir('none');
    await migrated.close();
    const db = await openDatabase(
      { kind: 'embedded', dataDir, initialData: tarball, durable: false },
      ENTITIES,
    );
    await writeMedia(mediaDir);
    const config = loadConfig({ DATA_DIR: dataDir, MEDIA_DIR: mediaDir, DATA_FSYNC: 'false' });
    // Another live process holds the folder, as the running server does.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    writeFileSync(path.join(dataDir, 'ordering.pid'), String(holder.pid));
    const clock = new FixedClock(new Date('2026-11-26T12:00:00Z'));
    const service = new BackupService(config, db.dataSource, clock, pino({ level: 'silent' }));
    const file = path.join(work, 'running', 'jetzt.tar.gz');
    try {
      // Nobody answers (an older server): withdrawn, one German sentence.
      await expect(
        requestBackupFromServer(dataDir, file, String(holder.pid), { pickupMs: 300 }),
      ).rejects.toThrow(
        `Die eingebettete Datenbank in DATA_DIR wird gerade vom laufenden Server (Prozess ${holder.pid}) verwendet, und er hat die Sicherung nicht übernommen. Im laufenden Betrieb sichert der Server selbst täglich in den Ordner BACKUP_DIR; für eine Sicherung mit diesem Befehl den Server bitte kurz beenden.`,
      );
      expect(readdirSync(dataDir).filter((n) => n.startsWith('backup-'))).toEqual([]);

      service.onApplicationBootstrap();
      const result = await backupCommand(config, file, clock);
      expect(result.file).toBe(file);
      expect(result.manifest).toMatchObject({
        database: 'embedded',
        createdAt: '2026-11-26T12:00:00.000Z',
        mediaFiles: 3,
      });
      expect(readdirSync(dataDir).filter((n) => n.startsWith('backup-'))).toEqual([]);
    } finally {
      await service.onModuleDestroy();
      holder.kill();
    }
    const before = await contents(db.dataSource);
    await db.close();
    const restored = path.join(work, 'running', 'restored');
    await restoreBackup(file, {
      kind: 'embedded',
      dataDir: restored,
      mediaDir: path.join(restored, 'media'),
    });
    const again = await openDatabase({ kind: 'embedded', dataDir: restored, durable: false }, ENTITIES);
    try {
      expect(await contents(again.dataSource)).toEqual(before);
    } finally {
      await again.close();
    }
    expect(files(path.join(restored, 'media'))).toEqual(files(mediaDir));
  }, 120_000);
});

/** The README's move: a backup of the embedded database restored with DATABASE_URL onto a server. */
(onServer ? describe : describe.skip)('moving from the embedded database to a server', () => {
  it('an embedded backup restored onto an empty server database: every row and media file identical', async () => {
    const mediaDir = path.join(work, 'move', 'media');
    const source = (await openEmbeddedSnapshot('seeded')) ?? (await seededInMemory());
    await writeMedia(mediaDir);
    const name = `test_move_${randomBytes(4).toString('hex')}`;
    const url = await createServerDatabase(serverUrl!, name);
    try {
      const before = await contents(source.dataSource);
      const mediaBefore = files(mediaDir);
      const file = path.join(work, 'move', 'backup.tar.gz');
      await writeBackup({ kind: 'embedded', dataSource: source.dataSource, mediaDir }, file, new Date());
      rmSync(mediaDir, { recursive: true, force: true });
      const config = loadConfig({ DATABASE_URL: url, MEDIA_DIR: mediaDir });
      await restoreCommand(config, file, false);
      const target = await openDatabase({ kind: 'server', url }, ENTITIES);
      try {
        expect(await contents(target.dataSource)).toEqual(before);
      } finally {
        await target.close();
      }
      expect(files(mediaDir)).toEqual(mediaBefore);
    } finally {
      await source.close();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});

describe('daily backup of the running server (BACKUP_DIR, BACKUP_KEEP_DAYS)', () => {
  it('writes one a day from the clock while the shop runs and deletes those older than the days kept', async () => {
    const dir = path.join(work, 'daily');
    const mediaDir = path.join(work, 'daily-media');
    await writeMedia(mediaDir);
    const config = loadConfig({ BACKUP_DIR: dir, BACKUP_KEEP_DAYS: '2', MEDIA_DIR: mediaDir });
    // The scheduling is the same on both databases; the server's dump is the round trip's above.
    const db =
      (await openEmbeddedSnapshot('migrated')) ?? (await openDatabase({ kind: 'embedded' }, ENTITIES));
    const clock = new FixedClock(new Date('2026-11-26T03:00:00Z'));
    const service = new BackupService(config, db.dataSource, clock, pino({ level: 'silent' }));
    try {
      service.onApplicationBootstrap(); // first check right at the start
      await service.onModuleDestroy(); // waits for it
      expect(readdirSync(dir)).toEqual(['backup-2026-11-26T03-00-00Z.tar.gz']);

      clock.advance(5 * 3600_000);
      expect(await service.runIfDue()).toEqual({ written: undefined, deleted: [] });
      clock.set('2026-11-27T04:00:00Z');
      expect((await service.runIfDue()).written).toBe(path.join(dir, 'backup-2026-11-27T04-00-00Z.tar.gz'));
      writeFileSync(path.join(dir, 'notizen.txt'), 'bleibt');

      clock.set('2026-11-30T03:00:00Z');
      expect(await service.runIfDue()).toEqual({
        written: path.join(dir, 'backup-2026-11-30T03-00-00Z.tar.gz'),
        deleted: ['backup-2026-11-26T03-00-00Z.tar.gz', 'backup-2026-11-27T04-00-00Z.tar.gz'],
      });
      expect(readdirSync(dir).sort()).toEqual(['backup-2026-11-30T03-00-00Z.tar.gz', 'notizen.txt']);

      // What is kept is a whole backup: it restores into an empty folder.
      const restoreDir = path.join(work, 'daily-restore');
      const manifest = await restoreBackup(path.join(dir, 'backup-2026-11-30T03-00-00Z.tar.gz'), {
        kind: 'embedded',
        dataDir: path.join(restoreDir, 'data'),
        mediaDir: path.join(restoreDir, 'media'),
      });
      expect(manifest).toMatchObject({
        createdAt: '2026-11-30T03:00:00.000Z',
        database: 'embedded',
        mediaFiles: 3,
      });
      expect(files(path.join(restoreDir, 'media'))).toEqual(files(mediaDir));
    } finally {
      await db.close();
    }
  }, 60_000);

  it('a folder that cannot be written stops the start with one sentence naming BACKUP_DIR', () => {
    writeFileSync(path.join(work, 'eine-datei'), '');
    const config = loadConfig({ BACKUP_DIR: path.join(work, 'eine-datei', 'sicherungen') });
    const service = new BackupService(
      config,
      { driver: {} } as never, // not the embedded database: no requests to look for
      new FixedClock(),
      pino({ level: 'silent' }),
    );
    expect(() => service.onApplicationBootstrap()).toThrow(
      expect.objectContaining({
        variable: 'BACKUP_DIR',
        message: expect.stringMatching(
          /^Der Ordner BACKUP_DIR \(.*\) lässt sich nicht anlegen oder beschreiben: /,
        ),
      }),
    );
  });

  it('the settings are checked at start: days kept 1-3650, the folder not inside MEDIA_DIR', () => {
    expect(loadConfig({})).toMatchObject({ backupDir: undefined, backupKeepDays: 14 });
    expect(loadConfig({ BACKUP_DIR: 'sicherungen', BACKUP_KEEP_DAYS: '30' })).toMatchObject({
      backupDir: path.resolve('sicherungen'),
      backupKeepDays: 30,
    });
    for (const wrong of ['0', '3651', 'sieben', '-1']) {
      expect(() => loadConfig({ BACKUP_KEEP_DAYS: wrong })).toThrow(
        new ConfigError(
          'BACKUP_KEEP_DAYS',
          `Die Umgebungsvariable BACKUP_KEEP_DAYS muss eine ganze Zahl zwischen 1 und 3650 sein, nicht "${wrong}".`,
        ),
      );
    }
    expect(() => loadConfig({ MEDIA_DIR: '/srv/media', BACKUP_DIR: '/srv/media/sicherungen' })).toThrow(
      'Die Umgebungsvariable BACKUP_DIR darf nicht im Ordner MEDIA_DIR (/srv/media) liegen, sonst enthielte jede Sicherung die vorigen.',
    );
  });
});
