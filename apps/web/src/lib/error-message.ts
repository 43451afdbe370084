import { classifyError } from '@bookshelf/contract';
import { ApiRequestError } from './api-client';

/**
 * What the red Error box says. The API's own message is written for people (wrong password, e-mail taken,
 * rate limited), so it is shown as is; anything else goes through the spec's generic classifier.
 * Shared by the sign-in dialog and settings, so it lives in lib/ (features do not import each other).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return classifyError(error).text;
}
