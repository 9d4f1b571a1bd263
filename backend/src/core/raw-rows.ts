/**
 * The rows of a raw `query()`: TypeORM answers an `UPDATE`/`DELETE … RETURNING` as `[rows, count]` and a
 * `SELECT` or `INSERT … RETURNING` as `rows` (on PGlite and on the PostgreSQL server alike); anything
 * else has no rows. The one place that knows it.
 */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  if (!Array.isArray(result)) return [];
  return (Array.isArray(result[0]) ? result[0] : result) as Row[];
}

/**
 * A `VALUES` list of several rows for one statement: each row's values become parameters, each placeholder
 * cast to its column's type (`casts`, one per value: `int`, `jsonb` …; an empty string leaves it uncast).
 * A row's first value is usually its number, so that `INSERT … SELECT … ORDER BY n` writes them in order.
 */
export function valuesList(rows: unknown[][], casts: string[]): { values: string; params: unknown[] } {
  const params: unknown[] = [];
  const values = rows.map((row) => {
    if (row.length !== casts.length)
      throw new Error(`valuesList: ${row.length} values for ${casts.length} casts`);
    const placeholders = row.map((value, i) => {
      params.push(value);
      return `$${params.length}${casts[i] ? `::${casts[i]}` : ''}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  return { values: values.join(', '), params };
}
