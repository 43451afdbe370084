import { describe, expect, it } from 'vitest';
import { createDuplicateFinder, titleAuthorKey } from './duplicates.js';

describe('duplicates', () => {
  it('sets case, accents, punctuation and a trailing series note aside, but not the words', () => {
    const key = titleAuthorKey('The Hunger Games', 'Suzanne Collins');
    expect(titleAuthorKey('the hunger games (The Hunger Games, #1)', 'SUZANNE COLLINS')).toBe(key);
    expect(titleAuthorKey('Les Misérables', 'Victor Hugo')).toBe(titleAuthorKey('Les Miserables!', 'victor hugo'));
    expect(titleAuthorKey('Catching Fire', 'Suzanne Collins')).not.toBe(key);
    expect(titleAuthorKey('The Hunger Games', 'Someone Else')).not.toBe(key);
  });

  it('finds a library book by ISBN-10 or -13 or by title and author, and an earlier row of the file', () => {
    const finder = createDuplicateFinder([{ id: 'b1', isbn: '9780439023481', title: 'X', author: 'Y' }]);
    expect(finder.findOrLearn({ isbn: '0-439-02348-3', title: 'Other', author: 'Z' }, { title: 'r', row: 1 })).toEqual({
      title: 'X',
      bookId: 'b1',
    });
    expect(finder.findOrLearn({ title: 'Dune', author: 'Frank Herbert' }, { title: 'Dune', row: 2 })).toBeUndefined();
    expect(finder.findOrLearn({ title: 'DUNE', author: 'frank herbert' }, { title: 'DUNE', row: 3 })).toEqual({
      title: 'Dune',
      row: 2,
    });
  });
});
