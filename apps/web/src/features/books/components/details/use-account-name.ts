import { AccountListSchema, AccountPaths } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/**
 * The name of the account a book belongs to. Features do not import each other, so this reads GET
 * /api/accounts itself, under the accounts feature's query key (['accounts']) to share its cache.
 */
export function useAccountName(accountId: string): string | undefined {
  const { data } = useQuery({
    queryKey: ['accounts'],
    queryFn: ({ signal }) => api(AccountPaths.list, AccountListSchema, { signal }),
  });
  if (!data) return undefined;
  return data.find((account) => account.id === accountId)?.name ?? accountId;
}
