import { AccountPaths, type CreateAccountRequest, type UpdateAccountRequest } from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ACCOUNTS_QUERY_KEY } from './use-accounts';

const loadAccount = () => import('./schemas').then((m) => m.AccountSchema);

export const createAccount = (body: CreateAccountRequest) =>
  api(AccountPaths.list, loadAccount, { method: 'POST', body });

export const updateAccount = ({ id, changes }: { id: string; changes: UpdateAccountRequest }) =>
  api(AccountPaths.one(id), loadAccount, { method: 'PATCH', body: changes });

/** Deleting moves the account's books to the Personal Collection; the answer says how many moved. */
export const deleteAccount = (id: string) =>
  api(AccountPaths.one(id), () => import('./schemas').then((m) => m.DeleteAccountResponseSchema), {
    method: 'DELETE',
  });

function useAccountsMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Books show their account and a deletion moves books, so the library refreshes too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['books'] }),
      ]),
  });
}

export const useCreateAccount = () => useAccountsMutation(createAccount);
export const useUpdateAccount = () => useAccountsMutation(updateAccount);
export const useDeleteAccount = () => useAccountsMutation(deleteAccount);
