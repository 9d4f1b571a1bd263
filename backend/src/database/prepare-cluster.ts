/**
 * Build step (`npm run build -w backend`, after tsc): makes the prepared empty cluster that a shop's first
 * start unpacks instead of running initdb (prepared-cluster.ts, docs/decisions/memory.md). PGlite runs
 * initdb here once, in a folder of its own, opened exactly as a shop opens its folder (the same start
 * settings and extensions), and closed cleanly (checkpoint); the folder is packed into
 * `dist/empty-cluster.tar.gz` (about 4.5 MB) with a stamp of the PGlite version beside it. Skipped when
 * that file is there and was made by the installed PGlite, so that a rebuild costs nothing.
 */
import { mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { openPGlite } from './pglite-driver.js';
import {
  installedPGliteVersion,
  PREPARED_CLUSTER_FILE,
  preparedClusterFits,
  type PreparedClusterStamp,
  stampFileOf,
} from './prepared-cluster.js';

export async function prepareCluster(file = PREPARED_CLUSTER_FILE): Promise<boolean> {
  if (preparedClusterFits(file)) return false;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ordering-cluster-'));
  try {
    const db = await openPGlite(folder, undefined, false);
    await db.close();
    const partial = `${file}.${process.pid}.partial`;
    await tar.c({ file: partial, cwd: folder, gzip: true, portable: true }, readdirSync(folder));
    renameSync(partial, file);
    const stamp: PreparedClusterStamp = { pglite: installedPGliteVersion() };
    writeFileSync(stampFileOf(file), `${JSON.stringify(stamp)}\n`);
    return true;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  if (await prepareCluster()) {
    console.log(
      `Leerer Datenbank-Cluster vorbereitet (${Date.now() - started} ms): ${PREPARED_CLUSTER_FILE}`,
    );
  }
}
