import { z } from 'zod/mini';

/** Accounts on the wire (spec core.md §2–5): the Manage Accounts dialog and the book form's account picker. */

import { ACCOUNT_TYPES, AccountLimits, AccountMessages } from './account-rules.js';
import { ACCOUNT_CURRENCIES } from './currency.js';
import { textInput } from './wire-values.js';

export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export const AccountCurrencySchema = z.enum(ACCOUNT_CURRENCIES);

export const AccountSettingsSchema = z.object({
  defaultCurrency: AccountCurrencySchema,
  autoSync: z.boolean(),
  notifications: z.boolean(),
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

export const AccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: AccountTypeSchema,
  customType: z.nullable(z.string()),
  email: z.nullable(z.string()),
  description: z.nullable(z.string()),
  isActive: z.boolean(),
  dateAdded: z.string(),
  /** When a book was last added to it. */
  lastUsed: z.nullable(z.string()),
  settings: AccountSettingsSchema,
  /** The built-in Personal Collection. */
  isDefault: z.boolean(),
  bookCount: z.number(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountListSchema = z.array(AccountSchema);
export type AccountList = z.infer<typeof AccountListSchema>;

const optionalText = (label: string, max: number) =>
  z.optional(z.nullable(textInput().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters.`))));

const accountFields = {
  name: textInput(AccountMessages.nameRequired).check(
    z.trim(),
    z.minLength(1, AccountMessages.nameRequired),
    z.maxLength(AccountLimits.nameMax, `Account name must be at most ${AccountLimits.nameMax} characters.`),
  ),
  type: z.enum(ACCOUNT_TYPES, AccountMessages.typeRequired),
  customType: optionalText('Custom account type', AccountLimits.customTypeMax),
  email: z.optional(
    z.nullable(
      textInput().check(
        z.trim(),
        z.maxLength(AccountLimits.emailMax, AccountMessages.invalidEmail),
        z.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, AccountMessages.invalidEmail),
      ),
    ),
  ),
  description: optionalText('Description', AccountLimits.descriptionMax),
  isActive: z.optional(z.boolean()),
  settings: z.optional(z.partial(AccountSettingsSchema)),
};

export const CreateAccountRequestSchema = z.object(accountFields).check(
  z.refine((a) => a.type !== 'other' || Boolean(a.customType?.trim()), {
    message: AccountMessages.customTypeRequired,
    path: ['customType'],
  }),
);
export type CreateAccountRequest = z.input<typeof CreateAccountRequestSchema>;

export const UpdateAccountRequestSchema = z.partial(z.object(accountFields));
export type UpdateAccountRequest = z.input<typeof UpdateAccountRequestSchema>;

export const DeleteAccountResponseSchema = z.object({
  /** How many books moved to the Personal Collection. */
  movedBooks: z.number(),
});
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponseSchema>;
