import path from 'node:path';
import type { Clock } from '../core/clock.js';
import { ConfigError } from '../env/config-error.js';
import type { AppConfig } from '../env/config.js';
import { lockDataDir } from '../database/data-dir-lock.js';
import { openDatabase } from '../database/data-source.js';
import { ENTITIES } from '../schema/entities.js';
import {
  backupFileName,
  type BackupManifest,
  BackupError,
  restoreBackup,
  writeBackup,
} from './backup-archive.js';
import { requestBackupFromServer } from './backup-request.js';

/** The pid of a live process holding DATA_DIR, from the lock's German sentence; undefined otherwise. */
function holder(error: unknown): string | undefined {
  return error instanceof ConfigError ? /Prozess (\d+)/.exec(error.message)?.[1] : undefined;
}

/** The embedded database's folder, claimed for this process; a running server is refused in German. */
function claim(config: AppConfig, doing: string): () => void {
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    const pid = holder(error);
    if (pid) {
      throw new BackupError(
        `Die eingebettete Datenbank in DATA_DIR wird gerade vom laufenden Server (Prozess ${pid}) verwendet. ${doing}`,
      );
    }
    throw error;
  }
}

/**
 * `cli backup [file]`: a server is dumped with pg_dump while the shop runs; the embedded database is opened
 * here when no server holds it, else the running server is asked to write the backup (backup-request.ts).
 */
export async function backupCommand(
  config: AppConfig,
  file: string | undefined,
  clock: Clock,
): Promise<{ file: string; manifest: BackupManifest }> {
  const now = clock.now();
  const target = path.resolve(file ?? path.join(config.backupDir ?? '.', backupFileName(now)));
  if (config.databaseUrl) {
    const manifest = await writeBackup(
      { kind: 'server', url: config.databaseUrl, mediaDir: config.mediaDir },
      target,
      now,
    );
    return { file: target, manifest };
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (error) {
    const pid = holder(error);
    if (!pid) throw error;
    // The server holds the database: it writes the backup itself, consistent while the shop runs.
    return { file: target, manifest: await requestBackupFromServer(config.dataDir, target, pid) };
  }
  try {
    const db = await openDatabase(
      { kind: 'embedded', dataDir: config.dataDir, durable: config.dataFsync },
      ENTITIES,
    );
    try {
      const manifest = await writeBackup(
        { kind: 'embedded', dataSource: db.dataSource, mediaDir: config.mediaDir },
        target,
        now,
      );
      return { file: target, manifest };
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

/** `cli restore file [--force]` into the database of the environment (DATABASE_URL, else DATA_DIR). */
export async function restoreCommand(
  config: AppConfig,
  file: string,
  force: boolean,
): Promise<BackupManifest> {
  const source = path.resolve(file);
  if (config.databaseUrl) {
    return restoreBackup(
      source,
      { kind: 'server', url: config.databaseUrl, mediaDir: config.mediaDir },
      { force },
    );
  }
  const unlock = claim(config, 'Bitte den Server vor dem Zurückspielen beenden.');
  try {
    return await restoreBackup(
      source,
      { kind: 'embedded', dataDir: config.dataDir, mediaDir: config.mediaDir },
      { force },
    );
  } finally {
    unlock();
  }
}
