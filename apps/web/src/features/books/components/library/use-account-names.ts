import { AccountPaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/*
 * The account filter names accounts by GET /api/accounts, read under the accounts feature's own cache key
 * (['accounts']) so one request serves both and Manage Accounts' changes show at once. Features may not import
 * each other, hence this small reader rather than an import of accounts/api/use-accounts.
 */
const ACCOUNTS_KEY = ['accounts'] as const;

const loadSchema = () => import('./account-list-schema').then((m) => m.AccountListSchema);

/** Account id → name; empty until the list arrives (the filter then shows ids). */
export function useAccountNames(): ReadonlyMap<string, string> {
  const { data } = useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: ({ signal }) => api(AccountPaths.list, loadSchema, { signal }),
    select: (accounts) => new Map(accounts.map((account) => [account.id, account.name])),
  });
  return data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, string> = new Map();
