import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps this tab's live-event stream open while the signed-in app is mounted. The stream's code loads after
 * the first render: nothing on the first screen waits for it, so it stays out of the first download.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('./live-events-cache').then(({ connectToCache }) => {
      if (!unmounted) stop = connectToCache(queryClient);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient]);
}
