/**
 * The rows of a raw `db.execute(sql...)`: PGlite answers `{ rows }`, postgres.js an array of rows. Features
 * use the query builder where it can express the query; grouping sets and unnest need raw SQL.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
