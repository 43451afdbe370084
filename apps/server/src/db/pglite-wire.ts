import { parse, protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * The PostgreSQL wire protocol on the main thread, for PGlite in its own thread (decision 037). PGlite's own
 * `query` enters the database six times per statement (Parse, Describe, Bind, Describe, Execute, Sync, each
 * answered and parsed on its thread) so that it can choose each parameter's serializer by its type. Here the
 * statement is one message batch, entered once: parameters go as text of unspecified type, which PostgreSQL
 * infers from the statement as it does for node-postgres; and the answer's bytes come back whole, to be parsed
 * here, where the CPU is free, instead of on the database's thread, which is the server's bottleneck.
 */

type WireValue = string | null;

/** A parameter as text, as PGlite's serializers write each type. */
export function wireValue(value: unknown): WireValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      if (value instanceof Date) return value.toISOString();
      if (Array.isArray(value)) return types.arraySerializer(value, (item) => wireValue(item) ?? 'null', 0);
      if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
      return JSON.stringify(value);
  }
}

/** The extended-protocol batch of one statement: Parse, Bind, Describe, Execute, Sync. */
export function statementMessages(sql: string, params: readonly unknown[]): Uint8Array {
  const parts = [
    protocol.serialize.parse({ text: sql }),
    protocol.serialize.bind({ values: params.map(wireValue) }),
    protocol.serialize.describe({ type: 'P' }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ];
  const batch = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    batch.set(part, at);
    at += part.byteLength;
  }
  return batch;
}

type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;

/** The base type parsers, to which `arrayTypeParsers` adds one per array type of the database. */
export const baseParsers = (): Parsers => ({ ...types.parsers });

/** PGlite's parsers for the database's array types, from the rows of ARRAY_TYPES_SQL, as it builds them. */
export function addArrayParsers(parsers: Parsers, rows: Array<{ oid: number; typarray: number }>): Parsers {
  for (const { oid, typarray } of rows)
    parsers[typarray] = (value: string) => types.arrayParser(value, parsers[oid] as types.Parser, typarray);
  return parsers;
}

export const ARRAY_TYPES_SQL = `
  SELECT b.oid, b.typarray
  FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A'
  GROUP BY b.oid, b.typarray
  ORDER BY b.oid`;

export interface Notification {
  channel: string;
  payload: string;
}

/**
 * The answer to one statement batch, as PGlite's `query` gives it, with the NOTIFYs it carried (sent by a
 * statement outside a transaction), or the database's error (thrown) with the statement's text attached, as
 * PGlite attaches it.
 */
export function readAnswer(
  bytes: Uint8Array,
  parsers: Parsers,
  sql: string,
  options?: QueryOptions,
): { result: Results; notifications: Notification[] } {
  const messages: Parameters<typeof parse.parseResults>[0] = [];
  new protocol.Parser().parse(bytes, (message) => messages.push(message));
  const notifications: Notification[] = [];
  for (const message of messages) {
    if (message instanceof protocol.messages.DatabaseError) throw Object.assign(message, { query: sql });
    if (message instanceof protocol.messages.NotificationResponseMessage)
      notifications.push({ channel: message.channel, payload: message.payload });
  }
  return { result: parse.parseResults(messages, parsers as Record<number, types.Parser>, options)[0]!, notifications };
}

/** The name PostgreSQL gives a LISTEN channel: folded to lower case unless quoted. */
export const channelName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
