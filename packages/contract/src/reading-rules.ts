/**
 * The reader and reading progress (core.md §2 Reader, §4, §5, §7 "Reading progress", §8, §9 Reader; issue 15):
 * paths, constants, messages and the pure rules both sides use. Schemas are in reading.ts.
 */

export const ReadingPaths = {
  /** GET ?timeframe=week|month|year|all (all when absent). */
  stats: '/api/reading-progress/stats/{userId}',
  /** GET: pages and minutes per day of a timeframe, for the charts. */
  activity: '/api/reading-progress/activity/{userId}',
  /** GET: the reader's progress in a file; 404 means none. */
  fileProgress: '/api/reading-progress/file/{fileId}',
  /** POST: saves it (an upsert per reader and file). */
  saveFileProgress: '/api/reading-progress/file',
  /** GET: a file's bookmarks. */
  bookmarks: '/api/reading-progress/bookmarks/{fileId}',
  /** POST: adds one. */
  addBookmark: '/api/reading-progress/bookmarks',
  /** DELETE. */
  bookmark: '/api/reading-progress/bookmarks/{id}',
  /** GET. */
  goals: '/api/reading-progress/goals/{userId}',
  /** POST. */
  createGoal: '/api/reading-progress/goals',
  /** PATCH {progress}; DELETE. */
  goal: '/api/reading-progress/goals/{id}',
  achievements: '/api/reading-progress/achievements/{userId}',
  /** GET ?format=json|csv: a download named reading-progress-{date}.{format}. */
  export: '/api/reading-progress/export/{userId}',
  /** POST: a finished reading session. */
  sessions: '/api/reading-progress/sessions',
  /** GET and PUT: the reader's time zone (streaks and days are counted in it). */
  settings: '/api/reading-progress/settings',
} as const;

/** Links a drive file to a library book (PUT {bookId}, null unlinks); a cloud-drives path, per the issue. */
export const FILE_BOOK_PATH = '/api/cloud-drives/files/{id}/book';

export const READER_THEMES = ['light', 'dark', 'sepia'] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];
export const READER_FONT_FAMILIES = ['serif', 'sans-serif', 'monospace'] as const;
export type ReaderFontFamily = (typeof READER_FONT_FAMILIES)[number];
/** single: one page at a time; scroll: a continuous column. */
export const READER_PAGE_MODES = ['single', 'scroll'] as const;
export type ReaderPageMode = (typeof READER_PAGE_MODES)[number];

export const STATS_TIMEFRAMES = ['week', 'month', 'year', 'all'] as const;
export type StatsTimeframe = (typeof STATS_TIMEFRAMES)[number];
/** The Reading Progress screen's period select (core.md §2); the stats path defaults to all (§9). */
export const PERIOD_OPTIONS: readonly { value: Exclude<StatsTimeframe, 'all'>; label: string }[] = [
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
];

export const GOAL_TYPES = ['books', 'pages', 'minutes'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];
export const GOAL_UNITS: Record<GoalType, string> = { books: 'books', pages: 'pages', minutes: 'minutes' };

export const READING_EXPORT_FORMATS = ['json', 'csv'] as const;
export type ReadingExportFormat = (typeof READING_EXPORT_FORMATS)[number];
/** core.md §7: saved as reading-progress-{date}.json. */
export const exportFileName = (day: string, format: ReadingExportFormat) => `reading-progress-${day}.${format}`;

/** core.md §9 Reader. */
export const ReaderLimits = {
  autosaveMs: 30_000,
  wordsPerPage: 300,
  zoomMin: 50,
  zoomMax: 300,
  zoomStep: 25,
  zoomDefault: 100,
  rotateStep: 90,
  fontSizeMin: 10,
  fontSizeMax: 40,
  fontSizeDefault: 16,
  noteMaxLength: 1000,
  /** A reflowed book's location (an EPUB CFI) kept beside its page. */
  locationMaxLength: 2000,
  pagesMax: 1_000_000,
  /** One session is at most a day; anything longer is a clock error. */
  sessionMaxSeconds: 24 * 60 * 60,
  goalTargetMax: 1_000_000,
  goalsMax: 100,
  bookmarksPerFileMax: 1000,
} as const;

export const DEFAULT_READING_PREFERENCES = {
  zoom: ReaderLimits.zoomDefault,
  theme: 'light',
  fontSize: ReaderLimits.fontSizeDefault,
  fontFamily: 'serif',
  pageMode: 'single',
} as const satisfies {
  zoom: number;
  theme: ReaderTheme;
  fontSize: number;
  fontFamily: ReaderFontFamily;
  pageMode: ReaderPageMode;
};

/** core.md §9: favoriteReadingTime when there is no session. */
export const DEFAULT_FAVORITE_READING_TIME = '20:00';

/** The reading achievements (issue 15); the social gamification issue builds on the same sessions. */
export const ACHIEVEMENTS = [
  {
    id: 'first-session',
    name: 'First Steps',
    description: 'Finish your first reading session',
    kind: 'sessions',
    target: 1,
  },
  { id: 'streak-7', name: 'Week Streak', description: 'Read 7 days in a row', kind: 'streak', target: 7 },
  { id: 'streak-30', name: 'Monthly Habit', description: 'Read 30 days in a row', kind: 'streak', target: 30 },
  { id: 'pages-100', name: 'Page Turner', description: 'Read 100 pages', kind: 'pages', target: 100 },
  { id: 'pages-1000', name: 'Bookworm', description: 'Read 1,000 pages', kind: 'pages', target: 1000 },
  { id: 'hours-10', name: 'Dedicated Reader', description: 'Read for 10 hours', kind: 'seconds', target: 36_000 },
] as const satisfies readonly {
  id: string;
  name: string;
  description: string;
  kind: 'sessions' | 'streak' | 'pages' | 'seconds';
  target: number;
}[];
export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];

export const ReadingMessages = {
  // core.md §8 "Reading service errors".
  fetchStatsFailed: 'Failed to fetch reading stats',
  fetchProgressFailed: 'Failed to fetch file progress',
  saveProgressFailed: 'Failed to save file progress',
  fetchBookmarksFailed: 'Failed to fetch bookmarks',
  addBookmarkFailed: 'Failed to add bookmark',
  removeBookmarkFailed: 'Failed to remove bookmark',
  fetchGoalsFailed: 'Failed to fetch reading goals',
  createGoalFailed: 'Failed to create reading goal',
  updateGoalFailed: 'Failed to update goal progress',
  fetchAchievementsFailed: 'Failed to fetch achievements',
  exportFailed: 'Failed to export reading data',
  // core.md §8 "Reader".
  pdfLoadFailed: 'Failed to load PDF document',
  documentLoadFailedTitle: 'Failed to Load Document',
  progressLoadFailedTitle: 'Failed to Load Reading Progress',
  progressLoadFailed: 'Failed to load reading progress data',
  // core.md §2.
  loadingPdf: 'Loading PDF...',
  cannotDisplayPdf: 'Cannot Display PDF',
  unsupportedFormat: 'Unsupported Format',
  bookmarkNotePlaceholder: 'Add a note for this bookmark (optional)',
  emptyTitle: 'Start Your Reading Journey',
  // Server 404s.
  progressNotFound: 'No reading progress for this file',
  bookmarkNotFound: 'Bookmark not found',
  goalNotFound: 'Goal not found',
  fileNotFound: 'File not found',
  otherUser: 'Reading progress is only available to its reader.',
  invalidTimeZone: 'timeZone must be an IANA time zone such as Europe/London.',
  bookmarksFull: `A file can have at most ${ReaderLimits.bookmarksPerFileMax} bookmarks.`,
  goalsFull: `You can have at most ${ReaderLimits.goalsMax} reading goals.`,
} as const;

/** core.md §5: the page input clamped to 1..total; anything not a number becomes 1. */
export function clampPage(input: unknown, total: number): number {
  const last = Math.max(1, Math.floor(total) || 1);
  const n =
    typeof input === 'number' ? input : typeof input === 'string' ? Number.parseInt(input.trim(), 10) : Number.NaN;
  if (!Number.isFinite(n)) return 1;
  return Math.min(last, Math.max(1, Math.trunc(n)));
}

/** core.md §5: zoom 50–300 in steps of 25. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = zoom + direction * ReaderLimits.zoomStep;
  return Math.min(ReaderLimits.zoomMax, Math.max(ReaderLimits.zoomMin, next));
}

/** core.md §2: the theme button cycles light → dark → sepia → light. */
export function nextTheme(theme: ReaderTheme): ReaderTheme {
  return READER_THEMES[(READER_THEMES.indexOf(theme) + 1) % READER_THEMES.length]!;
}

/** core.md §4: rotation in steps of 90, kept in 0..270. */
export const rotateBy = (rotation: number, step: number = ReaderLimits.rotateStep) =>
  (((rotation + step) % 360) + 360) % 360;

/** core.md §5: a bookmark note is trimmed and empty means none. */
export function normaliseNote(note: string | null | undefined): string | null {
  const trimmed = (note ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** core.md §4: percent = progress / target, capped at 100. */
export function goalPercent(progress: number, target: number): number {
  if (!(target > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((progress / target) * 100)));
}

/** core.md §4: completed green, ≥ 80% yellow, ≥ 50% blue, else grey. */
export function goalColour(percent: number, isCompleted: boolean): 'green' | 'yellow' | 'blue' | 'gray' {
  if (isCompleted) return 'green';
  if (percent >= 80) return 'yellow';
  if (percent >= 50) return 'blue';
  return 'gray';
}

/**
 * Splits text into pages of `wordsPerPage` words (core.md §9: 300), keeping the text's own line breaks inside
 * a page. One pass over the string with a regular expression, so 5 MB pages in well under the 300 ms budget.
 */
export function paginateText(text: string, wordsPerPage: number = ReaderLimits.wordsPerPage): string[] {
  const pages: string[] = [];
  const word = /\S+/g;
  let count = 0;
  let start = 0;
  let match: RegExpExecArray | null;
  while ((match = word.exec(text)) !== null) {
    count += 1;
    if (count === wordsPerPage) {
      const end = match.index + match[0].length;
      pages.push(text.slice(start, end).trim());
      start = end;
      count = 0;
    }
  }
  const rest = text.slice(start).trim();
  if (rest !== '' || pages.length === 0) pages.push(rest);
  return pages;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone; DST-safe (Intl does the offsets). */
export function localDay(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/**
 * Streaks from the distinct calendar days with a session (in the reader's zone, any order): the current one
 * counts back from today, or from yesterday when today has none yet (a streak is not broken before the day
 * is over); the longest is the longest run anywhere.
 */
export function streaks(days: readonly string[], today: string): { current: number; longest: number } {
  const numbers = [...new Set(days.map(dayNumber))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < numbers.length; i += 1) {
    run = i > 0 && numbers[i] === numbers[i - 1]! + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const set = new Set(numbers);
  let cursor = dayNumber(today);
  if (!set.has(cursor)) cursor -= 1;
  let current = 0;
  while (set.has(cursor)) {
    current += 1;
    cursor -= 1;
  }
  return { current, longest };
}

/** Whether the runtime knows a time zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone === '' || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * What counts as a page read (issue 27, decision 051): a page must stay on screen for at least
 * `minSecondsPerPage`, so a jump (End, a typed page number, a bookmark) or a skim moves the place but reads
 * nothing. The same figure caps a whole session at one page per that many seconds (720 pages an hour: above
 * a picture book's pace, ten times a steady novel's), which the server applies to whatever a client says.
 */
export const PagesReadRule = { minSecondsPerPage: 5 } as const;

/**
 * The pages a session read, from the seconds each distinct page was on screen (any order; a page listed once):
 * those on screen long enough, never more than the session's seconds allow.
 */
export function pagesReadFromDwell(secondsOnPages: Iterable<number>, sessionSeconds: number): number {
  let read = 0;
  for (const seconds of secondsOnPages) if (seconds >= PagesReadRule.minSecondsPerPage) read += 1;
  return Math.min(read, maxPagesFor(sessionSeconds));
}

/** The most pages `seconds` of reading can hold. */
export const maxPagesFor = (seconds: number): number =>
  Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds / PagesReadRule.minSecondsPerPage) : 0;

/**
 * The seconds and pages a posted session is stored with: its seconds no more than its start-to-end span
 * (rounded up), and its pages no more than those seconds allow. A client may post any figures; this is what
 * statistics, goals and achievements then read.
 */
export function honestSession(session: { startTime: string; endTime: string; pagesRead: number; timeSpent: number }): {
  pagesRead: number;
  timeSpent: number;
} {
  const span = Math.max(0, Math.ceil((Date.parse(session.endTime) - Date.parse(session.startTime)) / 1000));
  const timeSpent = Math.max(0, Math.min(session.timeSpent, Number.isFinite(span) ? span : 0));
  return { timeSpent, pagesRead: Math.max(0, Math.min(session.pagesRead, maxPagesFor(timeSpent))) };
}
