/** Accounts: the stores and services a book was bought through (spec core.md §2–5, §9). No zod. */

import type { AccountCurrency } from './currency.js';
import { DEFAULT_ACCOUNT_ID } from './book-rules.js';

export const ACCOUNT_TYPES = [
  'amazon',
  'audible',
  'kindle',
  'apple-books',
  'google-play',
  'kobo',
  'barnes-noble',
  'local-bookstore',
  'library',
  'other',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  amazon: 'Amazon',
  audible: 'Audible',
  kindle: 'Kindle',
  'apple-books': 'Apple Books',
  'google-play': 'Google Play Books',
  kobo: 'Kobo',
  'barnes-noble': 'Barnes & Noble',
  'local-bookstore': 'Local Bookstore',
  library: 'Library',
  other: 'Other',
};

/** The built-in account (core.md §3): it always exists and cannot be deleted. */
export const DEFAULT_ACCOUNT = {
  id: DEFAULT_ACCOUNT_ID,
  name: 'Personal Collection',
  type: 'other' as AccountType,
  isActive: true,
  settings: { defaultCurrency: 'USD' as AccountCurrency, autoSync: false, notifications: true },
};

export const AccountLimits = { nameMax: 100, customTypeMax: 100, descriptionMax: 1000, emailMax: 254 } as const;

export const AccountMessages = {
  nameRequired: 'Account name is required.',
  typeRequired: 'Account type is required.',
  customTypeRequired: 'Custom account type is required when type is Other.',
  invalidEmail: 'Account email must be a valid e-mail address.',
  /** core.md §5, word for word. */
  deleteConfirm: 'Are you sure you want to delete this account? This action cannot be undone.',
  defaultUndeletable: 'The Personal Collection account cannot be deleted.',
  defaultAlwaysActive: 'The Personal Collection account is always active.',
  notFound: 'Account not found.',
  inactive: 'This account is inactive; choose an active account.',
} as const;

/** core.md §5: customType is kept only when the type is other. */
export function customTypeFor(type: AccountType, customType: string | null | undefined): string | null {
  return type === 'other' ? customType?.trim() || null : null;
}

/** The API paths of accounts (zod-free, see BookPaths). */
export const AccountPaths = {
  list: '/api/accounts',
  one: (id: string) => `/api/accounts/${encodeURIComponent(id)}`,
} as const;
