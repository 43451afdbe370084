import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches, live. `fallback` answers where matchMedia does not exist (tests, old engines). */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => globalThis.matchMedia?.(query).matches ?? fallback;
  return useSyncExternalStore(subscribe, matches, () => fallback);
}
