import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];
type RouteSchema = Parameters<SerializerCompiler>[0];

/**
 * How responses are turned into JSON (docs/decisions/026-response-serialization.md).
 *
 * - `fast` (production): a serializer compiled once per route and status from the contract's JSON Schema by
 *   fast-json-stringify, which writes only the declared properties and does not validate.
 * - `checked` (tests, development): zod checks the answer against the contract and JSON.stringify writes it,
 *   and the fast serializer's output is compared with it, so any answer of any test where the two would differ
 *   (a dropped property, a coerced value) fails as a 500 naming the route.
 */
export type ResponseSerialization = 'fast' | 'checked';

/** The fast serializer of one response schema, or undefined when its JSON Schema cannot be compiled. */
export function compileFastSerializer(schema: unknown): ((data: unknown) => string) | undefined {
  try {
    const jsonSchema = toJSONSchema(schema as ZodType, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

export function responseSerializerCompiler(mode: ResponseSerialization): SerializerCompiler {
  const zodSerializer = createSerializerCompiler({}) as unknown as (route: RouteSchema) => (data: unknown) => string;
  return (route: RouteSchema) => {
    const checked = zodSerializer(route);
    // Compiled at a route's first answer, not at start-up (about 10 ms a schema on this machine).
    let fast: ((data: unknown) => string) | null | undefined;
    const fastOf = () => (fast === undefined ? (fast = compileFastSerializer(route.schema) ?? null) : fast);
    if (mode === 'fast') return (data: unknown) => (fastOf() ?? checked)(data);
    return (data: unknown) => {
      const json = checked(data);
      const quick = fastOf()?.(data);
      if (quick !== undefined && !isDeepStrictEqual(JSON.parse(quick), JSON.parse(json))) {
        throw new Error(`the fast serializer of ${route.method} ${route.url} (${route.httpStatus}) changed the answer`);
      }
      return json;
    };
  };
}
