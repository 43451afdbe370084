import { useAccounts } from '../../../../lib/accounts';

/** The name of the account a book belongs to (its id until the list arrives). */
export function useAccountName(accountId: string): string | undefined {
  const { data } = useAccounts();
  if (!data) return undefined;
  return data.find((account) => account.id === accountId)?.name ?? accountId;
}
