/*
 * The Reading Progress screen's response schemas, loaded by the fetchers on the first answer (development and
 * tests), so zod stays out of the screen's first download.
 */
export {
  AchievementsSchema,
  ReadingActivitySchema,
  ReadingGoalListSchema,
  ReadingGoalSchema,
  ReadingSettingsSchema,
  ReadingStatsSchema,
} from '@bookshelf/contract';
