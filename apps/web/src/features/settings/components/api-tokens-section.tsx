import {
  API_TOKEN_NAME_MAX_LENGTH,
  CreateApiTokenRequestSchema,
  type ApiToken,
  type CreatedApiToken,
} from '@bookshelf/contract';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/error-box';
import { dangerButtonClass, primaryButtonClass, smallButtonClass } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useApiTokens } from '../api/use-api-tokens';
import { useCreateApiToken } from '../api/use-create-api-token';
import { useRevokeApiToken } from '../api/use-revoke-api-token';
import { formatDate, relativeTime } from '../lib/relative-time';
import { NewTokenPanel } from './new-token-panel';
import { LoadError, LoadingRows } from './query-status';
import { SettingsSection } from './settings-section';

/** Personal tokens for scripts and other apps, sent as a bearer token instead of the session cookie. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [confirmingId, setConfirmingId] = useState<string | null>(null);

  return (
    <SettingsSection
      title="API tokens"
      description={
        <>
          Let scripts and other apps use your account. Send a token in the header{' '}
          <code className="rounded bg-gray-100 px-1 py-0.5 text-xs dark:bg-gray-800">
            Authorization: Bearer &lt;token&gt;
          </code>
          .
        </>
      }
    >
      <div className="space-y-4">
        <CreateTokenForm />
        {revoke.isError && <ErrorBox message={errorMessage(revoke.error)} />}
        {tokens.isPending ? (
          <LoadingRows />
        ) : tokens.isError ? (
          <LoadError error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : tokens.data.items.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">No API tokens yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {tokens.data.items.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                confirming={confirmingId === token.id}
                busy={revoke.isPending && revoke.variables === token.id}
                onAsk={() => {
                  revoke.reset();
                  setConfirmingId(token.id);
                }}
                onCancel={() => setConfirmingId(null)}
                onConfirm={() =>
                  revoke.mutate(token.id, {
                    onSuccess: () => {
                      setConfirmingId(null);
                      toast.success('Token revoked', `“${token.name}” no longer works.`);
                    },
                  })
                }
              />
            ))}
          </ul>
        )}
      </div>
    </SettingsSection>
  );
}

function CreateTokenForm() {
  const id = useId();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const busy = create.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateApiTokenRequestSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (token) => {
        setName('');
        setCreated(token);
        // The secret stays in this component only, not in the mutation cache for minutes afterwards.
        create.reset();
      },
    });
  }

  if (created) return <NewTokenPanel token={created} onDone={() => setCreated(null)} />;

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {create.isError && <ErrorBox message={errorMessage(create.error)} />}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <TextField
            id={`${id}-name`}
            label="Token name"
            placeholder="e.g. Backup script"
            maxLength={API_TOKEN_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            disabled={busy}
          />
        </div>
        <button type="submit" className={`${primaryButtonClass} ${nameError ? 'mb-7' : ''}`} disabled={busy}>
          {busy ? 'Creating...' : 'Create token'}
        </button>
      </div>
    </form>
  );
}

interface TokenRowProps {
  token: ApiToken;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}

function TokenRow({ token, confirming, busy, onAsk, onCancel, onConfirm }: TokenRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <KeyRound aria-hidden className="size-5 shrink-0 text-gray-500 dark:text-gray-400" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-words">{token.name}</p>
        <p className="text-gray-600 dark:text-gray-400">
          <code className="font-mono">{token.prefix}…</code> · Created {formatDate(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${relativeTime(token.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      {confirming ? (
        <div role="group" aria-label={`Confirm revoking ${token.name}`} className="flex flex-wrap items-center gap-2">
          <span className="text-sm">Apps using it will stop working.</span>
          <button type="button" className={dangerButtonClass} onClick={onConfirm} disabled={busy}>
            {busy ? 'Revoking...' : 'Confirm revoke'}
          </button>
          <button type="button" className={smallButtonClass} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className={smallButtonClass} onClick={onAsk} aria-label={`Revoke ${token.name}`}>
          Revoke
        </button>
      )}
    </li>
  );
}
