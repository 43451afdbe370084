import { clampPage, nextTheme, rotateBy, stepZoom, type ReadingPreferences } from '@bookshelf/contract';
import type { ContentProgress } from '../../cloud-drives/public';
import type { EngineLocation } from '../engines/engine-types';
import { defaultPreferences } from './reading-preferences';

/** core.md §4 Reader: opening (the saved progress), loading, then ready or error (Retry loads again). */
export type ReaderPhase = 'opening' | 'loading' | 'ready' | 'error';

export interface ReaderState {
  phase: ReaderPhase;
  /** 1-based; within 1..totalPages once that is known. */
  page: number;
  totalPages: number | null;
  /** A reflowed book's exact place (an EPUB CFI). */
  location: string | null;
  /** 0–100. */
  percentage: number;
  /** Where a reflowed book opens: its saved place, or after a Retry the place it had reached. */
  initialLocation: string | null;
  preferences: ReadingPreferences;
  /** Degrees (PDF only; not saved). */
  rotation: number;
  error: string | null;
  /** The page the document first showed: the end offer waits until the reader has moved to the last page. */
  openedPage: number | null;
  /** Bumped by Retry: the engine is mounted afresh. */
  attempt: number;
  loadProgress: ContentProgress | null;
}

export type ReaderAction =
  | { type: 'opened'; page: number; location: string | null; preferences: ReadingPreferences | null }
  | { type: 'ready'; at: EngineLocation }
  | { type: 'moved'; at: EngineLocation }
  | { type: 'goTo'; page: unknown }
  | { type: 'step'; by: 1 | -1 }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'zoom'; direction: 1 | -1 }
  | { type: 'cycleTheme' }
  | { type: 'rotate' }
  | { type: 'preferences'; change: Partial<ReadingPreferences> }
  | { type: 'loadProgress'; progress: ContentProgress }
  | { type: 'failed'; message: string }
  | { type: 'retry' };

export const initialReaderState = (): ReaderState => ({
  phase: 'opening',
  page: 1,
  totalPages: null,
  location: null,
  percentage: 0,
  initialLocation: null,
  preferences: defaultPreferences(),
  rotation: 0,
  error: null,
  openedPage: null,
  attempt: 0,
  loadProgress: null,
});

/** A fixed page's share of the document, 0–100. */
export const pagePercentage = (page: number, total: number) =>
  total > 0 ? Math.min(100, Math.max(0, Math.round((page / total) * 10_000) / 100)) : 0;

const wholePercent = (progress: ContentProgress | null) =>
  progress === null ? -1 : progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0;

const clampPercentage = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

function at(state: ReaderState, location: EngineLocation): ReaderState {
  const totalPages = Math.max(1, Math.floor(location.totalPages) || 1);
  return {
    ...state,
    totalPages,
    page: clampPage(location.page, totalPages),
    location: location.location,
    percentage: clampPercentage(location.percentage),
  };
}

/** The page moves only within 1..total (core.md §4), and only once the total is known. */
function toPage(state: ReaderState, page: unknown): ReaderState {
  if (state.phase !== 'ready' || state.totalPages === null) return state;
  const next = clampPage(page, state.totalPages);
  if (next === state.page) return state;
  // A reflowed book's exact place is the engine's to tell once it has moved there.
  return { ...state, page: next, location: null, percentage: pagePercentage(next, state.totalPages) };
}

export function readerReducer(state: ReaderState, action: ReaderAction): ReaderState {
  switch (action.type) {
    case 'opened':
      return {
        ...state,
        phase: 'loading',
        page: Math.max(1, Math.floor(action.page) || 1),
        initialLocation: action.location,
        preferences: action.preferences ?? state.preferences,
      };
    case 'ready': {
      const shown = at(state, action.at);
      return { ...shown, phase: 'ready', error: null, loadProgress: null, openedPage: state.openedPage ?? shown.page };
    }
    case 'moved':
      return state.phase === 'ready' ? at(state, action.at) : state;
    case 'goTo':
      return toPage(state, action.page);
    case 'step':
      return toPage(state, state.page + action.by);
    case 'first':
      return toPage(state, 1);
    case 'last':
      return toPage(state, state.totalPages ?? 1);
    case 'zoom': {
      const zoom = stepZoom(state.preferences.zoom, action.direction);
      return zoom === state.preferences.zoom ? state : { ...state, preferences: { ...state.preferences, zoom } };
    }
    case 'cycleTheme':
      return { ...state, preferences: { ...state.preferences, theme: nextTheme(state.preferences.theme) } };
    case 'rotate':
      return { ...state, rotation: rotateBy(state.rotation) };
    case 'preferences':
      return { ...state, preferences: { ...state.preferences, ...action.change } };
    case 'loadProgress':
      // The bar moves in whole percents (the same state skips a render): a 20 MB book comes in thousands of chunks.
      if (state.phase !== 'loading' || wholePercent(state.loadProgress) === wholePercent(action.progress)) return state;
      return { ...state, loadProgress: action.progress };
    case 'failed':
      return { ...state, phase: 'error', error: action.message, loadProgress: null };
    case 'retry':
      return {
        ...state,
        phase: 'loading',
        error: null,
        loadProgress: null,
        attempt: state.attempt + 1,
        initialLocation: state.location ?? state.initialLocation,
      };
  }
}

export const canGoBack = (state: ReaderState) => state.phase === 'ready' && state.page > 1;
export const canGoForward = (state: ReaderState) =>
  state.phase === 'ready' && state.totalPages !== null && state.page < state.totalPages;
export const isOnLastPage = (state: ReaderState) =>
  state.phase === 'ready' && state.totalPages !== null && state.page === state.totalPages;

/** Reached the end in this sitting: on the last page, having opened elsewhere (a one-page file is not "reached"). */
export const reachedEnd = (state: ReaderState) => isOnLastPage(state) && state.openedPage !== state.page;
