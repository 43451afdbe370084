import {
  ACCOUNT_CURRENCIES,
  AccountMessages,
  customTypeFor,
  DEFAULT_CURRENCY,
  type Account,
  type AccountCurrency,
  type AccountType,
  type CreateAccountRequest,
} from '@bookshelf/contract';

export interface AccountFormValues {
  name: string;
  type: AccountType | '';
  customType: string;
  email: string;
  description: string;
  isActive: boolean;
  defaultCurrency: AccountCurrency;
  autoSync: boolean;
  notifications: boolean;
}

const defaultCurrency: AccountCurrency = (ACCOUNT_CURRENCIES as readonly string[]).includes(DEFAULT_CURRENCY)
  ? (DEFAULT_CURRENCY as AccountCurrency)
  : 'USD';

/** A new account: active, with notifications on and auto sync off (as the built-in one, core.md §3). */
export const emptyAccountFormValues = (): AccountFormValues => ({
  name: '',
  type: '',
  customType: '',
  email: '',
  description: '',
  isActive: true,
  defaultCurrency,
  autoSync: false,
  notifications: true,
});

export const accountToFormValues = (account: Account): AccountFormValues => ({
  name: account.name,
  type: account.type,
  customType: account.customType ?? '',
  email: account.email ?? '',
  description: account.description ?? '',
  isActive: account.isActive,
  defaultCurrency: account.settings.defaultCurrency,
  autoSync: account.settings.autoSync,
  notifications: account.settings.notifications,
});

/** The request body; the custom type is kept only for type other (core.md §5). */
export function accountFormToRequest(values: AccountFormValues): CreateAccountRequest {
  const type = values.type || 'other';
  return {
    name: values.name.trim(),
    type,
    customType: customTypeFor(type, values.customType),
    email: values.email.trim() || null,
    description: values.description.trim() || null,
    isActive: values.isActive,
    settings: {
      defaultCurrency: values.defaultCurrency,
      autoSync: values.autoSync,
      notifications: values.notifications,
    },
  };
}

/** core.md §5 checks, with the contract's messages (the server's own). */
export const accountFormRules = {
  name: (name: string) => name.trim() !== '' || AccountMessages.nameRequired,
  type: (type: string) => type !== '' || AccountMessages.typeRequired,
  customType: (customType: string, type: string) =>
    type !== 'other' || customType.trim() !== '' || AccountMessages.customTypeRequired,
  email: (email: string) =>
    email.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) || AccountMessages.invalidEmail,
};

/** The sentence under the delete question, when the account has books to move. */
export const movedBooksLine = (count: number) =>
  `${count} ${count === 1 ? 'book' : 'books'} will move to Personal Collection.`;

/** "Invalid body.email: …" names the field the server refused. */
export function serverFieldOf(message: string): { field: string; message: string } | null {
  const match = /^Invalid body\.(\w+)(?:\.[\w.]+)?: (.+)$/.exec(message);
  return match ? { field: match[1]!, message: match[2]! } : null;
}
