import { BookPaths } from '@bookshelf/contract';
import { api } from '../../../lib/api-client';
import { useBooksMutation } from './use-books-mutation';

export const loadDemoLibrary = () =>
  api(BookPaths.demo, () => import('./schemas').then((m) => m.DemoLoadResponseSchema), { method: 'POST' });

/** The empty library's Load sample library button: the spec's 23 sample books, once. */
export const useLoadDemo = () => useBooksMutation(loadDemoLibrary);
