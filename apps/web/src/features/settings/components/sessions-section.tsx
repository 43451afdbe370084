import type { SessionInfo } from '@bookshelf/contract';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import { ErrorBox } from '../../../components/ui/error-box';
import { dangerButtonClass, smallButtonClass } from '../../../components/ui/form-styles';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useRevokeOtherSessions } from '../api/use-revoke-other-sessions';
import { useRevokeSession } from '../api/use-revoke-session';
import { useSessions } from '../api/use-sessions';
import { describeUserAgent } from '../lib/describe-user-agent';
import { relativeTime } from '../lib/relative-time';
import { LoadError, LoadingRows } from './query-status';
import { SettingsSection } from './settings-section';

// This device first, then the most recently active.
const byRelevance = (a: SessionInfo, b: SessionInfo) =>
  Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const items = [...(sessions.data?.items ?? [])].sort(byRelevance);
  const others = items.filter((s) => !s.current).length;
  const actionError = revoke.error ?? revokeOthers.error;

  function signOutOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setConfirming(false);
        toast.success('Signed out other sessions', `${plural(revoked, 'session was', 'sessions were')} signed out.`);
      },
    });
  }

  return (
    <SettingsSection title="Sessions" description="Devices and browsers signed in to your account.">
      {sessions.isPending ? (
        <LoadingRows />
      ) : sessions.isError ? (
        <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <div className="space-y-4">
          {actionError && <ErrorBox message={errorMessage(actionError)} />}
          <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {items.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={revoke.isPending && revoke.variables === session.id}
                onSignOut={() => revoke.mutate(session.id, { onSuccess: () => toast.success('Session signed out') })}
              />
            ))}
          </ul>
          {others > 0 &&
            (confirming ? (
              <div
                role="group"
                aria-label="Confirm signing out all other sessions"
                className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950/40"
              >
                <p className="flex-1">
                  Sign out {plural(others, 'other session', 'other sessions')}? They will need to sign in again.
                </p>
                <button
                  type="button"
                  className={dangerButtonClass}
                  onClick={signOutOthers}
                  disabled={revokeOthers.isPending}
                >
                  {revokeOthers.isPending ? 'Signing out...' : 'Yes, sign out all'}
                </button>
                <button
                  type="button"
                  className={smallButtonClass}
                  onClick={() => setConfirming(false)}
                  disabled={revokeOthers.isPending}
                >
                  Cancel
                </button>
              </div>
            ) : (
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => {
                  revokeOthers.reset();
                  setConfirming(true);
                }}
              >
                Sign out all other sessions
              </button>
            ))}
        </div>
      )}
    </SettingsSection>
  );
}

interface SessionRowProps {
  session: SessionInfo;
  busy: boolean;
  onSignOut: () => void;
}

function SessionRow({ session, busy, onSignOut }: SessionRowProps) {
  const device = describeUserAgent(session.userAgent);
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Monitor aria-hidden className="size-5 shrink-0 text-gray-500 dark:text-gray-400" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {session.current && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-300">
              This device
            </span>
          )}
        </p>
        <p className="text-gray-600 dark:text-gray-400">
          {[
            session.ip,
            `Active ${relativeTime(session.lastSeenAt)}`,
            session.persistent ? 'Remembered' : 'Until the browser closes',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className={smallButtonClass}
          onClick={onSignOut}
          disabled={busy}
          aria-label={`Sign out ${device}`}
        >
          {busy ? 'Signing out...' : 'Sign out'}
        </button>
      )}
    </li>
  );
}
