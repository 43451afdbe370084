import { AUTH_PROVIDER_LABELS, type AuthProvider } from '@bookshelf/contract';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { useAuthProviders } from '../../../lib/auth-providers';
import { startOAuth } from '../lib/oauth-attempt';

/** Only the providers the server has configured; while that is unknown (or unknowable) none are offered. */
export function SocialSignInButtons({ disabled }: { disabled?: boolean }) {
  const providers = useAuthProviders();
  const list: readonly AuthProvider[] = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-gray-500 uppercase dark:text-gray-400">
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-800" />
        or
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-800" />
      </div>
      {list.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`${secondaryButtonClass} w-full`}
          disabled={disabled}
          onClick={() => startOAuth(provider)}
        >
          Continue with {AUTH_PROVIDER_LABELS[provider]}
        </button>
      ))}
    </div>
  );
}
