import {
  CLOUD_PROVIDERS,
  CloudDriveMessages,
  DRIVE_PROVIDER_LABELS,
  type CloudProvider,
  type CloudProvidersInfo,
} from '@bookshelf/contract';
import { Cloud, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { primaryButton } from '../../../../components/ui/button-styles';

interface ConnectButtonsProps {
  providers: CloudProvidersInfo | undefined;
  connecting: CloudProvider | null;
  onConnect: (provider: CloudProvider) => void;
}

/** Connect Google Drive / Connect OneDrive; a drive this server has no client for is offered disabled, saying why. */
export function ConnectButtons({ providers, connecting, onConnect }: ConnectButtonsProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-start gap-2">
      {CLOUD_PROVIDERS.map((provider) => {
        const label = DRIVE_PROVIDER_LABELS[provider];
        const offered = providers?.[provider] ?? false;
        const busy = connecting === provider;
        const noteId = `${id}-${provider}`;
        return (
          <div key={provider} className="flex flex-col gap-1">
            <button
              type="button"
              className={`${primaryButton} disabled:cursor-not-allowed`}
              disabled={!offered || connecting !== null}
              aria-busy={busy}
              aria-describedby={providers && !offered ? noteId : undefined}
              onClick={() => onConnect(provider)}
            >
              {busy ? (
                <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
              ) : (
                <Cloud aria-hidden className="size-4" />
              )}
              {busy ? `Connecting ${label}…` : `Connect ${label}`}
            </button>
            {providers && !offered && (
              <p id={noteId} className="max-w-56 text-xs text-gray-600 dark:text-gray-400">
                {CloudDriveMessages.providerNotConfigured(label)}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
