import { AccountPaths, DEFAULT_ACCOUNT, type Account } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/*
 * The account picker reads GET /api/accounts under the accounts feature's own cache key (['accounts']), so
 * the Manage Accounts dialog's changes show here at once. Features may not import each other, hence this
 * small reader of the same endpoint rather than an import of accounts/api/use-accounts.
 */
const ACCOUNTS_KEY = ['accounts'] as const;

export interface AccountChoice {
  id: string;
  name: string;
  active: boolean;
}

/** Active accounts (core.md §4), plus `currentId` when it is an inactive one, so an edit never loses it. */
export function useAccountChoices(currentId: string) {
  const query = useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: ({ signal }) =>
      api(AccountPaths.list, () => import('./account-schema').then((m) => m.AccountListSchema), { signal }),
  });
  const accounts: Account[] = query.data ?? [];
  const choices: AccountChoice[] = accounts
    .filter((a) => a.isActive || a.id === currentId)
    .map((a) => ({ id: a.id, name: a.name, active: a.isActive }));
  if (!choices.some((c) => c.id === DEFAULT_ACCOUNT.id) && (query.isPending || query.isError)) {
    // Until the list arrives the Personal Collection, which always exists, is the one choice.
    choices.unshift({ id: DEFAULT_ACCOUNT.id, name: DEFAULT_ACCOUNT.name, active: true });
  }
  return { choices, isPending: query.isPending, error: query.error };
}
