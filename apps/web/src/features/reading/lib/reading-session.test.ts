import { describe, expect, it } from 'vitest';
import { endSession, onPage, startSession } from './reading-session';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const s = (seconds: number) => T0 + seconds * 1000;

describe('reading session', () => {
  it('saves the pages on screen long enough to be read, and the seconds spent', () => {
    let session = startSession(T0, 5);
    // 30 s on 5, a glance at 6, 40 s on 7, 20 s back on 6: pages 5, 6 and 7 were read.
    session = onPage(session, 6, s(30));
    session = onPage(session, 7, s(31));
    session = onPage(session, 6, s(71));
    expect(endSession(session, 'f1', s(90.4))).toEqual({
      fileId: 'f1',
      startTime: '2026-03-01T10:00:00.000Z',
      endTime: '2026-03-01T10:01:30.400Z',
      pagesRead: 3,
      timeSpent: 90,
    });
  });

  it('counts an End jump in a 1,321-page PDF, then two minutes, as the one page read (issue 27)', () => {
    let session = startSession(T0, 1);
    session = onPage(session, 1321, s(0.4));
    expect(endSession(session, 'f1', s(120))).toMatchObject({ pagesRead: 1, timeSpent: 120 });
  });

  it('counts nothing for a skim, and steady reading page by page', () => {
    let skim = startSession(T0, 1);
    for (let page = 2; page <= 200; page += 1) skim = onPage(skim, page, s(page - 1));
    expect(endSession(skim, 'f1', s(200))).toMatchObject({ pagesRead: 0, timeSpent: 200 });

    let steady = startSession(T0, 1);
    for (let page = 2; page <= 30; page += 1) steady = onPage(steady, page, s((page - 1) * 60));
    expect(endSession(steady, 'f1', s(30 * 60))).toMatchObject({ pagesRead: 30 });
  });

  it('takes the first page shown as the opening page of a session started before the document opened', () => {
    const session = onPage(onPage(startSession(T0), 3, s(2)), 8, s(20));
    expect(session.openingPage).toBe(3);
    expect(endSession(session, 'f1', s(21))).toMatchObject({ pagesRead: 1, timeSpent: 21 });
  });

  it('saves nothing for a document that never opened, or with no time and no pages', () => {
    expect(endSession(startSession(T0), 'f1', s(60))).toBeNull();
    expect(endSession(startSession(T0, 1), 'f1', T0 + 300)).toBeNull();
    expect(endSession(startSession(T0, 1), 'f1', T0 + 600)?.timeSpent).toBe(1);
  });

  it('caps a session at a day and never runs backwards', () => {
    const session = startSession(T0, 1);
    expect(endSession(session, 'f1', T0 + 3 * 86_400_000)?.timeSpent).toBe(86_400);
    expect(endSession(onPage(session, 2, T0), 'f1', T0 - 5_000)).toBeNull();
  });
});
