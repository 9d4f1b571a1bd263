// Jest global set-up of the backend suite: a folder and an id for this run, so that the test files share
// the database snapshots and server templates built on first use (test/support/snapshots.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function globalSetup() {
  // Workers start after this and inherit the environment.
  process.env.TEST_SNAPSHOT_DIR = mkdtempSync(path.join(os.tmpdir(), 'ordering-test-db-'));
  process.env.TEST_RUN_ID = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}
