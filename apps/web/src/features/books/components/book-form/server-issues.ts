import { ApiRequestError } from '../../../../lib/api-client';

export interface ServerIssue {
  path: string;
  message: string;
}

/** "Invalid body.title: Title is required." — the server's 400 message names the first issue's field. */
const INVALID_FIELD = /^Invalid ((?:body|query|params)\.[\w.]+): (.+)$/;

/**
 * The field-level issues of a failed request: the error body's issues when the client passes them on,
 * otherwise the one issue the validation message names. Empty when the error names no field.
 */
export function serverIssues(error: unknown): ServerIssue[] {
  if (!(error instanceof ApiRequestError)) return [];
  const carried = (error as { issues?: unknown }).issues;
  if (Array.isArray(carried)) {
    return carried.filter(
      (issue): issue is ServerIssue =>
        typeof issue === 'object' &&
        issue !== null &&
        typeof (issue as ServerIssue).path === 'string' &&
        typeof (issue as ServerIssue).message === 'string',
    );
  }
  const match = INVALID_FIELD.exec(error.message);
  return match ? [{ path: match[1]!, message: match[2]! }] : [];
}
