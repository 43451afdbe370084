import { AuthPaths, type AuthProvider } from '@bookshelf/contract';

/** Spec core.md §7: the provider and the time a social sign-in started are kept in session storage. */
export const OAUTH_PROVIDER_KEY = 'oauth_provider';
export const OAUTH_STARTED_AT_KEY = 'oauth_timestamp';

// Session storage may be unavailable (private modes, disabled storage); sign-in must still work.
function tryStorage(action: (storage: Storage) => void) {
  try {
    action(window.sessionStorage);
  } catch {
    /* nothing to remember then */
  }
}

/** Leaves the app for the provider's consent page; the server brings the browser back to /auth/callback. */
export function startOAuth(provider: AuthProvider) {
  tryStorage((storage) => {
    storage.setItem(OAUTH_PROVIDER_KEY, provider);
    storage.setItem(OAUTH_STARTED_AT_KEY, String(Date.now()));
  });
  window.location.assign(AuthPaths.start(provider));
}

export function clearOAuthAttempt() {
  tryStorage((storage) => {
    storage.removeItem(OAUTH_PROVIDER_KEY);
    storage.removeItem(OAUTH_STARTED_AT_KEY);
  });
}
