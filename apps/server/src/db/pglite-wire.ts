import { protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite';

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

export type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;

/** The base type parsers, to which `addArrayParsers` adds one per array type of the database. */
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

type Field = Results['fields'][number];

/** The commands whose tag counts rows changed (PGlite's affectedRows). */
const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The answer to one statement batch, as PGlite's `query` gives it, with the NOTIFYs it carried (sent by a
 * statement outside a transaction), or the database's error (thrown) with the statement's text attached, as
 * PGlite attaches it. Rows are read here rather than by PGlite's protocol parser, which copies every field
 * into an ArrayBuffer of its own before decoding it: that was the main thread's largest cost under load.
 */
export function readAnswer(
  bytes: Uint8Array,
  parsers: Parsers,
  sql: string,
  options?: QueryOptions,
): { result: Results; notifications: Notification[] } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const asArrays = options?.rowMode === 'array';
  const own = options?.parsers as Parsers | undefined;
  const notifications: Notification[] = [];
  let fields: Field[] = [];
  let fieldParsers: Array<((value: string, typeId?: number) => unknown) | undefined> = [];
  const rows: unknown[] = [];
  let result: Results | undefined;
  for (let at = 0; at + 5 <= buffer.length;) {
    const type = buffer[at]!;
    const end = at + 1 + buffer.readInt32BE(at + 1);
    let p = at + 5;
    switch (type) {
      case 0x54: {
        // RowDescription: name, table, column, type, size, modifier, format
        const count = buffer.readInt16BE(p);
        p += 2;
        fields = [];
        for (let i = 0; i < count; i += 1) {
          const nameEnd = buffer.indexOf(0, p);
          const name = buffer.toString('utf8', p, nameEnd);
          p = nameEnd + 1;
          fields.push({ name, dataTypeID: buffer.readInt32BE(p + 6) });
          p += 18;
        }
        fieldParsers = fields.map(({ dataTypeID }) => own?.[dataTypeID] ?? parsers[dataTypeID]);
        break;
      }
      case 0x44: {
        // DataRow: each value's length (-1 for NULL) and text
        const count = buffer.readInt16BE(p);
        p += 2;
        const values: unknown[] = new Array(count);
        for (let i = 0; i < count; i += 1) {
          const length = buffer.readInt32BE(p);
          p += 4;
          if (length < 0) {
            values[i] = null;
            continue;
          }
          const text = buffer.toString('utf8', p, p + length);
          p += length;
          const parser = fieldParsers[i];
          values[i] = parser ? parser(text, fields[i]!.dataTypeID) : text;
        }
        if (asArrays) rows.push(values);
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < count; i += 1) row[fields[i]!.name] = values[i];
          rows.push(row);
        }
        break;
      }
      case 0x43: {
        // CommandComplete: "INSERT 0 3", "UPDATE 2", "SELECT 5"…
        const words = buffer.toString('utf8', p, buffer.indexOf(0, p)).split(' ');
        const command = words[0]!;
        const count = parseInt(words[words.length - 1]!, 10);
        const changed = CHANGING_COMMANDS.has(command);
        result ??= {
          rows,
          fields,
          affectedRows: changed ? count : 0,
          ...(Number.isNaN(count) ? {} : { rowCount: count }),
          command,
        } as Results;
        break;
      }
      case 0x45: // ErrorResponse
      case 0x41: // NotificationResponse
        new protocol.Parser().parse(bytes.subarray(at, end), (message) => {
          if (message instanceof protocol.messages.DatabaseError) throw Object.assign(message, { query: sql });
          if (message instanceof protocol.messages.NotificationResponseMessage)
            notifications.push({ channel: message.channel, payload: message.payload });
        });
        break;
    }
    at = end;
  }
  return { result: result ?? { rows: [], fields: [], affectedRows: 0 }, notifications };
}

/** The name PostgreSQL gives a LISTEN channel: folded to lower case unless quoted. */
export const channelName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
