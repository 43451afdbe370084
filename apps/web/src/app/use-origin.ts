import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router';

/** Router state carried to Book Details so its Back button returns where the reader came from (core.md §2). */
export interface OriginState {
  originPath: string;
  originName: string;
}

export const DEFAULT_ORIGIN = { backPath: '/books', backLabel: 'Library' } as const;

/** The state to pass on a `<Link state>` or a navigate call. */
export const withOrigin = (originPath: string, originName: string): OriginState => ({ originPath, originName });

export function navigateWithOrigin(navigate: NavigateFunction, to: string, origin: OriginState): void {
  void navigate(to, { state: origin });
}

/** Navigates to `to`, remembering the current page (path and query) under the name `originName`. */
export function useNavigateWithOrigin(): (to: string, originName: string) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (to: string, originName: string) => navigateWithOrigin(navigate, to, withOrigin(pathname + search, originName)),
    [navigate, pathname, search],
  );
}

/** Only a path inside the app: history state can be set by any script on the page, so it is not trusted. */
const isAppPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

/** Where Back goes and what it says: the origin passed by the previous page, else the library. */
export function useOriginBack(): { backPath: string; backLabel: string } {
  const state: unknown = useLocation().state;
  if (typeof state === 'object' && state !== null) {
    const { originPath, originName } = state as Partial<Record<keyof OriginState, unknown>>;
    if (isAppPath(originPath) && typeof originName === 'string' && originName.trim()) {
      return { backPath: originPath, backLabel: originName };
    }
  }
  return DEFAULT_ORIGIN;
}
