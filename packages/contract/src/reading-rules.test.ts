import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampPage,
  goalColour,
  goalPercent,
  honestSession,
  isKnownTimeZone,
  localDay,
  nextTheme,
  normaliseNote,
  pagesReadFromDwell,
  PagesReadRule,
  paginateText,
  rotateBy,
  stepZoom,
  streaks,
} from './reading-rules.js';
import {
  CreateReadingGoalRequestSchema,
  ReadingPreferencesInputSchema,
  ReadingSessionRequestSchema,
  SaveFileProgressRequestSchema,
} from './reading.js';

describe('page input (core.md §5)', () => {
  it('clamps to 1..total and turns non-numbers into 1', () => {
    expect(clampPage('5', 10)).toBe(5);
    expect(clampPage('0', 10)).toBe(1);
    expect(clampPage('-3', 10)).toBe(1);
    expect(clampPage('99', 10)).toBe(10);
    expect(clampPage('abc', 10)).toBe(1);
    expect(clampPage('', 10)).toBe(1);
    expect(clampPage(' 7 ', 10)).toBe(7);
    expect(clampPage(3.9, 10)).toBe(3);
    expect(clampPage(Number.NaN, 10)).toBe(1);
    expect(clampPage(undefined, 10)).toBe(1);
  });

  it('never leaves 1..total for any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double(), fc.integer()),
        fc.integer({ min: 1, max: 5000 }),
        (input, total) => {
          const page = clampPage(input, total);
          return Number.isInteger(page) && page >= 1 && page <= total;
        },
      ),
    );
  });
});

describe('zoom, theme and rotation (core.md §5, §9)', () => {
  it('steps by 25 between 50 and 300', () => {
    expect(stepZoom(100, 1)).toBe(125);
    expect(stepZoom(100, -1)).toBe(75);
    expect(stepZoom(300, 1)).toBe(300);
    expect(stepZoom(50, -1)).toBe(50);
    expect(stepZoom(290, 1)).toBe(300);
  });

  it('cycles light → dark → sepia → light', () => {
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('sepia');
    expect(nextTheme('sepia')).toBe('light');
  });

  it('rotates in steps of 90 within 0..270', () => {
    expect(rotateBy(0)).toBe(90);
    expect(rotateBy(270)).toBe(0);
    expect(rotateBy(0, -90)).toBe(270);
  });
});

describe('bookmark note (core.md §5)', () => {
  it('is trimmed, and empty means none', () => {
    expect(normaliseNote('  a note \n')).toBe('a note');
    expect(normaliseNote('   ')).toBeNull();
    expect(normaliseNote(undefined)).toBeNull();
  });
});

describe('goals (core.md §4)', () => {
  it('caps the percent at 100 and colours by it', () => {
    expect(goalPercent(150, 100)).toBe(100);
    expect(goalPercent(1, 3)).toBe(33);
    expect(goalPercent(5, 0)).toBe(0);
    expect(goalColour(100, true)).toBe('green');
    expect(goalColour(80, false)).toBe('yellow');
    expect(goalColour(79, false)).toBe('blue');
    expect(goalColour(50, false)).toBe('blue');
    expect(goalColour(49, false)).toBe('gray');
  });
});

describe('text pagination (core.md §9: 300 words a page)', () => {
  it('puts 300 words on each page and the rest on the last', () => {
    const text = Array.from({ length: 650 }, (_, i) => `w${i}`).join(' ');
    const pages = paginateText(text);
    expect(pages.map((p) => p.split(/\s+/).length)).toEqual([300, 300, 50]);
    expect(pages[1]!.startsWith('w300 ')).toBe(true);
  });

  it('keeps line breaks inside a page and loses no word', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 900 }),
        fc.constantFrom(' ', '\n', '  \n\n'),
        (words, gap) => {
          const pages = paginateText(words.join(gap), 300);
          const back = pages.flatMap((p) => p.split(/\s+/).filter(Boolean));
          return (
            JSON.stringify(back) === JSON.stringify(words) &&
            pages.every((p) => p.split(/\s+/).filter(Boolean).length <= 300)
          );
        },
      ),
    );
    expect(paginateText('one\ntwo')).toEqual(['one\ntwo']);
  });

  it('gives an empty text one empty page', () => {
    expect(paginateText('')).toEqual(['']);
    expect(paginateText('   \n ')).toEqual(['']);
  });
});

describe('days and streaks in the reader zone', () => {
  it('puts an instant on the day of the zone, across a DST change', () => {
    // Europe/London springs forward on 2026-03-29 at 01:00 UTC.
    expect(localDay(new Date('2026-03-28T23:30:00Z'), 'Europe/London')).toBe('2026-03-28');
    expect(localDay(new Date('2026-03-29T23:30:00Z'), 'Europe/London')).toBe('2026-03-30');
    expect(localDay(new Date('2026-03-30T03:30:00Z'), 'America/New_York')).toBe('2026-03-29');
    expect(localDay(new Date('2026-11-01T04:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDay(new Date('2026-11-01T03:30:00Z'), 'America/New_York')).toBe('2026-10-31');
  });

  it('counts the current streak back from today, or from yesterday before today has a session', () => {
    const days = ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30'];
    expect(streaks(days, '2026-03-30')).toEqual({ current: 4, longest: 4 });
    expect(streaks(days, '2026-03-31')).toEqual({ current: 4, longest: 4 });
    expect(streaks(days, '2026-04-01')).toEqual({ current: 0, longest: 4 });
  });

  it('finds the longest run anywhere, ignoring order and repeats', () => {
    const days = ['2026-01-05', '2026-01-01', '2026-01-02', '2026-01-02', '2026-01-03', '2026-01-06'];
    expect(streaks(days, '2026-01-06')).toEqual({ current: 2, longest: 3 });
    expect(streaks([], '2026-01-06')).toEqual({ current: 0, longest: 0 });
  });

  it('spans a month and a leap day', () => {
    expect(streaks(['2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01').current).toBe(3);
  });

  it('knows real zones only', () => {
    expect(isKnownTimeZone('Europe/London')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});

describe('reading requests', () => {
  it('refuses a current page after the last, naming currentPage', () => {
    const result = SaveFileProgressRequestSchema.safeParse({ fileId: 'local_1', currentPage: 5, totalPages: 4 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['currentPage']);
  });

  it('refuses a session that ends before it starts, and negative pages', () => {
    const base = {
      fileId: 'f',
      startTime: '2026-01-01T10:00:00Z',
      endTime: '2026-01-01T09:00:00Z',
      pagesRead: 1,
      timeSpent: 1,
    };
    expect(ReadingSessionRequestSchema.safeParse(base).error?.issues[0]?.path).toEqual(['endTime']);
    expect(
      ReadingSessionRequestSchema.safeParse({ ...base, endTime: '2026-01-01T11:00:00Z', pagesRead: -1 }).success,
    ).toBe(false);
  });

  it('refuses a goal ending before it starts', () => {
    const goal = { type: 'pages', target: 10, startDate: '2026-02-01', endDate: '2026-01-01' };
    expect(CreateReadingGoalRequestSchema.safeParse(goal).error?.issues[0]?.path).toEqual(['endDate']);
  });
});

describe('pages read (issue 27): only pages on screen long enough to be read', () => {
  const MIN = PagesReadRule.minSecondsPerPage;

  it('an End jump in a 1,321-page PDF, then two minutes on the last page, is one page, not 1,320', () => {
    const dwell = [0.4, 120];
    expect(pagesReadFromDwell(dwell, 121)).toBe(1);
  });

  it('steady reading at a minute a page counts every page', () => {
    expect(
      pagesReadFromDwell(
        Array.from({ length: 30 }, () => 60),
        1800,
      ),
    ).toBe(30);
  });

  it('a skim (a second a page) counts nothing', () => {
    expect(
      pagesReadFromDwell(
        Array.from({ length: 200 }, () => 1),
        200,
      ),
    ).toBe(0);
  });

  const dwellList = fc.array(fc.double({ min: 0, max: 600, noNaN: true }), { maxLength: 300 });
  const seconds = fc.integer({ min: 0, max: 86_400 });

  it('is never above the pages shown, nor above one page per minimum seconds of the session', () => {
    fc.assert(
      fc.property(dwellList, seconds, (dwell, total) => {
        const read = pagesReadFromDwell(dwell, total);
        expect(read).toBeLessThanOrEqual(dwell.length);
        expect(read).toBeLessThanOrEqual(Math.floor(total / MIN));
        expect(read).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is monotone: more time on a page, another page, or a longer session never lowers it', () => {
    fc.assert(
      fc.property(
        dwellList,
        seconds,
        fc.nat(300),
        fc.double({ min: 0, max: 600, noNaN: true }),
        (dwell, total, i, extra) => {
          const before = pagesReadFromDwell(dwell, total);
          const longer = dwell.map((s, index) => (index === i % Math.max(1, dwell.length) ? s + extra : s));
          expect(pagesReadFromDwell(longer, total)).toBeGreaterThanOrEqual(before);
          expect(pagesReadFromDwell([...dwell, extra], total)).toBeGreaterThanOrEqual(before);
          expect(pagesReadFromDwell(dwell, total + Math.round(extra))).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });

  it('a posted session keeps its seconds within its span and its pages within its seconds', () => {
    const start = '2026-03-01T10:00:00.000Z';
    // Pressing End, then two minutes: the client says 1,320 pages.
    expect(
      honestSession({ startTime: start, endTime: '2026-03-01T10:02:00.000Z', pagesRead: 1320, timeSpent: 120 }),
    ).toEqual({
      timeSpent: 120,
      pagesRead: 120 / MIN,
    });
    // A day claimed for a two-minute span is two minutes.
    expect(
      honestSession({ startTime: start, endTime: '2026-03-01T10:02:00.000Z', pagesRead: 5, timeSpent: 86_400 }),
    ).toEqual({
      timeSpent: 120,
      pagesRead: 5,
    });
    fc.assert(
      fc.property(seconds, seconds, fc.nat(1_000_000), (span, time, pages) => {
        const end = new Date(Date.parse(start) + span * 1000).toISOString();
        const honest = honestSession({ startTime: start, endTime: end, pagesRead: pages, timeSpent: time });
        expect(honest.timeSpent).toBeLessThanOrEqual(Math.min(span, time));
        expect(honest.pagesRead).toBeLessThanOrEqual(Math.min(pages, Math.floor(honest.timeSpent / MIN)));
        // What is already honest is kept as it is.
        expect(honestSession({ startTime: start, endTime: end, ...honest })).toEqual(honest);
      }),
    );
  });
});

describe('readingPreferences in a progress save (core.md §3, §7)', () => {
  const save = (readingPreferences: unknown) =>
    SaveFileProgressRequestSchema.safeParse({ fileId: 'f', currentPage: 1, totalPages: 2, readingPreferences });

  it('takes JSON text or an object, filling missing fields with the defaults', () => {
    expect(save('{"zoom":150,"theme":"dark"}').data?.readingPreferences).toEqual({
      zoom: 150,
      theme: 'dark',
      fontSize: 16,
      fontFamily: 'serif',
      pageMode: 'single',
    });
    expect(save({ pageMode: 'scroll' }).data?.readingPreferences).toEqual({
      zoom: 100,
      theme: 'light',
      fontSize: 16,
      fontFamily: 'serif',
      pageMode: 'scroll',
    });
    expect(ReadingPreferencesInputSchema.parse('{}')).toEqual(ReadingPreferencesInputSchema.parse({}));
    expect(save(null).data?.readingPreferences).toBeNull();
  });

  it('refuses text that is not JSON, and a bad field inside either form, naming the field', () => {
    expect(save('{zoom: 150').error?.issues[0]).toMatchObject({
      path: ['readingPreferences'],
      message: 'readingPreferences is not valid JSON.',
    });
    expect(save('{"zoom":999}').error?.issues[0]?.path).toEqual(['readingPreferences', 'zoom']);
    expect(save({ theme: 'neon' }).error?.issues[0]?.path).toEqual(['readingPreferences', 'theme']);
    expect(save(42).error?.issues[0]?.path).toEqual(['readingPreferences']);
  });
});
