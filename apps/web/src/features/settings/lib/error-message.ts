import { classifyError } from '@bookshelf/contract';
import { ApiRequestError } from '../../../lib/api-client';

/** The API's messages are written for people, so they are shown as is; anything else goes through the classifier. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return classifyError(error).text;
}
