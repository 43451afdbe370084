import {
  AccountMessages,
  customTypeFor,
  DEFAULT_ACCOUNT,
  DEFAULT_ACCOUNT_ID,
  DEFAULT_CURRENCY,
  ErrorCode,
  type Account,
  type AccountCurrency,
  type AccountType,
  type CreateAccountRequest,
  type UpdateAccountRequest,
} from '@bookshelf/contract';
import { ownedPrivately, type Access, type AccessPolicy } from '../../platform/access/access.js';
import type { AccountRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { AccountsRepository, AccountValues, AccountWithUsage } from './accounts.repository.js';

const invalid = (message: string) => new AppError(400, ErrorCode.validation, message);
const clean = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Accounts are their owner's alone. Their ids are per user (every user has a `default-personal`), so they are
 * looked up within the caller's library and the rule then sees only the caller's own or nothing.
 */
const accountAccess: AccessPolicy<Pick<AccountRow, 'userId'>> = {
  resource: (account) => ownedPrivately(account.userId),
  notFound: AccountMessages.notFound,
};

/** New accounts price in the app's default currency (core.md §9); the built-in one keeps its USD. */
const NEW_ACCOUNT_SETTINGS = {
  defaultCurrency: DEFAULT_CURRENCY as AccountCurrency,
  autoSync: DEFAULT_ACCOUNT.settings.autoSync,
  notifications: DEFAULT_ACCOUNT.settings.notifications,
};

function toAccount(row: AccountWithUsage): Account {
  return {
    id: row.id,
    name: row.name,
    type: row.type as AccountType,
    customType: row.customType,
    email: row.email,
    description: row.description,
    isActive: row.isActive,
    dateAdded: row.dateAdded.toISOString(),
    lastUsed: row.lastUsed?.toISOString() ?? null,
    settings: row.settings,
    isDefault: row.id === DEFAULT_ACCOUNT_ID,
    bookCount: row.bookCount,
  };
}

export function createAccountsService({ accounts, access }: { accounts: AccountsRepository; access: Access }) {
  const mustFind = async (userId: string, id: string) =>
    access.requireVisible({ userId }, await accounts.find(userId, id), accountAccess);

  return {
    async list(userId: string): Promise<Account[]> {
      return (await accounts.list(userId)).map(toAccount);
    },

    async create(userId: string, input: CreateAccountRequest): Promise<Account> {
      const values: AccountValues = {
        name: input.name.trim(),
        type: input.type,
        customType: customTypeFor(input.type, input.customType),
        email: clean(input.email),
        description: clean(input.description),
        isActive: input.isActive ?? true,
        settings: { ...NEW_ACCOUNT_SETTINGS, ...input.settings },
      };
      return toAccount(await mustFind(userId, await accounts.insert(userId, values)));
    },

    async update(userId: string, id: string, input: UpdateAccountRequest): Promise<Account> {
      if (id === DEFAULT_ACCOUNT_ID && input.isActive === false) throw invalid(AccountMessages.defaultAlwaysActive);
      await accounts.update(userId, id, async (found) => {
        const current = await access.requireChangeable({ userId }, found, accountAccess);
        const type = input.type ?? (current.type as AccountType);
        const customType = customTypeFor(type, input.customType !== undefined ? input.customType : current.customType);
        if (type === 'other' && !customType && id !== DEFAULT_ACCOUNT_ID)
          throw invalid(AccountMessages.customTypeRequired);
        const values: Partial<AccountValues> = { type, customType };
        if (input.name !== undefined) values.name = input.name.trim();
        if (input.email !== undefined) values.email = clean(input.email);
        if (input.description !== undefined) values.description = clean(input.description);
        if (input.isActive !== undefined) values.isActive = input.isActive;
        if (input.settings !== undefined) values.settings = { ...current.settings, ...input.settings };
        return values;
      });
      return toAccount(await mustFind(userId, id));
    },

    /** core.md §4: the default account cannot be deleted; the others' books move to it, nothing is lost. */
    async remove(userId: string, id: string): Promise<{ movedBooks: number }> {
      if (id === DEFAULT_ACCOUNT_ID) throw invalid(AccountMessages.defaultUndeletable);
      const moved = await accounts.delete(userId, id, (found) =>
        access.requireChangeable({ userId }, found, accountAccess),
      );
      return { movedBooks: moved };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
