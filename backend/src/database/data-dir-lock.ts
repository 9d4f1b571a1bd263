import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../env/config-error.js';

const LOCK_FILE = 'ordering.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database may be opened by one process only. Creates DATA_DIR if needed and claims it with
 * a pid file; a pid file of a process that died (unclean kill) is taken over.
 * @returns a function that gives the folder up again.
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(
      'DATA_DIR',
      `Der Ordner DATA_DIR (${dataDir}) lässt sich nicht anlegen: ${(error as Error).message}.`,
    );
  }
  const file = path.join(dataDir, LOCK_FILE);
  let other: number | undefined;
  try {
    other = Number(readFileSync(file, 'utf8').trim());
  } catch {
    other = undefined;
  }
  if (other && other !== process.pid && isAlive(other)) {
    throw new ConfigError(
      'DATA_DIR',
      `Die Datenbank in DATA_DIR (${dataDir}) wird bereits vom Prozess ${other} verwendet; bitte diesen zuerst beenden.`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
