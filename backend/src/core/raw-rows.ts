/**
 * The rows of a raw `query()`: TypeORM answers an `UPDATE`/`DELETE … RETURNING` as `[rows, count]` and a
 * `SELECT` or `INSERT … RETURNING` as `rows` (on PGlite and on the PostgreSQL server alike); anything
 * else has no rows. The one place that knows it.
 */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  if (!Array.isArray(result)) return [];
  return (Array.isArray(result[0]) ? result[0] : result) as Row[];
}
