import { ChangePasswordRequestSchema, PASSWORD_MIN_LENGTH } from '@bookshelf/contract';
import { useId, useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/error-box';
import { primaryButtonClass } from '../../../components/ui/form-styles';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrors } from '../../../lib/field-errors';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/use-change-password';
import { SettingsSection } from './settings-section';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
const OTHER_SESSIONS_SIGNED_OUT = 'Your other sessions were signed out.';
const TOKENS_REVOKED_TOO = 'Your other sessions were signed out and your API tokens revoked.';

type Field = 'currentPassword' | 'newPassword' | 'confirm';

const doneMessage = (sent: { revokeApiTokens?: boolean | undefined } | undefined) =>
  sent?.revokeApiTokens === false ? OTHER_SESSIONS_SIGNED_OUT : TOKENS_REVOKED_TOO;

/** Changing the password, or setting a first one for an account that so far signed in only with a provider. */
export function ChangePasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const id = useId();
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // On by default: whoever knew the old password may have minted a token that would outlive the change.
  const [revokeApiTokens, setRevokeApiTokens] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const busy = change.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.reset();
    const parsed = ChangePasswordRequestSchema.safeParse(
      hasPassword ? { currentPassword, newPassword, revokeApiTokens } : { newPassword, revokeApiTokens },
    );
    const next: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error.issues);
    if (confirm !== newPassword) next.confirm = PASSWORDS_DO_NOT_MATCH;
    setErrors(next);
    if (!parsed.success || next.confirm) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        setCurrentPassword('');
        setNewPassword('');
        setConfirm('');
        toast.success('Password changed', doneMessage(parsed.data));
      },
    });
  }

  return (
    <SettingsSection
      title={hasPassword ? 'Change password' : 'Set a password'}
      description={
        hasPassword
          ? 'Changing your password signs out every other session.'
          : 'You sign in with a provider. Set a password to also sign in with your email.'
      }
    >
      <form noValidate onSubmit={submit} className="max-w-md space-y-4">
        {change.isError && <ErrorBox message={errorMessage(change.error)} />}
        {change.isSuccess && (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            Password changed. {doneMessage(change.variables)}
          </p>
        )}
        {hasPassword && (
          <PasswordField
            id={`${id}-current`}
            label="Current password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            error={errors.currentPassword}
            disabled={busy}
            toggle={false}
          />
        )}
        <PasswordField
          id={`${id}-new`}
          label="New password"
          autoComplete="new-password"
          placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          error={errors.newPassword}
          disabled={busy}
        />
        <PasswordField
          id={`${id}-confirm`}
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
          disabled={busy}
          toggle={false}
        />
        <div className="flex items-start gap-2">
          <input
            id={`${id}-revoke-tokens`}
            type="checkbox"
            checked={revokeApiTokens}
            onChange={(e) => setRevokeApiTokens(e.target.checked)}
            disabled={busy}
            aria-describedby={`${id}-revoke-tokens-hint`}
            className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:accent-indigo-400"
          />
          <div>
            <label htmlFor={`${id}-revoke-tokens`} className="text-sm font-medium text-gray-700 dark:text-gray-300">
              Also revoke API tokens
            </label>
            <p id={`${id}-revoke-tokens-hint`} className="text-xs text-gray-500 dark:text-gray-400">
              Scripts and apps that use a personal API token will need a new one.
            </p>
          </div>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Saving...' : hasPassword ? 'Change password' : 'Set password'}
        </button>
      </form>
    </SettingsSection>
  );
}
