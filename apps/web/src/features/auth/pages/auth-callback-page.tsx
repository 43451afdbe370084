import { OAUTH_FAILURE_MESSAGES, oauthFailureMessage } from '@bookshelf/contract';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { refreshMe } from '../../../lib/session';
import { clearOAuthAttempt } from '../lib/oauth-attempt';

/** Spec core.md §2, session-based variant: success waits 1 s before the dashboard, failure 3 s before home. */
export const SUCCESS_REDIRECT_MS = 1_000;
export const FAILURE_REDIRECT_MS = 3_000;

type Outcome = { kind: 'pending' } | { kind: 'success'; name: string } | { kind: 'failure'; message: string };

/** Where the server sends the browser back after a social sign-in (or after linking a provider). */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get('error');
  const success = params.get('success') === 'true';
  // A provider error (or no success flag at all) is known from the address alone; only success needs a check.
  const failure = error !== null ? oauthFailureMessage(error) : success ? null : OAUTH_FAILURE_MESSAGES.unknown;
  const [checked, setChecked] = useState<Outcome>({ kind: 'pending' });
  const outcome: Outcome = failure !== null ? { kind: 'failure', message: failure } : checked;

  useEffect(() => {
    clearOAuthAttempt();
    if (failure !== null) return;
    let active = true;
    // The session cookie was just set by the server: whatever the cache held about "me" is stale.
    void refreshMe({ fresh: true })
      .then(
        (me): Outcome =>
          me ? { kind: 'success', name: me.name } : { kind: 'failure', message: OAUTH_FAILURE_MESSAGES.no_user_data },
        (cause: unknown): Outcome => ({ kind: 'failure', message: errorMessage(cause) }),
      )
      .then((next) => {
        if (active) setChecked(next);
      });
    return () => {
      active = false;
    };
  }, [failure]);

  const redirect = outcome.kind === 'pending' ? null : outcome.kind;
  useEffect(() => {
    if (redirect === null) return;
    const [to, delay] = redirect === 'success' ? ['/dashboard', SUCCESS_REDIRECT_MS] : ['/', FAILURE_REDIRECT_MS];
    const timer = setTimeout(() => void navigate(to, { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [redirect, navigate]);

  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      {outcome.kind === 'pending' && (
        <div role="status" className="flex flex-col items-center gap-3">
          <LoaderCircle aria-hidden className="size-8 animate-spin text-indigo-600 dark:text-indigo-400" />
          <p className="text-lg font-medium">Completing sign in...</p>
        </div>
      )}
      {outcome.kind === 'success' && (
        <div role="status" className="flex flex-col items-center gap-3">
          <CircleCheck aria-hidden className="size-8 text-green-600 dark:text-green-400" />
          <h1 className="text-xl font-semibold">Signed in successfully</h1>
          <p className="text-gray-600 dark:text-gray-400">Welcome, {outcome.name}! Taking you to your dashboard...</p>
        </div>
      )}
      {outcome.kind === 'failure' && (
        <div role="alert" className="flex flex-col items-center gap-3">
          <CircleAlert aria-hidden className="size-8 text-red-600 dark:text-red-400" />
          <h1 className="text-xl font-semibold">Authentication Failed</h1>
          <p className="text-gray-600 dark:text-gray-400">{outcome.message}</p>
          <p className="text-sm text-gray-500 dark:text-gray-500">Returning to the home page...</p>
        </div>
      )}
    </section>
  );
}
