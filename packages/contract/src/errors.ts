import { z } from 'zod/mini';

/** Every non-2xx answer of the API has this body (DESIGN.md, "Errors"). */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.optional(z.string()),
    /** Field-level problems of a rejected request body, query or path. */
    issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
} as const;
