import type { Job } from '@bookshelf/contract';
import type { $ZodType, output } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';

/** A succeeded job's result read with its kind's schema; undefined for any other job or shape. */
export function jobResult<S extends $ZodType>(job: Job, schema: S): output<S> | undefined {
  if (job.state !== 'succeeded') return undefined;
  const parsed = safeParse(schema, job.result);
  return parsed.success ? parsed.data : undefined;
}
