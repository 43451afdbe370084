import { MoneyPaths, type CustomPlatform, type MoneyPreferences } from '@bookshelf/contract';
import { z } from 'zod/mini';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { moneyKeys } from './use-money-preferences';

const loadListSchema = () => import('./money-schemas').then((m) => m.CustomPlatformListSchema);

/**
 * Adds a platform of the reader's own (core.md §5: only if not already present; the server decides, in any
 * case). The book form calls it after a book with a custom platform is saved.
 */
export function useAddCustomPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: CustomPlatform) =>
      api(MoneyPaths.platforms, loadListSchema, { method: 'POST', body: platform }),
    onSuccess: ({ customPlatforms }) =>
      queryClient.setQueryData<MoneyPreferences>(moneyKeys.preferences, (before) =>
        before ? { ...before, customPlatforms } : before,
      ),
  });
}

export function useRemoveCustomPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api(MoneyPaths.platform.replace('{name}', encodeURIComponent(name)), z.undefined(), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.preferences }),
  });
}
