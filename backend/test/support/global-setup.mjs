// Jest global set-up of the backend suite (and of the desktop suite, whose terminal tests start the
// backend): a folder and an id for this run, then this run's migrated and seeded databases, built once
// (test/support/snapshots.ts) and copied by every test file.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = fileURLToPath(new URL('../../', import.meta.url));

export default function globalSetup() {
  // The embedded database's thread, started from the sources, loads them through this (thread-loader.mjs).
  process.env.TS_THREAD_LOADER = new URL('./thread-loader.mjs', import.meta.url).href;
  if (process.env.TEST_SNAPSHOT_BUILDER) return; // the builder's own Jest: the folder is the caller's
  if (process.env.TEST_TIER === 'fast') return; // npm run test:fast: unit specs open no database
  // Workers start after this and inherit the environment.
  process.env.TEST_SNAPSHOT_DIR = mkdtempSync(path.join(os.tmpdir(), 'ordering-test-db-'));
  process.env.TEST_RUN_ID = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const started = Date.now();
  const res = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      path.join(backend, '../node_modules/jest/bin/jest.js'),
      '--config',
      path.join(backend, 'jest.config.js'),
      '--testMatch',
      '**/test/support/build-snapshots.ts',
      '--runInBand',
      '--ci',
    ],
    { cwd: backend, env: { ...process.env, TEST_SNAPSHOT_BUILDER: '1' }, encoding: 'utf8' },
  );
  if (res.status !== 0) {
    throw new Error(`Die Testdatenbanken ließen sich nicht aufbauen:\n${res.stdout}\n${res.stderr}`);
  }
  console.log(
    `\nTestdatenbanken (migriert, mit Demodaten) in ${((Date.now() - started) / 1000).toFixed(1)} s aufgebaut.`,
  );
}
