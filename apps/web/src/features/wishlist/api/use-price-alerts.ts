import { WishlistPaths, type CreatePriceAlertRequest } from '@bookshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wishlistKeys } from './query-keys';

const loadListSchema = () => import('./schemas').then((m) => m.PriceAlertListSchema);
const loadAlertSchema = () => import('./schemas').then((m) => m.SavedPriceAlertSchema);
const loadNothing = () => import('zod/mini').then(({ z }) => z.undefined());

export const usePriceAlerts = () =>
  useQuery({
    queryKey: wishlistKeys.alerts(),
    queryFn: ({ signal }) => api(WishlistPaths.alerts, loadListSchema, { signal }),
  });

export function useCreatePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePriceAlertRequest) => api(WishlistPaths.alerts, loadAlertSchema, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.alerts() }),
  });
}

export function useDeletePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(WishlistPaths.alert(id), loadNothing, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.alerts() }),
  });
}
