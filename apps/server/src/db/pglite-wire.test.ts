import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addArrayParsers,
  ARRAY_TYPES_SQL,
  baseParsers,
  readAnswer,
  statementMessages,
  wireValue,
} from './pglite-wire.js';

// The one-batch statement (pglite-wire.ts) must answer exactly what PGlite's own query answers, for every kind
// of parameter the app sends and every type it reads back.
let pg: PGlite;
let parsers: ReturnType<typeof baseParsers>;
const viaWire = async (sql: string, params: unknown[], options?: Parameters<PGlite['query']>[2]) => {
  const answer = await pg.execProtocolRaw(statementMessages(sql, params), { syncToFs: false });
  return readAnswer(answer, parsers, sql, options).result;
};

beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(`create table t (
    id int primary key, name text, tags text[], data jsonb, at timestamptz, day date, ok boolean,
    amount numeric, big bigint, raw bytea, ratio real)`);
  const { rows } = await pg.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL);
  parsers = addArrayParsers(baseParsers(), rows);
});
afterAll(async () => {
  await pg.close();
});

describe('a statement in one batch', () => {
  const row = [
    1,
    'Jane "JJ" O\'Brien \\ ✓',
    ['classic', 'with "quotes"', 'back\\slash', 'a,b', null, ''],
    { nested: { list: [1, 'two', null] }, text: 'é' },
    new Date('2024-05-06T07:08:09.123Z'),
    '2024-05-06',
    true,
    '12.50',
    9_007_199_254_740_993n,
    new Uint8Array([0, 1, 254, 255]),
    0.25,
  ];
  const insert = 'insert into t values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *';

  it('writes every kind of parameter as PGlite’s own query does, and reads the row back the same', async () => {
    const wire = await viaWire(insert, row);
    await pg.exec('delete from t');
    const own = await pg.query(insert, row);
    expect(wire).toEqual(own);
    expect(wire.affectedRows).toBe(1);
  });

  it('reads rows as arrays with the caller’s parsers, as Drizzle asks', async () => {
    const keepText = { 1184: (value: string) => value };
    const options = { rowMode: 'array' as const, parsers: keepText };
    const sql = 'select id, at, tags from t where id = any($1) and ok = $2';
    const wire = await viaWire(sql, [[1, 2], false], options);
    const own = await pg.query(sql, [[1, 2], false], options);
    expect(wire).toEqual(own);
    const [match] = (await viaWire(sql, [[1], true], options)).rows as unknown[][];
    expect(match?.[1]).toBe('2024-05-06 07:08:09.123+00');
  });

  it('throws the database’s error with its SQLSTATE and fields, and the database stays usable', async () => {
    const error = await viaWire('insert into t (id) values ($1)', [1]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', query: 'insert into t (id) values ($1)' });
    expect(error).toBeInstanceOf(Error);
    expect((await viaWire('select count(*)::int as n from t', [])).rows).toEqual([{ n: 1 }]);
  });

  it('hands back the NOTIFYs a statement outside a transaction sent', async () => {
    await pg.exec('listen shelf_changes');
    const sql = "select pg_notify('shelf_changes', $1)";
    const answer = await pg.execProtocolRaw(statementMessages(sql, ['{"id":1}']), { syncToFs: false });
    expect(readAnswer(answer, parsers, sql).notifications).toEqual([{ channel: 'shelf_changes', payload: '{"id":1}' }]);
  });

  it('sends null and undefined as SQL NULL', async () => {
    expect((await viaWire('select $1::text is null as a, $2::int is null as b', [null, undefined])).rows).toEqual([
      { a: true, b: true },
    ]);
    expect(wireValue(undefined)).toBeNull();
  });
});
