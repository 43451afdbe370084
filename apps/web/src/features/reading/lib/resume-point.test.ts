import type { FileProgress } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import { progressBody, progressKey } from './progress-body';
import { initialReaderState, readerReducer } from './reader-state';
import { resumePoint } from './resume-point';

const saved: FileProgress = {
  id: 'p1',
  userId: 'u1',
  fileId: 'f1',
  currentPage: 12,
  totalPages: 40,
  percentage: 30,
  location: null,
  lastReadAt: '2026-02-01T10:00:00.000Z',
  readingPreferences: null,
};

describe('resumePoint', () => {
  it('opens at page 1 without progress, else at the saved page', () => {
    expect(resumePoint(null, null)).toEqual({ page: 1, location: null, preferences: null });
    expect(resumePoint(saved, null).page).toBe(12);
  });

  it('prefers an offline save newer than the server’s', () => {
    const queued = { fileId: 'f1', currentPage: 15, totalPages: 40, lastReadAt: '2026-02-01T11:00:00.000Z' };
    expect(resumePoint(saved, queued).page).toBe(15);
    expect(resumePoint(saved, { ...queued, lastReadAt: '2026-02-01T09:00:00.000Z' }).page).toBe(12);
    expect(resumePoint(null, queued).page).toBe(15);
  });
});

describe('progressBody', () => {
  it('is nothing before the page count is known, then the page, its share and the preferences', () => {
    const now = new Date('2026-02-01T12:00:00.000Z');
    const opened = readerReducer(initialReaderState(), { type: 'opened', page: 3, location: null, preferences: null });
    expect(progressBody('f1', opened, now)).toBeNull();
    const ready = readerReducer(opened, {
      type: 'ready',
      at: { page: 3, totalPages: 4, location: null, percentage: 0 },
    });
    const body = progressBody('f1', ready, now);
    expect(body).toEqual({
      fileId: 'f1',
      currentPage: 3,
      totalPages: 4,
      percentage: 75,
      location: null,
      lastReadAt: '2026-02-01T12:00:00.000Z',
      readingPreferences: { zoom: 100, theme: 'light', fontSize: 16, fontFamily: 'serif', pageMode: 'single' },
    });
    expect(progressKey(body!)).toBe(progressKey({ ...body!, readingPreferences: { ...body!.readingPreferences! } }));
  });
});
