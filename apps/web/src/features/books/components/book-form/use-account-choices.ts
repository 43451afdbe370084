import { DEFAULT_ACCOUNT, type Account } from '@bookshelf/contract';
import { useAccounts } from '../../../../lib/accounts';

export interface AccountChoice {
  id: string;
  name: string;
  active: boolean;
}

/** Active accounts (core.md §4), plus `currentId` when it is an inactive one, so an edit never loses it. */
export function useAccountChoices(currentId: string) {
  const query = useAccounts();
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
