import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activitiesForChange,
  BOOK_STATUSES,
  dateReadAfter,
  hasAtMostTwoDecimals,
  normalizeStatus,
  normalizeTags,
  type StatusState,
} from './book-rules.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const state = (over: Partial<StatusState> = {}): StatusState => ({
  status: 'owned',
  dateRead: null,
  review: null,
  rating: null,
  ...over,
});

describe('status (core.md §4)', () => {
  it('stores currently_reading as reading and keeps the other values', () => {
    expect(normalizeStatus('currently_reading')).toBe('reading');
    for (const s of BOOK_STATUSES) expect(normalizeStatus(s)).toBe(s);
  });

  it('sets dateRead to now when a book becomes read, keeps it while read, clears it when it leaves', () => {
    expect(dateReadAfter(null, 'read', NOW)).toBe(NOW.toISOString());
    expect(dateReadAfter({ status: 'owned', dateRead: null }, 'read', NOW)).toBe(NOW.toISOString());
    expect(dateReadAfter({ status: 'read', dateRead: '2020-01-01T00:00:00.000Z' }, 'read', NOW)).toBe(
      '2020-01-01T00:00:00.000Z',
    );
    expect(dateReadAfter({ status: 'read', dateRead: '2020-01-01T00:00:00.000Z' }, 'lent', NOW)).toBeNull();
    expect(dateReadAfter(null, 'read', NOW, '2019-05-05')).toBe('2019-05-05');
  });

  it('never leaves a read book without a date, nor gives one to a book that is not read', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOOK_STATUSES),
        fc.constantFrom(...BOOK_STATUSES),
        fc.option(fc.constant('2021-02-03T00:00:00.000Z')),
        fc.option(fc.constant('2022-02-02'), { nil: undefined }),
        (before, next, previousDate, requested) => {
          const result = dateReadAfter({ status: before, dateRead: previousDate }, next, NOW, requested);
          expect(result === null).toBe(next !== 'read');
        },
      ),
    );
  });
});

describe('activitiesForChange (core.md §4, social.md §4)', () => {
  it('records book started on entering reading', () => {
    expect(activitiesForChange(state(), state({ status: 'reading' }))).toEqual(['book_started']);
  });

  it('records finished, then reviewed, then rated on entering read', () => {
    expect(
      activitiesForChange(state({ status: 'reading' }), state({ status: 'read', review: 'Great', rating: 4 })),
    ).toEqual(['book_finished', 'book_reviewed', 'book_rated']);
    expect(activitiesForChange(null, state({ status: 'read' }))).toEqual(['book_finished']);
  });

  it('records nothing when the status stays and nothing new is written', () => {
    expect(activitiesForChange(state({ status: 'read', rating: 3 }), state({ status: 'read', rating: 3 }))).toEqual([]);
    expect(activitiesForChange(null, state())).toEqual([]);
  });

  it('records a first review and a changed rating written later', () => {
    const read = state({ status: 'read', rating: 3 });
    expect(activitiesForChange(read, { ...read, review: 'Loved it' })).toEqual(['book_reviewed']);
    expect(activitiesForChange(read, { ...read, rating: 5 })).toEqual(['book_rated']);
    expect(activitiesForChange({ ...read, review: 'x' }, { ...read, review: 'edited' })).toEqual([]);
  });
});

describe('normalising input', () => {
  it('trims tags, drops blanks and keeps the first spelling of duplicates', () => {
    expect(normalizeTags([' sci-fi', 'Sci-Fi', '', '  ', 'space '])).toEqual(['sci-fi', 'space']);
  });

  it('accepts prices with at most 2 decimals', () => {
    expect([0, 19.99, 10.1, 0.3, 1234567.89].every(hasAtMostTwoDecimals)).toBe(true);
    expect([1.999, 0.001, 1e-300, 0.000001, 19.990000001, 1e-7].some(hasAtMostTwoDecimals)).toBe(false);
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => hasAtMostTwoDecimals(cents / 100)));
  });
});
