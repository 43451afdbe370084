import { LoginRequestSchema, type Me } from '@bookshelf/contract';
import { useId, useState } from 'react';
import { linkButtonClass } from '../../../components/ui/form-styles';
import { PasswordField } from '../../../components/ui/password-field';
import { useLogin } from '../api/use-login';
import { EmailField } from './email-field';
import { RememberSwitch } from './remember-switch';
import { SubmitButton } from './submit-button';
import { useCredentialsForm } from './use-credentials-form';

interface SignInFormProps {
  /** Held by the dialog, so the address typed on one tab is still there on the other. */
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (me: Me) => void;
  onError: (message: string | null) => void;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ email, onEmailChange, onSignedIn, onError, onForgotPassword }: SignInFormProps) {
  const id = useId();
  const login = useLogin();
  const { errors, busy, submit } = useCredentialsForm(LoginRequestSchema, login, { onSignedIn, onError });
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  return (
    <form
      noValidate
      onSubmit={(event) => submit(event, { email, password, remember })}
      className="space-y-4"
      aria-label="Sign In"
    >
      <EmailField
        id={`${id}-email`}
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        error={errors.email}
        disabled={busy}
      />
      <PasswordField
        id={`${id}-password`}
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        disabled={busy}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RememberSwitch checked={remember} onChange={setRemember} disabled={busy} />
        <button type="button" className={linkButtonClass} onClick={() => onForgotPassword(email)} disabled={busy}>
          Forgot password?
        </button>
      </div>
      <SubmitButton busy={busy} busyLabel="Signing in...">
        Sign In
      </SubmitButton>
    </form>
  );
}
