import { ForgotPasswordRequestSchema } from '@bookshelf/contract';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/error-box';
import { linkButtonClass } from '../../../components/ui/form-styles';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrors } from '../../../lib/field-errors';
import { useForgotPassword } from '../api/use-forgot-password';
import { EmailField } from './email-field';
import { SubmitButton } from './submit-button';

interface ForgotPasswordFormProps {
  initialEmail: string;
  onBack: () => void;
}

/** Asks for a reset link; the e-mailed link opens /reset-password. */
export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const id = useId();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | undefined>();
  const busy = forgot.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ForgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(fieldErrors<'email'>(parsed.error.issues).email);
      return;
    }
    setEmailError(undefined);
    forgot.mutate(parsed.data);
  }

  const back = (
    <button type="button" className={`${linkButtonClass} inline-flex items-center gap-1`} onClick={onBack}>
      <ArrowLeft aria-hidden className="size-4" />
      Back to sign in
    </button>
  );

  if (forgot.isSuccess) {
    return (
      <div className="space-y-4">
        <div
          role="status"
          className="flex gap-2 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-800 dark:border-green-800 dark:bg-green-950/60 dark:text-green-200"
        >
          <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>{forgot.data.message}</p>
        </div>
        {back}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-title`}>
      <div>
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Reset your password
        </h3>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Enter the email of your account and we will send you a link to set a new password.
        </p>
      </div>
      {forgot.isError && <ErrorBox message={errorMessage(forgot.error)} />}
      <EmailField
        id={`${id}-email`}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
        disabled={busy}
      />
      <SubmitButton busy={busy} busyLabel="Sending...">
        Send reset link
      </SubmitButton>
      {back}
    </form>
  );
}
