// Loaded on demand (where answers are checked, see VALIDATE_RESPONSES): zod stays out of first downloads.
export { CustomPlatformListSchema, MoneyPreferencesSchema, RatesSchema } from '@bookshelf/contract';
