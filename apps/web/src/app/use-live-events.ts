import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterFirstScreen } from '../lib/after-first-screen';

/**
 * Keeps this tab's live-event stream open while the signed-in app is mounted. The stream's code loads and the
 * stream opens once the first screen has its data (lib/after-first-screen.ts): nothing on it waits for them,
 * so on a slow phone they stay out of its downloads.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    const cancel = afterFirstScreen(queryClient, () => {
      void import('./live-events-cache').then(({ connectToCache }) => {
        if (!unmounted) stop = connectToCache(queryClient);
      });
    });
    return () => {
      unmounted = true;
      cancel();
      stop?.();
    };
  }, [queryClient]);
}
