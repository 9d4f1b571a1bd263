import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';

/**
 * The prepared empty cluster (docs/decisions/memory.md): what initdb writes for a new embedded database,
 * made once by the build (`prepare-cluster.ts`) and unpacked into a shop's empty data folder before
 * PGlite opens it. Without it PGlite runs initdb at the first start in a second PostgreSQL instance of
 * its own, whose WASM heap (and V8's compilation of both modules) took the process to 900 MB that it
 * never gave back. `backend/dist/`, reached the same way from the sources (tests) and the build.
 */
export const PREPARED_CLUSTER_FILE = fileURLToPath(
  new URL('../../dist/empty-cluster.tar.gz', import.meta.url),
);

/** What the prepared cluster was made with, written beside it: it only fits the PGlite it came from. */
export interface PreparedClusterStamp {
  pglite: string;
}

/** The installed PGlite's version (a cluster made by another version may not fit its catalogue). */
export function installedPGliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function stampFileOf(file: string): string {
  return `${file}.json`;
}

/** Whether `file` exists and was made by the installed PGlite. */
export function preparedClusterFits(file = PREPARED_CLUSTER_FILE): boolean {
  try {
    const stamp = JSON.parse(readFileSync(stampFileOf(file), 'utf8')) as PreparedClusterStamp;
    return stamp.pglite === installedPGliteVersion() && existsSync(file);
  } catch {
    return false;
  }
}

/** The file whose presence makes a folder a PostgreSQL data folder to PGlite (it then skips initdb). */
const VERSION_FILE = 'PG_VERSION';

/**
 * Unpacks the prepared empty cluster into `dataDir` if that holds no database yet (no `PG_VERSION`).
 * `PG_VERSION` is written last: a first start interrupted while unpacking leaves a folder PGlite does not
 * take for a database, and the next start unpacks again over what is there. With `durable` every unpacked
 * file is flushed to the disk before `PG_VERSION` exists, so that a power cut cannot leave the marker
 * without the files. Returns false (and does nothing) when the folder holds a database or no fitting
 * prepared cluster was built; PGlite then opens the folder as before (with initdb if it is empty).
 */
export async function unpackPreparedCluster(
  dataDir: string,
  durable: boolean,
  file = PREPARED_CLUSTER_FILE,
): Promise<boolean> {
  if (existsSync(path.join(dataDir, VERSION_FILE)) || !preparedClusterFits(file)) return false;
  await mkdir(dataDir, { recursive: true });
  const isMarker = (entry: string) => path.normalize(entry) === VERSION_FILE;
  const unpacked = new Set<string>();
  await tar.x({
    file,
    cwd: dataDir,
    filter: (entry) => {
      if (isMarker(entry)) return false;
      unpacked.add(path.normalize(entry).split(path.sep)[0]!);
      return true;
    },
  });
  if (durable) {
    for (const name of unpacked) await syncTree(path.join(dataDir, name));
  }
  await tar.x({ file, cwd: dataDir, filter: isMarker });
  if (durable) {
    await syncTree(path.join(dataDir, VERSION_FILE));
    await syncTree(dataDir, false);
  }
  return true;
}

/** fsync(2) of a file, or of a folder and (with `deep`) everything below it. */
async function syncTree(target: string, deep = true): Promise<void> {
  const entries = deep ? await readdir(target, { withFileTypes: true }).catch(() => []) : [];
  for (const entry of entries) await syncTree(path.join(target, entry.name));
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
