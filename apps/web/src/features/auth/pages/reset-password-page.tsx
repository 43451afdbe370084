import { AuthMessages, NewPasswordSchema } from '@bookshelf/contract';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/ui/error-box';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/use-reset-password';
import { NewPasswordField } from '../components/new-password-field';
import { SubmitButton } from '../components/submit-button';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
/** Where "Request a new link" goes: the landing page opens the sign-in dialog for this query. */
export const REQUEST_NEW_LINK_PATH = '/?signin=1';

interface FormErrors {
  password?: string;
  confirm?: string;
}

/** A reset link that can never work again; asking for a new one is the only way forward. */
const isDeadLink = (error: unknown) =>
  error instanceof ApiRequestError && (error.message === AuthMessages.resetLinkInvalid || error.status === 404);

/** The page behind the e-mailed link `/reset-password?token=...`. */
export function ResetPasswordPage() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const busy = reset.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = NewPasswordSchema.safeParse(password);
    const next: FormErrors = {};
    if (!parsed.success) next.password = parsed.error.issues[0]?.message ?? AuthMessages.passwordTooShort;
    if (confirm !== password) next.confirm = PASSWORDS_DO_NOT_MATCH;
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success('Password changed', 'You are signed in. Other sessions were signed out.');
          void navigate('/dashboard', { replace: true });
        },
      },
    );
  }

  const requestNewLink = (
    <button
      type="button"
      className={`${secondaryButtonClass} w-full`}
      onClick={() => void navigate(REQUEST_NEW_LINK_PATH)}
    >
      Request a new link
    </button>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-md px-1 py-10">
      <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-950">
        <div className="mb-5 flex items-center gap-3">
          <KeyRound aria-hidden className="size-6 text-indigo-600 dark:text-indigo-400" />
          <h1 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
            Set a new password
          </h1>
        </div>
        {token === '' ? (
          <div className="space-y-4">
            <ErrorBox message={AuthMessages.resetLinkInvalid} />
            {requestNewLink}
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            {reset.isError && <ErrorBox message={errorMessage(reset.error)} />}
            {reset.isError && isDeadLink(reset.error) && requestNewLink}
            <NewPasswordField
              id={`${id}-password`}
              label="New password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              disabled={busy}
            />
            <PasswordField
              id={`${id}-confirm`}
              label="Confirm password"
              toggle={false}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={errors.confirm}
              disabled={busy}
            />
            <SubmitButton busy={busy} busyLabel="Saving...">
              Set new password
            </SubmitButton>
          </form>
        )}
      </div>
    </section>
  );
}
