import { ApiRequestError } from '../../../../lib/api-client';

export interface ServerIssue {
  path: string;
  message: string;
}

/** "Invalid body.title: Title is required." — the server's 400 message names the first issue's field. */
const INVALID_FIELD = /^Invalid ((?:body|query|params)\.[\w.]+): (.+)$/;

/**
 * The field-level issues of a failed request: the error body's issues, or else the one issue the
 * validation message names. Empty when the error names no field.
 */
export function serverIssues(error: unknown): ServerIssue[] {
  if (!(error instanceof ApiRequestError)) return [];
  if (error.issues.length > 0) return [...error.issues];
  const match = INVALID_FIELD.exec(error.message);
  return match ? [{ path: match[1]!, message: match[2]! }] : [];
}
