import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { DataSource } from 'typeorm';
import { migrate, openDatabase } from '../database/data-source.js';
import { type EmbeddedDb, openPGlite, PGlitePool } from '../database/pglite-driver.js';
import { ENTITIES } from '../schema/entities.js';
import { copyIntoServer } from './copy-database.js';

/**
 * A backup is one `.tar.gz` file (docs/decisions/backups.md):
 *   manifest.json   what it is: format, version, time, kind of database, migrations, media files
 *   database.sql    a server's `pg_dump` (plain SQL), or
 *   database.tar    the embedded database's own dump (PGlite `dumpDataDir`, a copy of its data folder)
 *   media/…         every file of MEDIA_DIR (images, uploads and their prepared sizes)
 */
export interface BackupManifest {
  format: 'ordering-backup';
  version: 1;
  createdAt: string;
  database: 'server' | 'embedded';
  /** The newest migration the database had. */
  migration: string | null;
  mediaFiles: number;
}

/** The file name of a backup taken at `at`: `backup-2026-11-26T03-00-00Z.tar.gz` (sorts by time). */
export function backupFileName(at: Date): string {
  return `backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}

/** An operator's mistake or a refused restore: one German sentence. */
export class BackupError extends Error {}

/** Where the data lives, as the server and the CLI see it. */
export type BackupSource =
  | { kind: 'server'; url: string; mediaDir: string }
  | { kind: 'embedded'; dataSource: DataSource; mediaDir: string };

export type RestoreTarget =
  { kind: 'server'; url: string; mediaDir: string } | { kind: 'embedded'; dataDir: string; mediaDir: string };

/** The embedded database behind a DataSource opened on it (in this thread or its own), if it is one. */
export function embeddedOf(dataSource: DataSource): EmbeddedDb | undefined {
  const master = (dataSource.driver as unknown as { master?: unknown }).master;
  return master instanceof PGlitePool ? master.db : undefined;
}

/** Runs a PostgreSQL client program; a missing program or a failure becomes one German sentence. */
function runTool(program: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `Das Programm ${program} wurde nicht gefunden; bitte die PostgreSQL-Client-Programme installieren (Debian/Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const reason = stderr.trim().split('\n').filter(Boolean).pop() ?? `Exit-Code ${code}`;
        reject(new BackupError(`${program} ist fehlgeschlagen: ${reason}`));
      }
    });
  });
}

/** Files below a folder (relative paths), without temporary files of writes under way. */
async function listFiles(root: string, under = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, under), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const relative = path.join(under, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(root, relative)));
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) files.push(relative);
  }
  return files;
}

async function newestMigration(query: (sql: string) => Promise<Array<{ name: string }>>) {
  try {
    const rows = await query('SELECT name FROM schema_migrations ORDER BY id DESC LIMIT 1');
    return rows[0]?.name ?? null;
  } catch {
    return null; // not migrated yet
  }
}

/**
 * The embedded database's own dump, consistent while the shop runs: holding the only session of PGlite
 * (every other query and transaction waits, none is open), a CHECKPOINT writes everything to the files and
 * `dumpDataDir` copies the folder. The shop pauses for that time (about a second for a small shop).
 */
async function dumpEmbedded(dataSource: DataSource): Promise<{ tarball: Buffer; migration: string | null }> {
  const pglite = embeddedOf(dataSource);
  if (!pglite) throw new Error('Keine eingebettete Datenbank');
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const migration = await newestMigration((sql) => runner.query(sql));
    await pglite.exec('CHECKPOINT');
    const blob = await pglite.dumpDataDir('none');
    return { tarball: onlyDatabaseEntries(Buffer.from(await blob.arrayBuffer())), migration };
  } finally {
    await runner.release();
  }
}

/**
 * Writes a backup of the database and the media folder to `file` (a `.partial` file renamed into place,
 * so a half-written backup never carries the final name). A server is dumped by `pg_dump` (its own
 * consistent snapshot, the shop keeps running); the embedded database as {@link dumpEmbedded} says.
 */
export async function writeBackup(source: BackupSource, file: string, now: Date): Promise<BackupManifest> {
  const stage = await mkdtemp(path.join(tmpdir(), 'ordering-backup-'));
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    let migration: string | null;
    if (source.kind === 'server') {
      await runTool('pg_dump', [
        '--format=plain',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(stage, 'database.sql')}`,
        `--dbname=${source.url}`,
      ]);
      const sql = await readFile(path.join(stage, 'database.sql'), 'utf8');
      migration = lastMigrationInDump(sql);
    } else {
      const dump = await dumpEmbedded(source.dataSource);
      await writeFile(path.join(stage, 'database.tar'), dump.tarball);
      migration = dump.migration;
    }
    const media = await listFiles(source.mediaDir);
    await mkdir(path.join(stage, 'media'));
    for (const relative of media) {
      try {
        await cp(path.join(source.mediaDir, relative), path.join(stage, 'media', relative));
      } catch (error) {
        // A file deleted while we copy was deleted before the backup's time as far as we know.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const manifest: BackupManifest = {
      format: 'ordering-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: source.kind,
      migration,
      mediaFiles: media.length,
    };
    await writeFile(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, [
      'manifest.json',
      source.kind === 'server' ? 'database.sql' : 'database.tar',
      'media',
    ]);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(stage, { recursive: true, force: true });
  }
}

/** The newest migration recorded in a pg_dump's data of schema_migrations (plain COPY format). */
function lastMigrationInDump(sql: string): string | null {
  const copy = /COPY public\.schema_migrations \([^)]*\) FROM stdin;\n([\s\S]*?)\n\\\.\n/.exec(sql);
  const rows = copy?.[1]?.split('\n').map((line) => line.split('\t')) ?? [];
  rows.sort((a, b) => Number(a[0]) - Number(b[0]));
  return rows.at(-1)?.[2] ?? null;
}

/** Unpacks and checks a backup file into a temporary folder (the caller removes it). */
async function unpack(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  try {
    if (!(await stat(file)).isFile()) throw new Error('keine Datei');
  } catch {
    throw new BackupError(`Die Sicherungsdatei „${file}“ gibt es nicht.`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'ordering-restore-'));
  try {
    // Synchronously: a damaged file fails with nothing still being written into the folder.
    tar.extract({ file, cwd: dir, strict: true, sync: true });
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 'ordering-backup' || manifest.version !== 1) throw new Error('format');
    return { dir, manifest };
  } catch (error) {
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Die Datei „${file}“ ist keine lesbare Sicherung dieser Bestellplattform.`);
  }
}

/** Whether the target already holds data: tables on the server, a database in DATA_DIR, or media files. */
export async function targetHasData(target: RestoreTarget): Promise<boolean> {
  if ((await listFiles(target.mediaDir)).length > 0) return true;
  if (target.kind === 'embedded') {
    return (await stat(path.join(target.dataDir, 'PG_VERSION')).catch(() => null)) !== null;
  }
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
    );
    return result.rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

/**
 * Whether a top-level name in DATA_DIR belongs to the embedded database (PostgreSQL's own files). DATA_DIR
 * also holds the lock file and, by default, MEDIA_DIR (and maybe BACKUP_DIR): those are not the database's.
 */
export function isDatabaseEntry(name: string): boolean {
  return (
    name.startsWith('pg_') ||
    ['PG_VERSION', 'base', 'global', 'postgresql.conf', 'postgresql.auto.conf', 'postmaster.opts'].includes(
      name,
    )
  );
}

/**
 * PGlite's `dumpDataDir` tars its whole folder, which is DATA_DIR: keeps only the database's entries
 * ({@link isDatabaseEntry}), so that media files (in the backup once, beside it) and earlier backups do not
 * end up inside it. A tar is 512-byte blocks: a header (name, size in octal) and the data rounded up.
 */
export function onlyDatabaseEntries(tarball: Buffer): Buffer {
  const kept: Buffer[] = [];
  for (let at = 0; at + 512 <= tarball.length;) {
    const header = tarball.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (from: number, to: number) =>
      header.subarray(from, to).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(field(124, 136).trim() || '0', 8);
    const prefix = field(345, 500);
    const name = (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100)).replace(/^\/+/, '');
    const length = 512 + Math.ceil(size / 512) * 512;
    if (isDatabaseEntry(name.split('/')[0]!)) kept.push(tarball.subarray(at, at + length));
    at += length;
  }
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

/**
 * Whether a tarball is whole and holds a data folder (PG_VERSION): every header's checksum right, no
 * entry running past the end. PGlite gets only such a tarball (what it does with a damaged one is not ours
 * to catch: its loader fails outside the promise we wait for).
 */
export function isDataFolderTar(tarball: Buffer): boolean {
  let version = false;
  for (let at = 0; ;) {
    if (at + 512 > tarball.length) return false;
    const header = tarball.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return version;
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    const stored = parseInt(header.subarray(148, 156).toString('latin1').replace(/\0.*$/s, '').trim(), 8);
    if (sum !== stored) return false;
    const size = parseInt(
      header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0',
      8,
    );
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '').replace(/^\/+/, '');
    if (name === 'PG_VERSION') version = true;
    at += 512 + Math.ceil(size / 512) * 512;
    if (at > tarball.length) return false;
  }
}

/**
 * Restores a backup. Refuses a target with data unless `force`. Never leaves half a database: the
 * embedded database is built complete in a new folder (and opened once to check it) before it takes the
 * place of the old files; a server is restored in one transaction (psql --single-transaction, or the copy
 * of an embedded backup in one transaction), so a failure leaves the old data as it was. Media files are
 * unpacked next to MEDIA_DIR and swapped in after the database.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  if (!options.force && (await targetHasData(target))) {
    throw new BackupError(
      target.kind === 'server'
        ? 'Die Datenbank unter DATABASE_URL (oder MEDIA_DIR) enthält bereits Daten; eine Wiederherstellung ersetzt sie vollständig. Zum Überschreiben --force angeben.'
        : 'Die Datenbank in DATA_DIR (oder MEDIA_DIR) enthält bereits Daten; eine Wiederherstellung ersetzt sie vollständig. Zum Überschreiben --force angeben.',
    );
  }
  const { dir, manifest } = await unpack(file);
  try {
    if (target.kind === 'embedded') {
      if (manifest.database !== 'embedded') {
        throw new BackupError(
          'Diese Sicherung stammt von einem PostgreSQL-Server; sie lässt sich nur mit DATABASE_URL auf einen Server zurückspielen.',
        );
      }
      await restoreEmbedded(dir, target);
    } else if (manifest.database === 'server') {
      await runTool('psql', [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        '--command=DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
        `--file=${path.join(dir, 'database.sql')}`,
        `--dbname=${target.url}`,
      ]);
    } else {
      await moveEmbeddedToServer(dir, target.url);
    }
    await swapMedia(path.join(dir, 'media'), target.mediaDir);
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function restoreEmbedded(dir: string, target: { dataDir: string }) {
  await mkdir(target.dataDir, { recursive: true });
  const fresh = path.join(target.dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  const old = `${fresh}-alt`;
  try {
    const tarball = await readFile(path.join(dir, 'database.tar'));
    if (!isDataFolderTar(tarball)) {
      throw new BackupError('Die Datenbank in der Sicherung ist beschädigt; es wurde nichts verändert.');
    }
    // Built and opened in its own folder: a damaged dump fails here, before anything was replaced.
    const db = await openPGlite(fresh, new Blob([tarball]), false);
    await db.query('SELECT 1');
    await db.close();
    const current = (await readdir(target.dataDir)).filter(isDatabaseEntry);
    await mkdir(old);
    for (const name of current) await rename(path.join(target.dataDir, name), path.join(old, name));
    for (const name of await readdir(fresh))
      await rename(path.join(fresh, name), path.join(target.dataDir, name));
  } finally {
    await rm(fresh, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}

/**
 * An embedded backup onto a server (the move described in the README): the dump is opened in memory,
 * brought to this version's migrations, and copied into the server in one transaction.
 */
async function moveEmbeddedToServer(dir: string, url: string) {
  const tarball = await readFile(path.join(dir, 'database.tar'));
  if (!isDataFolderTar(tarball)) {
    throw new BackupError('Die Datenbank in der Sicherung ist beschädigt; es wurde nichts verändert.');
  }
  const source = await openDatabase({ kind: 'embedded', initialData: new Blob([tarball]) }, ENTITIES);
  try {
    await migrate(source.dataSource);
    await copyIntoServer(source.dataSource, url);
  } finally {
    await source.close();
  }
}

/** Puts the backup's media files in place of MEDIA_DIR's (unpacked next to it, then renamed). */
async function swapMedia(unpacked: string, mediaDir: string) {
  const parent = path.dirname(path.resolve(mediaDir));
  await mkdir(parent, { recursive: true });
  const suffix = randomBytes(4).toString('hex');
  const fresh = path.join(parent, `.media-restore-${suffix}`);
  const old = path.join(parent, `.media-alt-${suffix}`);
  await mkdir(unpacked, { recursive: true });
  await cp(unpacked, fresh, { recursive: true });
  try {
    await rename(mediaDir, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(fresh, mediaDir);
  } finally {
    await rm(fresh, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}
