import { LookupPaths } from '@bookshelf/contract';
import { api } from '../../../lib/api-client';

const loadLookupSchema = () => import('./schemas').then((m) => m.IsbnLookupSchema);

/** What the book services know of an ISBN (404: none; 502: they could not be asked). */
export const lookupIsbn = (isbn: string, signal?: AbortSignal) =>
  api(LookupPaths.isbn(isbn.replace(/[\s-]+/g, '')), loadLookupSchema, signal ? { signal } : {});
