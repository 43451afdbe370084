import { classifyError } from '@bookshelf/contract';
import { ApiRequestError } from '../../../lib/api-client';

/**
 * What the red Error box says. The API's own message is written for people (wrong password, e-mail taken,
 * rate limited), so it is shown as is; anything else goes through the spec's generic classifier.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return classifyError(error).text;
}
