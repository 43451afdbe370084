import { CloudDriveLimits } from '@bookshelf/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';

/** What the provider's redirect carries, as the message for the opener (see use-connect-drive.ts). */
export function popupResult(search: string, provider: string) {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error_description') ?? params.get('error');
  if (error || !code || !state) {
    return { type: 'OAUTH_ERROR' as const, error: error ?? 'The drive did not send an authorisation code.' };
  }
  return { type: 'OAUTH_SUCCESS' as const, code, state, provider };
}

/**
 * The popup page a drive's sign-in returns to (core.md §2 `/oauth/callback/{provider}`): it hands the code (or
 * the error) to the page that opened it, on this origin only, and closes itself. No shell, no session needed:
 * it renders the same signed in or out.
 */
export function DriveOAuthPopupPage() {
  const { provider = '' } = useParams();
  const { search } = useLocation();
  const sent = useRef(false);
  // Opened on its own (a bookmark, a reload after the app went away): nobody to tell.
  const [orphan] = useState(() => !window.opener);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const opener = window.opener as Window | null;
    if (!opener) return;
    opener.postMessage(popupResult(search, provider), window.location.origin);
    // Not cleared on unmount: the message is sent once (StrictMode runs effects twice), and so must the close be.
    setTimeout(() => window.close(), CloudDriveLimits.popupCloseMs);
  }, [provider, search]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      {orphan ? (
        <p role="status">This window is no longer needed. You can close it.</p>
      ) : (
        <>
          <span
            aria-hidden
            className="size-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600 motion-reduce:animate-none dark:border-indigo-900 dark:border-t-indigo-400"
          />
          <p role="status" className="text-lg font-medium">
            Authentication in progress...
          </p>
        </>
      )}
    </main>
  );
}
