import {
  ReadingPaths,
  type FileProgress,
  type ReadingSessionRequest,
  type SaveFileProgressRequest,
} from '@bookshelf/contract';
import { ApiRequestError } from '../../../lib/api-client';
import { parseReadingPreferences } from '../lib/reading-preferences';
import { fillReadingPath, progressRequest } from './progress-request';

const loadStoredProgressSchema = () => import('./reader-schemas').then((m) => m.StoredFileProgressSchema);
const loadProgressSchema = () => import('./reader-schemas').then((m) => m.FileProgressSchema);
const loadSessionSchema = () => import('./reader-schemas').then((m) => m.ReadingSessionSchema);

/** core.md §7: the reader's progress in a file, or null when there is none (404). Bad preferences become null. */
export async function fetchFileProgress(fileId: string, signal?: AbortSignal): Promise<FileProgress | null> {
  try {
    const stored = await progressRequest(
      fillReadingPath(ReadingPaths.fileProgress, { fileId }),
      loadStoredProgressSchema,
      signal ? { signal } : {},
    );
    const { ReadingPreferencesSchema } = await import('./reader-schemas');
    return {
      ...stored,
      readingPreferences: parseReadingPreferences(stored.readingPreferences, ReadingPreferencesSchema),
    };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export interface SendOptions {
  /** The request outlives the page (a save as the tab is hidden or closed). */
  keepalive?: boolean;
}

/** core.md §7 POST /api/reading-progress/file. */
export const saveFileProgress = (body: SaveFileProgressRequest, { keepalive = false }: SendOptions = {}) =>
  progressRequest(ReadingPaths.saveFileProgress, loadProgressSchema, { method: 'POST', body, keepalive });

/** core.md §7 POST /api/reading-progress/sessions. */
export const postReadingSession = (body: ReadingSessionRequest, { keepalive = false }: SendOptions = {}) =>
  progressRequest(ReadingPaths.sessions, loadSessionSchema, { method: 'POST', body, keepalive });
