import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BackupManifest, BackupError } from './backup-archive.js';

/**
 * `npm run cli -- backup` while the server holds the embedded database (docs/decisions/backups.md): the CLI
 * cannot open it, so it asks the server through a file in DATA_DIR — `backup-request-<id>.json` with the
 * target file — and the server writes the backup (holding its only session, as the daily backup does) and
 * answers in `backup-result-<id>.json`. Whoever may write to DATA_DIR may already read the whole database,
 * so the folder is the credential; nothing listens on the network.
 */
export const BACKUP_REQUEST_POLL_MS = 1000;
const REQUEST = /^backup-request-([0-9a-f]{16})\.json$/;

interface BackupResult {
  ok: boolean;
  manifest?: BackupManifest;
  message?: string;
}

async function writeAtomically(file: string, content: string) {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}

/** Server side: writes the backups asked for in DATA_DIR; returns the files written. */
export async function answerBackupRequests(
  dataDir: string,
  backup: (file: string) => Promise<BackupManifest>,
): Promise<string[]> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  const written: string[] = [];
  for (const name of names) {
    const id = REQUEST.exec(name)?.[1];
    if (!id) continue;
    const requestFile = path.join(dataDir, name);
    let file: unknown;
    try {
      file = (JSON.parse(await readFile(requestFile, 'utf8')) as { file?: unknown }).file;
    } catch {
      file = undefined;
    }
    await rm(requestFile, { force: true });
    let result: BackupResult;
    if (typeof file !== 'string' || !path.isAbsolute(file)) {
      result = { ok: false, message: 'Die Anfrage nennt keine Sicherungsdatei.' };
    } else {
      try {
        result = { ok: true, manifest: await backup(file) };
        written.push(file);
      } catch (error) {
        result = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    }
    await writeAtomically(path.join(dataDir, `backup-result-${id}.json`), JSON.stringify(result));
  }
  return written;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CLI side: asks the running server (process `pid`) for a backup into `file` and waits for its answer. A
 * server that does not take the request up within `pickupMs` (an older version, or hanging) is reported in
 * one German sentence and the request withdrawn.
 */
export async function requestBackupFromServer(
  dataDir: string,
  file: string,
  pid: string,
  { pickupMs = 15_000, doneMs = 30 * 60_000 } = {},
): Promise<BackupManifest> {
  const id = randomBytes(8).toString('hex');
  const requestFile = path.join(dataDir, `backup-request-${id}.json`);
  const resultFile = path.join(dataDir, `backup-result-${id}.json`);
  await writeAtomically(requestFile, JSON.stringify({ file }));
  const started = Date.now();
  for (;;) {
    const answer = await readFile(resultFile, 'utf8').catch(() => undefined);
    if (answer !== undefined) {
      await rm(resultFile, { force: true });
      const result = JSON.parse(answer) as BackupResult;
      if (!result.ok)
        throw new BackupError(`Der laufende Server konnte die Sicherung nicht schreiben: ${result.message}`);
      return result.manifest!;
    }
    const pending = await readFile(requestFile).then(
      () => true,
      () => false,
    );
    if (pending && Date.now() - started > pickupMs) {
      await rm(requestFile, { force: true });
      throw new BackupError(
        `Die eingebettete Datenbank in DATA_DIR wird gerade vom laufenden Server (Prozess ${pid}) verwendet, und er hat die Sicherung nicht übernommen. Im laufenden Betrieb sichert der Server selbst täglich in den Ordner BACKUP_DIR; für eine Sicherung mit diesem Befehl den Server bitte kurz beenden.`,
      );
    }
    if (Date.now() - started > doneMs) {
      throw new BackupError(
        `Der laufende Server (Prozess ${pid}) hat die Sicherung nicht rechtzeitig fertiggestellt.`,
      );
    }
    await sleep(200);
  }
}
