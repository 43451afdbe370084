import { RegisterRequestSchema, SIGN_UP_LINK_VALID_HOURS, type Me } from '@bookshelf/contract';
import { MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { useRegister } from '../api/use-register';
import { EmailField } from './email-field';
import { NewPasswordField } from './new-password-field';
import { SubmitButton } from './submit-button';
import { useCredentialsForm } from './use-credentials-form';

interface SignUpFormProps {
  /** Held by the dialog, so the address typed on one tab is still there on the other. */
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (me: Me) => void;
  onError: (message: string | null) => void;
}

export function SignUpForm({ email, onEmailChange, onSignedIn, onError }: SignUpFormProps) {
  const id = useId();
  const registration = useRegister();
  // With mail on the server the account waits for the mailed link: the form gives way to the server's message.
  const [mailed, setMailed] = useState<string | null>(null);
  const { errors, busy, submit } = useCredentialsForm(RegisterRequestSchema, registration, {
    onSignedIn: (answer) => ('id' in answer ? onSignedIn(answer) : setMailed(answer.message)),
    onError,
  });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');

  if (mailed !== null) {
    return (
      <div role="status" className="space-y-2 py-2 text-sm">
        <MailCheck aria-hidden className="size-6 text-indigo-600 dark:text-indigo-400" />
        <p className="font-medium">{mailed}</p>
        <p className="text-gray-600 dark:text-gray-400">
          The link in it works for {SIGN_UP_LINK_VALID_HOURS} hours. Nothing arrived? Check your spam folder.
        </p>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => submit(event, { name, email, password })}
      className="space-y-4"
      aria-label="Sign Up"
    >
      <TextField
        id={`${id}-name`}
        label="Full Name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        disabled={busy}
      />
      <EmailField
        id={`${id}-email`}
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        error={errors.email}
        disabled={busy}
      />
      <NewPasswordField
        id={`${id}-password`}
        label="Password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        disabled={busy}
      />
      <SubmitButton busy={busy} busyLabel="Creating account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
