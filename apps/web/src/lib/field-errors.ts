/** One issue of a failed zod parse; only what is needed, so both zod and zod/mini errors fit. */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The first message for each top-level field of a failed parse, for showing beside that field. */
export function fieldErrors<K extends string>(issues: readonly Issue[]): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key as K] = issue.message;
  }
  return errors;
}
