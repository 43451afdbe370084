import { describe, expect, it } from 'vitest';
import { asMergeTarget, countChangingMerges, mergeValues, type MergeTarget } from './merge-values.js';

const NOW = new Date('2026-11-30T12:00:00.000Z');
/** A library copy as an ISBN lookup leaves it: owned, unrated, no date read, added now. */
const looked = (over: Partial<MergeTarget> = {}): MergeTarget => ({
  ...asMergeTarget(
    { title: 'Lord of the Flies', author: 'William Golding', isbn: '9780399501487', searchText: 'lord of the flies' },
    NOW,
  ),
  ...over,
});

describe('mergeValues (issue 27)', () => {
  const read = { status: 'read', dateRead: new Date('2020-06-01'), dateAdded: new Date('2019-01-05'), rating: 4 };

  it('takes the file’s reading state, date read, earlier date added and rating over the defaults', () => {
    expect(mergeValues(looked(), read)).toEqual(read);
  });

  it('keeps a status the reader chose, and never makes an owned copy a wish or lent', () => {
    expect(mergeValues(looked({ status: 'reading' }), read)).toEqual({ dateAdded: read.dateAdded, rating: 4 });
    expect(mergeValues(looked(), { status: 'wishlist' })).toEqual({});
    expect(mergeValues(looked(), { status: 'lent' })).toEqual({});
  });

  it('fills a read copy’s missing date read, keeps one it has, and keeps a later date added', () => {
    const mine = new Date('2021-01-01');
    expect(mergeValues(looked({ status: 'read' }), { dateRead: read.dateRead })).toEqual({ dateRead: read.dateRead });
    expect(mergeValues(looked({ status: 'read', dateRead: mine }), { dateRead: read.dateRead })).toEqual({});
    expect(mergeValues(looked({ dateAdded: new Date('2018-01-01') }), { dateAdded: read.dateAdded })).toEqual({});
  });
});

describe('countChangingMerges', () => {
  it('counts each merge that changes its book, a second row of the same book only for what the first left', () => {
    const targets = new Map([['b1', looked()]]);
    const merges = [
      { target: 'b1', values: { rating: 4 } },
      { target: 'b1', values: { rating: 5 } }, // the first already filled the rating
      { target: 'b1', values: { review: 'Grim.' } },
      { target: 'missing', values: { rating: 1 } },
    ];
    expect(countChangingMerges(merges, targets)).toBe(2);
  });
});
