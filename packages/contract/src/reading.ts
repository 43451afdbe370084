import { z } from 'zod/mini';
import {
  DEFAULT_READING_PREFERENCES,
  READING_EXPORT_FORMATS,
  GOAL_TYPES,
  isKnownTimeZone,
  READER_FONT_FAMILIES,
  READER_PAGE_MODES,
  READER_THEMES,
  ReaderLimits,
  ReadingMessages,
  STATS_TIMEFRAMES,
} from './reading-rules.js';
import { dateInput, textInput } from './wire-values.js';

/**
 * Reading progress on the wire (core.md §3 ReadingProgress, Bookmark, ReadingSession, ReadingStats,
 * ReadingGoal, Achievements; §7 "Reading progress"; issue 15). Constants and rules are in reading-rules.ts.
 */

const fileId = textInput('fileId is required.').check(
  z.minLength(1, 'fileId is required.'),
  z.maxLength(200, 'fileId is too long.'),
);
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .int(`${label} must be a whole number.`)
    .check(z.minimum(min, `${label} must be ${min} to ${max}.`), z.maximum(max, `${label} must be ${min} to ${max}.`));

export const UserIdParamsSchema = z.object({ userId: z.uuid('userId must be a UUID.') });
export const FileProgressParamsSchema = z.object({ fileId });
export const ReadingIdParamsSchema = z.object({ id: z.uuid('id must be a UUID.') });

/** Saved per file (core.md §3 readingPreferences); anything unparseable is ignored by the reader (§5). */
export const ReadingPreferencesSchema = z.object({
  zoom: wholeNumber('zoom', ReaderLimits.zoomMin, ReaderLimits.zoomMax),
  theme: z.enum(READER_THEMES, 'theme must be light, dark or sepia.'),
  fontSize: wholeNumber('fontSize', ReaderLimits.fontSizeMin, ReaderLimits.fontSizeMax),
  fontFamily: z.enum(READER_FONT_FAMILIES, 'fontFamily must be serif, sans-serif or monospace.'),
  pageMode: z.enum(READER_PAGE_MODES, 'pageMode must be single or scroll.'),
});
export type ReadingPreferences = z.infer<typeof ReadingPreferencesSchema>;

const PREFERENCES_FORM = 'readingPreferences must be an object or JSON text of one.';

/** JSON text parsed; text that is not JSON is an issue of the field, not a 500. */
const parsedIfText = z.transform<string | Record<string, string | number>, unknown>((value, ctx) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.issues.push({ code: 'custom', message: 'readingPreferences is not valid JSON.', input: value });
    return z.NEVER;
  }
});

/**
 * readingPreferences as a request carries it: core.md §3 and §7 send JSON text, our reader an object; either
 * may leave fields out, which take the defaults (§3). Each field present is checked as the stored form is.
 */
export const ReadingPreferencesInputSchema = z.pipe(
  z.pipe(
    // The object's own fields are checked below; here each value only has to be wire-safe.
    z.union(
      [textInput(PREFERENCES_FORM), z.catchall(z.object({}), z.union([z.number(), textInput()]))],
      PREFERENCES_FORM,
    ),
    parsedIfText,
  ),
  z.pipe(
    z.partial(ReadingPreferencesSchema),
    z.transform((given): ReadingPreferences => ({
      ...DEFAULT_READING_PREFERENCES,
      ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
    })),
  ),
);

/** core.md §3 ReadingProgress; `location` is a reflowed book's place (an EPUB CFI), `percentage` 0–100. */
export const FileProgressSchema = z.object({
  id: z.string(),
  userId: z.string(),
  fileId: z.string(),
  currentPage: z.number(),
  totalPages: z.number(),
  percentage: z.number(),
  location: z.nullable(z.string()),
  lastReadAt: z.string(),
  readingPreferences: z.nullable(ReadingPreferencesSchema),
});
export type FileProgress = z.infer<typeof FileProgressSchema>;

/** core.md §7 POST /api/reading-progress/file. `id` and `userId` are accepted and ignored (the caller is the reader). */
export const SaveFileProgressRequestSchema = z
  .object({
    id: z.optional(z.nullable(textInput('id must be text.'))),
    userId: z.optional(z.nullable(textInput('userId must be text.'))),
    fileId,
    currentPage: wholeNumber('currentPage', 1, ReaderLimits.pagesMax),
    totalPages: wholeNumber('totalPages', 1, ReaderLimits.pagesMax),
    percentage: z.optional(
      z
        .number('percentage must be a number.')
        .check(z.minimum(0, 'percentage must be 0 to 100.'), z.maximum(100, 'percentage must be 0 to 100.')),
    ),
    location: z.optional(
      z.nullable(
        textInput('location must be text.').check(z.maxLength(ReaderLimits.locationMaxLength, 'location is too long.')),
      ),
    ),
    lastReadAt: z.optional(dateInput('lastReadAt', 'instant')),
    readingPreferences: z.optional(z.nullable(ReadingPreferencesInputSchema)),
  })
  .check(
    z.refine((v) => v.currentPage <= v.totalPages, {
      message: 'currentPage must not be after totalPages.',
      path: ['currentPage'],
    }),
  );
export type SaveFileProgressRequest = z.infer<typeof SaveFileProgressRequestSchema>;

/** core.md §3 Bookmark. */
export const BookmarkSchema = z.object({
  id: z.string(),
  fileId: z.string(),
  pageNumber: z.number(),
  note: z.nullable(z.string()),
  location: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Bookmark = z.infer<typeof BookmarkSchema>;
export const BookmarkListSchema = z.array(BookmarkSchema);

export const AddBookmarkRequestSchema = z.object({
  fileId,
  pageNumber: wholeNumber('pageNumber', 1, ReaderLimits.pagesMax),
  /** Trimmed; empty means none (core.md §5). */
  note: z.optional(
    z.nullable(
      textInput('note must be text.').check(
        z.maxLength(ReaderLimits.noteMaxLength, `note must be at most ${ReaderLimits.noteMaxLength} characters.`),
      ),
    ),
  ),
  location: z.optional(
    z.nullable(
      textInput('location must be text.').check(z.maxLength(ReaderLimits.locationMaxLength, 'location is too long.')),
    ),
  ),
  createdAt: z.optional(dateInput('createdAt', 'instant')),
});
export type AddBookmarkRequest = z.infer<typeof AddBookmarkRequestSchema>;

/** core.md §3 ReadingSession: timeSpent in seconds; pagesRead = highest page reached minus the opening page. */
export const ReadingSessionRequestSchema = z
  .object({
    fileId,
    startTime: dateInput('startTime', 'instant'),
    endTime: dateInput('endTime', 'instant'),
    pagesRead: wholeNumber('pagesRead', 0, ReaderLimits.pagesMax),
    timeSpent: wholeNumber('timeSpent', 0, ReaderLimits.sessionMaxSeconds),
  })
  .check(
    z.refine((v) => Date.parse(v.endTime) >= Date.parse(v.startTime), {
      message: 'endTime must not be before startTime.',
      path: ['endTime'],
    }),
  );
export type ReadingSessionRequest = z.infer<typeof ReadingSessionRequestSchema>;

export const ReadingSessionSchema = z.object({
  id: z.string(),
  fileId: z.nullable(z.string()),
  startTime: z.string(),
  endTime: z.string(),
  pagesRead: z.number(),
  timeSpent: z.number(),
});
export type ReadingSession = z.infer<typeof ReadingSessionSchema>;

export const TimeframeQuerySchema = z.object({
  timeframe: z.optional(z.enum(STATS_TIMEFRAMES, 'timeframe must be week, month, year or all.')),
});
export type TimeframeQuery = z.infer<typeof TimeframeQuerySchema>;

/** core.md §3 ReadingStats: seconds, pages, pages per hour, HH:00. */
export const ReadingStatsSchema = z.object({
  totalTimeSpent: z.number(),
  totalPagesRead: z.number(),
  averageReadingSpeed: z.number(),
  sessionsCount: z.number(),
  lastReadAt: z.nullable(z.string()),
  streakDays: z.number(),
  favoriteReadingTime: z.string(),
});
export type ReadingStats = z.infer<typeof ReadingStatsSchema>;

/** Pages and minutes per day of the timeframe, in the reader's zone, for the charts; days with none are absent. */
export const ReadingActivitySchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ day: z.string(), pagesRead: z.number(), minutes: z.number(), sessions: z.number() })),
});
export type ReadingActivity = z.infer<typeof ReadingActivitySchema>;

/** core.md §3 ReadingGoal (file reading). */
export const ReadingGoalSchema = z.object({
  id: z.string(),
  type: z.enum(GOAL_TYPES),
  target: z.number(),
  progress: z.number(),
  unit: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCompleted: z.boolean(),
});
export type ReadingGoal = z.infer<typeof ReadingGoalSchema>;
export const ReadingGoalListSchema = z.array(ReadingGoalSchema);

/** core.md §7: goal fields plus startDate, endDate, progress 0 and isCompleted false (both accepted, both ignored). */
export const CreateReadingGoalRequestSchema = z
  .object({
    type: z.enum(GOAL_TYPES, 'type must be books, pages or minutes.'),
    target: wholeNumber('target', 1, ReaderLimits.goalTargetMax),
    unit: z.optional(textInput('unit must be text.').check(z.trim(), z.maxLength(30, 'unit is too long.'))),
    startDate: dateInput('startDate', 'day'),
    endDate: dateInput('endDate', 'day'),
    progress: z.optional(z.number('progress must be a number.')),
    isCompleted: z.optional(z.boolean('isCompleted must be true or false.')),
  })
  .check(
    z.refine((v) => v.endDate >= v.startDate, { message: 'endDate must not be before startDate.', path: ['endDate'] }),
  );
export type CreateReadingGoalRequest = z.infer<typeof CreateReadingGoalRequestSchema>;

export const UpdateGoalProgressRequestSchema = z.object({
  progress: wholeNumber('progress', 0, ReaderLimits.goalTargetMax),
});
export type UpdateGoalProgressRequest = z.infer<typeof UpdateGoalProgressRequestSchema>;

export const AchievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  progress: z.number(),
  target: z.number(),
  unlockedAt: z.optional(z.string()),
});
export type Achievement = z.infer<typeof AchievementSchema>;

/** core.md §3 Achievements payload. */
export const AchievementsSchema = z.object({
  currentStreak: z.number(),
  longestStreak: z.number(),
  totalDaysRead: z.number(),
  achievements: z.array(AchievementSchema),
});
export type Achievements = z.infer<typeof AchievementsSchema>;

export const ReadingExportQuerySchema = z.object({
  format: z.optional(z.enum(READING_EXPORT_FORMATS, 'format must be json or csv.')),
});

/** The JSON export: everything the reader's progress holds. */
export const ReadingExportSchema = z.object({
  exportedAt: z.string(),
  timeZone: z.string(),
  stats: ReadingStatsSchema,
  progress: z.array(FileProgressSchema),
  bookmarks: z.array(BookmarkSchema),
  sessions: z.array(ReadingSessionSchema),
  goals: ReadingGoalListSchema,
  achievements: AchievementsSchema,
});
export type ReadingExport = z.infer<typeof ReadingExportSchema>;

/** The reader's time zone: null until chosen, then the browser's zone is used (sent as a header). */
export const ReadingSettingsSchema = z.object({ timeZone: z.nullable(z.string()) });
export type ReadingSettings = z.infer<typeof ReadingSettingsSchema>;
export const UpdateReadingSettingsRequestSchema = z.object({
  timeZone: z.nullable(
    textInput(ReadingMessages.invalidTimeZone).check(z.refine(isKnownTimeZone, ReadingMessages.invalidTimeZone)),
  ),
});
export type UpdateReadingSettingsRequest = z.infer<typeof UpdateReadingSettingsRequestSchema>;

/** The browser's zone, sent with reading requests, used while the reader has not chosen one. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** PUT /api/cloud-drives/files/{id}/book: links (or with null unlinks) a library book to a file, per reader. */
export const LinkFileBookRequestSchema = z.object({
  bookId: z.nullable(z.uuid('bookId must be a UUID.')),
});
export type LinkFileBookRequest = z.infer<typeof LinkFileBookRequestSchema>;
export const FileBookLinkSchema = z.object({ fileId: z.string(), bookId: z.nullable(z.string()) });
export type FileBookLink = z.infer<typeof FileBookLinkSchema>;
