import { describe, expect, it } from 'vitest';
import { endSession, openedAt, reachedPage, startSession } from './reading-session';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');

describe('reading session', () => {
  it('saves pagesRead = highest page reached minus the opening page, and the seconds spent', () => {
    let session = openedAt(startSession(T0), 5);
    for (const page of [6, 9, 7, 8]) session = reachedPage(session, page);
    expect(endSession(session, 'f1', T0 + 90_400)).toEqual({
      fileId: 'f1',
      startTime: '2026-03-01T10:00:00.000Z',
      endTime: '2026-03-01T10:01:30.400Z',
      pagesRead: 4,
      timeSpent: 90,
    });
  });

  it('counts nothing when going back before the opening page', () => {
    let session = openedAt(startSession(T0), 5);
    session = reachedPage(session, 2);
    expect(endSession(session, 'f1', T0 + 10_000)?.pagesRead).toBe(0);
  });

  it('only the first opening counts', () => {
    const session = openedAt(openedAt(startSession(T0), 3), 8);
    expect(session.openingPage).toBe(3);
    expect(session.highestPage).toBe(3);
  });

  it('saves nothing for a document that never opened, or with no time and no pages', () => {
    expect(endSession(startSession(T0), 'f1', T0 + 60_000)).toBeNull();
    expect(endSession(openedAt(startSession(T0), 1), 'f1', T0 + 300)).toBeNull();
    expect(endSession(openedAt(startSession(T0), 1), 'f1', T0 + 600)?.timeSpent).toBe(1);
  });

  it('caps a session at a day and never runs backwards', () => {
    const session = openedAt(startSession(T0), 1);
    expect(endSession(session, 'f1', T0 + 3 * 86_400_000)?.timeSpent).toBe(86_400);
    expect(endSession(reachedPage(session, 2), 'f1', T0 - 5_000)).toMatchObject({ timeSpent: 0, pagesRead: 1 });
  });
});
