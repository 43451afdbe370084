import { AUTH_PROVIDER_LABELS, AuthPaths, type AuthProvider, type LinkedIdentity } from '@bookshelf/contract';
import { Link2 } from 'lucide-react';
import { ErrorBox } from '../../../components/ui/error-box';
import { smallButtonClass } from '../../../components/ui/form-styles';
import { useAuthProviders } from '../../../lib/auth-providers';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useIdentities } from '../api/use-identities';
import { useUnlinkIdentity } from '../api/use-unlink-identity';
import { LoadError, LoadingRows } from './query-status';
import { SettingsSection } from './settings-section';

/** Social sign-ins linked to this account; linking is a browser trip through the provider, like signing in. */
export function ConnectedAccountsSection() {
  const providers = useAuthProviders();
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();

  const body = () => {
    if (providers.isPending || identities.isPending) return <LoadingRows />;
    if (providers.isError) return <LoadError error={providers.error} onRetry={() => void providers.refetch()} />;
    if (identities.isError) return <LoadError error={identities.error} onRetry={() => void identities.refetch()} />;
    if (providers.data.providers.length === 0) {
      return (
        <p className="text-sm text-gray-600 dark:text-gray-400">No sign-in providers are configured on this server.</p>
      );
    }
    const linked = new Map(identities.data.items.map((identity) => [identity.provider, identity]));
    return (
      <div className="space-y-4">
        {unlink.isError && <ErrorBox message={errorMessage(unlink.error)} />}
        <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {providers.data.providers.map((provider) => (
            <ProviderRow
              key={provider}
              provider={provider}
              identity={linked.get(provider)}
              busy={unlink.isPending && unlink.variables === provider}
              onDisconnect={() =>
                unlink.mutate(provider, {
                  onSuccess: () =>
                    toast.success('Account disconnected', `${AUTH_PROVIDER_LABELS[provider]} is no longer connected.`),
                })
              }
            />
          ))}
        </ul>
      </div>
    );
  };

  return (
    <SettingsSection title="Connected accounts" description="Sign in with these accounts as well as your password.">
      {body()}
    </SettingsSection>
  );
}

interface ProviderRowProps {
  provider: AuthProvider;
  identity: LinkedIdentity | undefined;
  busy: boolean;
  onDisconnect: () => void;
}

function ProviderRow({ provider, identity, busy, onDisconnect }: ProviderRowProps) {
  const label = AUTH_PROVIDER_LABELS[provider];
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Link2 aria-hidden className="size-5 shrink-0 text-gray-500 dark:text-gray-400" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium">{label}</p>
        <p className="text-gray-600 dark:text-gray-400">
          {identity ? ['Connected', identity.email].filter(Boolean).join(' · ') : 'Not connected'}
        </p>
      </div>
      {identity ? (
        <button
          type="button"
          className={smallButtonClass}
          onClick={onDisconnect}
          disabled={busy}
          aria-label={`Disconnect ${label}`}
        >
          {busy ? 'Disconnecting...' : 'Disconnect'}
        </button>
      ) : (
        <a href={AuthPaths.start(provider)} className={smallButtonClass}>
          Connect {label}
        </a>
      )}
    </li>
  );
}
