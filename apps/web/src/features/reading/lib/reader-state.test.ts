import { ReaderLimits } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  canGoForward,
  initialReaderState,
  isOnLastPage,
  pagePercentage,
  reachedEnd,
  readerReducer,
  type ReaderAction,
  type ReaderState,
} from './reader-state';

const run = (state: ReaderState, ...actions: ReaderAction[]) => actions.reduce(readerReducer, state);
const at = (page: number, totalPages: number, location: string | null = null, percentage = 0) => ({
  page,
  totalPages,
  location,
  percentage,
});
const ready = (page = 1, total = 10) =>
  run(
    initialReaderState(),
    { type: 'opened', page, location: null, preferences: null },
    { type: 'ready', at: at(page, total) },
  );

describe('readerReducer', () => {
  it('opens at the saved page with the saved preferences, and clamps it when the file is shorter now', () => {
    const opened = run(initialReaderState(), {
      type: 'opened',
      page: 50,
      location: 'epubcfi(/6/4)',
      preferences: { zoom: 150, theme: 'sepia', fontSize: 20, fontFamily: 'monospace', pageMode: 'scroll' },
    });
    expect(opened.phase).toBe('loading');
    expect(opened.initialLocation).toBe('epubcfi(/6/4)');
    expect(opened.preferences.theme).toBe('sepia');
    const shown = readerReducer(opened, { type: 'ready', at: at(50, 40) });
    expect(shown).toMatchObject({ phase: 'ready', page: 40, totalPages: 40 });
  });

  it('keeps the defaults when there are no saved preferences', () => {
    const opened = run(initialReaderState(), { type: 'opened', page: 1, location: null, preferences: null });
    expect(opened.preferences).toEqual({
      zoom: 100,
      theme: 'light',
      fontSize: 16,
      fontFamily: 'serif',
      pageMode: 'single',
    });
  });

  it('moves only within 1..total, and not before the page count is known', () => {
    expect(readerReducer(initialReaderState(), { type: 'step', by: 1 }).page).toBe(1);
    let state = ready(1, 3);
    state = run(state, { type: 'step', by: -1 });
    expect(state.page).toBe(1);
    state = run(state, { type: 'step', by: 1 }, { type: 'step', by: 1 }, { type: 'step', by: 1 });
    expect(state.page).toBe(3);
    expect(run(state, { type: 'first' }).page).toBe(1);
    expect(run(ready(1, 3), { type: 'last' }).page).toBe(3);
    expect(run(state, { type: 'goTo', page: 'abc' }).page).toBe(1);
    expect(run(state, { type: 'goTo', page: '99' }).page).toBe(3);
    expect(run(state, { type: 'goTo', page: 0 }).page).toBe(1);
  });

  it('disables Previous on page 1 and Next on the last page', () => {
    expect(canGoBack(ready(1, 5))).toBe(false);
    expect(canGoForward(ready(1, 5))).toBe(true);
    expect(canGoBack(ready(5, 5))).toBe(true);
    expect(canGoForward(ready(5, 5))).toBe(false);
    expect(isOnLastPage(ready(5, 5))).toBe(true);
    // The end is reached by moving there, not by opening there.
    expect(reachedEnd(ready(5, 5))).toBe(false);
    expect(reachedEnd(run(ready(4, 5), { type: 'step', by: 1 }))).toBe(true);
    expect(reachedEnd(ready(1, 1))).toBe(false);
    expect(canGoForward({ ...ready(1, 5), phase: 'loading' })).toBe(false);
  });

  it('zooms 50–300 in steps of 25', () => {
    let state = ready();
    for (let i = 0; i < 20; i += 1) state = readerReducer(state, { type: 'zoom', direction: 1 });
    expect(state.preferences.zoom).toBe(ReaderLimits.zoomMax);
    for (let i = 0; i < 20; i += 1) state = readerReducer(state, { type: 'zoom', direction: -1 });
    expect(state.preferences.zoom).toBe(ReaderLimits.zoomMin);
    expect(readerReducer(state, { type: 'zoom', direction: 1 }).preferences.zoom).toBe(75);
  });

  it('cycles the theme light → dark → sepia → light and rotates in steps of 90', () => {
    const themes = [];
    let state = ready();
    for (let i = 0; i < 3; i += 1) {
      state = readerReducer(state, { type: 'cycleTheme' });
      themes.push(state.preferences.theme);
    }
    expect(themes).toEqual(['dark', 'sepia', 'light']);
    expect(run(ready(), { type: 'rotate' }, { type: 'rotate' }, { type: 'rotate' }, { type: 'rotate' }).rotation).toBe(
      0,
    );
    expect(run(ready(), { type: 'rotate' }).rotation).toBe(90);
  });

  it('follows the engine when it moves by itself, and reflows may change the page count', () => {
    const state = readerReducer(ready(3, 10), { type: 'moved', at: at(7, 12, 'cfi', 55.5) });
    expect(state).toMatchObject({ page: 7, totalPages: 12, location: 'cfi', percentage: 55.5 });
  });

  it('goes to the error state, and Retry loads again from the place reached', () => {
    const moved = readerReducer(ready(3, 10), { type: 'moved', at: at(4, 10, 'cfi-4', 40) });
    const failed = readerReducer(moved, { type: 'failed', message: 'Broken' });
    expect(failed).toMatchObject({ phase: 'error', error: 'Broken' });
    const retried = readerReducer(failed, { type: 'retry' });
    expect(retried).toMatchObject({ phase: 'loading', error: null, attempt: 1, initialLocation: 'cfi-4', page: 4 });
  });

  it('keeps the download progress only while loading', () => {
    const loading = run(initialReaderState(), { type: 'opened', page: 1, location: null, preferences: null });
    const progress = { loaded: 5, total: 10 };
    const shown = readerReducer(loading, { type: 'loadProgress', progress });
    expect(shown.loadProgress).toEqual(progress);
    // Within the same whole percent, nothing changes (no render).
    expect(readerReducer(shown, { type: 'loadProgress', progress: { loaded: 5001, total: 10_000 } })).toBe(shown);
    expect(readerReducer(ready(), { type: 'loadProgress', progress }).loadProgress).toBeNull();
  });

  it('computes a page percentage', () => {
    expect(pagePercentage(1, 4)).toBe(25);
    expect(pagePercentage(4, 4)).toBe(100);
    expect(pagePercentage(1, 3)).toBe(33.33);
    expect(pagePercentage(1, 0)).toBe(0);
  });
});
