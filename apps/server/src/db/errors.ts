/** True when a PostgreSQL error with this SQLSTATE is the error or one of its causes (drivers wrap them). */
export function hasPgCode(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

export const isUniqueViolation = (error: unknown) => hasPgCode(error, '23505');
export const isForeignKeyViolation = (error: unknown) => hasPgCode(error, '23503');
