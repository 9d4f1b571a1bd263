import { MigrationExecutor, type DataSource } from 'typeorm';
import { openDatabase } from '../database/data-source.js';
import { ENTITIES } from '../schema/entities.js';

const BATCH = 500;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copies every row of a migrated database (the embedded one, opened from its dump) into a PostgreSQL
 * server, replacing what the server held — in one transaction, so the server has either its old data or
 * the whole copy. The schema comes from this version's migrations (the source is migrated to the same
 * ones); rows travel as JSON (`row_to_json` → `json_populate_recordset`, exact for every column type);
 * sequences continue where they were. Foreign keys are checked by neither side while copying
 * (`session_replication_role = replica`, which needs a superuser or the database owner with that right).
 */
export async function copyIntoServer(source: DataSource, url: string): Promise<void> {
  const target = await openDatabase({ kind: 'server', url }, ENTITIES);
  const runner = target.dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query('DROP SCHEMA IF EXISTS public CASCADE');
      await runner.query('CREATE SCHEMA public');
      const executor = new MigrationExecutor(target.dataSource, runner);
      executor.transaction = 'none';
      await executor.executePendingMigrations();
      const tables = (
        (await source.query(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
        )) as Array<{ tablename: string }>
      ).map((r) => r.tablename);
      await runner.query(`TRUNCATE ${tables.map(quote).join(', ')}`);
      await runner.query('SET LOCAL session_replication_role = replica');
      for (const table of tables) {
        const columns = (
          (await runner.query(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
            [table],
          )) as Array<{ column_name: string }>
        )
          .map((c) => quote(c.column_name))
          .join(', ');
        for (let offset = 0; ; offset += BATCH) {
          const rows = (await source.query(
            `SELECT row_to_json(t)::text AS r FROM ${quote(table)} t ORDER BY ctid LIMIT ${BATCH} OFFSET ${offset}`,
          )) as Array<{ r: string }>;
          if (rows.length === 0) break;
          await runner.query(
            `INSERT INTO ${quote(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`,
            [`[${rows.map((row) => row.r).join(',')}]`],
          );
          if (rows.length < BATCH) break;
        }
      }
      const sequences = (await source.query(
        "SELECT sequencename, last_value::text AS last_value FROM pg_sequences WHERE schemaname = 'public'",
      )) as Array<{ sequencename: string; last_value: string | null }>;
      for (const sequence of sequences) {
        await runner.query(
          sequence.last_value === null
            ? `SELECT setval($1, 1, false)`
            : `SELECT setval($1, $2::bigint, true)`,
          sequence.last_value === null
            ? [`public.${quote(sequence.sequencename)}`]
            : [`public.${quote(sequence.sequencename)}`, sequence.last_value],
        );
      }
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
  } finally {
    await runner.release();
    await target.close();
  }
}
