import {
  CloudDriveLimits,
  CloudDriveMessages,
  CloudDrivePaths,
  DRIVE_PROVIDER_LABELS,
  type CloudProvider,
} from '@bookshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { fillPath } from './paths';
import { cloudDriveKeys } from './query-keys';

const loadConnectionSchema = () => import('./schemas').then((m) => m.CloudConnectionSchema);

/** How often the page looks whether the popup was closed by hand (core.md §4 "Drive connect flow"). */
export const POPUP_POLL_MS = 500;

export const CONNECT_FAILED = 'Failed to connect drive';

/** What the popup page (/oauth/callback/{provider}) posts to the page that opened it. */
export type OAuthPopupMessage =
  { type: 'OAUTH_SUCCESS'; code: string; state: string; provider: string } | { type: 'OAUTH_ERROR'; error: string };

function popupMessage(data: unknown): OAuthPopupMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'OAUTH_SUCCESS' && typeof message.code === 'string' && typeof message.state === 'string') {
    return { type: 'OAUTH_SUCCESS', code: message.code, state: message.state, provider: String(message.provider) };
  }
  if (message.type === 'OAUTH_ERROR') {
    return { type: 'OAUTH_ERROR', error: typeof message.error === 'string' ? message.error : 'Unknown error' };
  }
  return null;
}

/** A 500×600 popup centred over this window. */
function popupFeatures(): string {
  const { popupWidth: width, popupHeight: height } = CloudDriveLimits;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

/**
 * Connects a drive through the provider's sign-in in a popup (core.md §4 "Drive connect flow"): the popup starts
 * on the server's connect path, comes back to /oauth/callback/{provider}, and posts the code here. Only a message
 * from this origin and from that very popup is taken; the server then swaps the code (checking the state) and
 * starts the drive's first sync.
 */
export function useConnectDrive() {
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState<CloudProvider | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);

  const finish = useMutation({
    mutationFn: ({ provider, code, state }: { provider: CloudProvider; code: string; state: string }) =>
      api(fillPath(CloudDrivePaths.connectCallback, { provider }), loadConnectionSchema, {
        method: 'POST',
        body: { code, state },
      }),
    onSuccess: (connection) => {
      toast.success('Drive connected', `${DRIVE_PROVIDER_LABELS[connection.provider]}: ${connection.accountName}`);
      // The new connection, its first sync and, as they arrive, its files.
      void queryClient.invalidateQueries({ queryKey: cloudDriveKeys.all });
    },
    onError: (error) => toast.error(CONNECT_FAILED, errorMessage(error)),
    onSettled: () => setConnecting(null),
  });
  const { mutate } = finish;

  useEffect(() => () => stopWatching.current?.(), []);

  const connect = useCallback(
    (provider: CloudProvider) => {
      stopWatching.current?.();
      const popup = window.open(
        fillPath(CloudDrivePaths.connect, { provider }),
        `connect-${provider}`,
        popupFeatures(),
      );
      if (!popup) {
        toast.error(CONNECT_FAILED, CloudDriveMessages.popupBlocked);
        return;
      }
      setConnecting(provider);

      const onMessage = (event: MessageEvent) => {
        if (event.origin !== window.location.origin || event.source !== popup) return;
        const message = popupMessage(event.data);
        if (!message) return;
        stop();
        popup.close();
        if (message.type === 'OAUTH_ERROR') {
          setConnecting(null);
          toast.error(CONNECT_FAILED, message.error);
          return;
        }
        mutate({ provider, code: message.code, state: message.state });
      };
      // Closed by hand before it answered: nothing is coming.
      const timer = setInterval(() => {
        if (!popup.closed) return;
        stop();
        setConnecting(null);
      }, POPUP_POLL_MS);
      function stop() {
        window.removeEventListener('message', onMessage);
        clearInterval(timer);
        stopWatching.current = null;
      }
      window.addEventListener('message', onMessage);
      stopWatching.current = stop;
    },
    [mutate],
  );

  return { connect, connecting, finishing: finish.isPending };
}
