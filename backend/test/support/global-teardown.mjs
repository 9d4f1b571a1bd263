// Jest global teardown of the backend suite: removes this run's snapshots and server template databases.
import { rmSync } from 'node:fs';
import pg from 'pg';

export default async function globalTeardown() {
  if (process.env.TEST_SNAPSHOT_BUILDER) return; // the builder's own Jest: the caller's run goes on
  const dir = process.env.TEST_SNAPSHOT_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const runId = process.env.TEST_RUN_ID;
  if (!serverUrl || !runId) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      `tmpl_${runId}_`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
