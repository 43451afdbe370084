import { useQuery } from '@tanstack/react-query';
import { accountsQueryOptions } from '../../../../lib/accounts';

/** Account id → name for the account filter; empty until the list arrives (the filter then shows ids). */
export function useAccountNames(): ReadonlyMap<string, string> {
  const { data } = useQuery({
    ...accountsQueryOptions(),
    select: (accounts) => new Map(accounts.map((account) => [account.id, account.name])),
  });
  return data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, string> = new Map();
