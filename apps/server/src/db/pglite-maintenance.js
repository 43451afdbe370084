// @ts-check
// What PostgreSQL's autovacuum does for a server, done for PGlite, which has no background workers (decision
// 037). Without it a PGlite database is never analysed: the planner keeps the estimates of an empty database
// (one book per reader), so trashing a book in a 1,000-book library scanned them all (44 ms instead of 0.7 ms),
// and dead rows from every update and delete pile up unvacuumed.

/** How often the statistics are looked at; the look itself is one small query. */
export const MAINTENANCE_INTERVAL_MS = 10_000;

// autovacuum's own default thresholds: 50 rows plus 20% of the table for VACUUM, plus 10% for ANALYZE.
// A table with rows that was never analysed (a database from before this) is analysed once.
const DUE = `
  select format('%I.%I', s.schemaname, s.relname) as "table",
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as "vacuum"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
     or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
     or (s.last_analyze is null and s.n_live_tup > 0)`;

/**
 * Vacuums and analyses the tables that autovacuum would, one statement each, so other queries go between
 * them. Answers what it did, as "VACUUM (ANALYZE) table" or "ANALYZE table".
 * @param {import('@electric-sql/pglite').PGlite} client
 * @returns {Promise<string[]>}
 */
export async function maintain(client) {
  // The counts of this (single) backend reach the statistics at most once a second unless a flush is asked.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query(DUE);
  const done = [];
  for (const { table, vacuum } of /** @type {{ table: string; vacuum: boolean }[]} */ (rows)) {
    const statement = `${vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${table}`;
    await client.exec(statement);
    done.push(statement);
  }
  return done;
}

/**
 * Runs `maintain` every `intervalMs` (never two at once) until the answered function is called. A failure is
 * passed to `onError`; the next round tries again.
 * @param {import('@electric-sql/pglite').PGlite} client
 * @param {{ intervalMs?: number; onError: (error: unknown) => void }} options
 */
export function startMaintenance(client, { intervalMs = MAINTENANCE_INTERVAL_MS, onError }) {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped || client.closed) return;
    running = true;
    maintain(client)
      .catch((error) => {
        if (!stopped) onError(error);
      })
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
