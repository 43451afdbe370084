import { TIME_ZONE_HEADER } from '@bookshelf/contract';
import type { $ZodType } from 'zod/v4/core';
import { api, type RequestOptions, type SchemaSource } from '../../../lib/api-client';

/** The zone this browser runs in; the server counts days in it until the reader chooses one. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Fills a ReadingPaths template (`{userId}`, `{id}`) with URL-safe values. */
export const fillReadingPath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));

/** The headers every reading request carries: the browser's zone, for "today" and streaks. */
export const readingHeaders = (): Record<string, string> => ({ [TIME_ZONE_HEADER]: browserTimeZone() });

/** An API call of the Reading Progress screen: the typed client plus the time zone header. */
export const progressRequest = <S extends $ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: RequestOptions = {},
) => api(path, schema, { ...options, headers: { ...readingHeaders(), ...options.headers } });
