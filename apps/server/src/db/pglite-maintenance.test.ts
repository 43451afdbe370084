import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintain } from './pglite-maintenance.js';

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  await pg.exec('create table shelf (id int primary key, owner int not null); create index on shelf (owner)');
});
afterAll(async () => {
  await pg.close();
});

const statistics = async () =>
  (
    await pg.query<{ analysed: boolean; vacuumed: boolean }>(
      `select last_analyze is not null as analysed, last_vacuum is not null as vacuumed
       from pg_stat_user_tables where relname = 'shelf'`,
    )
  ).rows[0]!;

describe('PGlite maintenance (what autovacuum would do)', () => {
  it('analyses a table once enough of it changed, and leaves it alone while nothing did', async () => {
    await pg.exec('insert into shelf select g, g % 10 from generate_series(1, 1000) g');
    expect(await maintain(pg)).toEqual(['ANALYZE public.shelf']);
    expect(await statistics()).toEqual({ analysed: true, vacuumed: false });
    // The planner now knows one owner has 100 books, not the one an unanalysed table is guessed to hold.
    const plan = (await pg.query<{ 'QUERY PLAN': string }>('explain select * from shelf where owner = 3')).rows;
    expect(plan[0]?.['QUERY PLAN']).toMatch(/rows=100\b/);
    expect(await maintain(pg)).toEqual([]);
  });

  it('vacuums a table whose dead rows pass the threshold', async () => {
    await pg.exec('delete from shelf where id <= 600');
    expect(await maintain(pg)).toEqual(['VACUUM (ANALYZE) public.shelf']);
    expect(await statistics()).toEqual({ analysed: true, vacuumed: true });
  });
});
