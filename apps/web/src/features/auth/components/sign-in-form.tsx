import { LoginRequestSchema, type Me } from '@bookshelf/contract';
import { useId, useState, type FormEvent } from 'react';
import { useLogin } from '../api/use-login';
import { errorMessage } from '../lib/error-message';
import { fieldErrors } from '../lib/field-errors';
import { linkButtonClass, primaryButtonClass } from '../lib/form-styles';
import { PasswordField } from './password-field';
import { RememberSwitch } from './remember-switch';
import { TextField } from './text-field';

type Field = 'email' | 'password';

interface SignInFormProps {
  onSignedIn: (me: Me) => void;
  onError: (message: string | null) => void;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ onSignedIn, onError, onForgotPassword }: SignInFormProps) {
  const id = useId();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const busy = login.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onError(null);
    const parsed = LoginRequestSchema.safeParse({ email, password, remember });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, { onSuccess: onSignedIn, onError: (error) => onError(errorMessage(error)) });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Sign In">
      <TextField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
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
      <button type="submit" className={primaryButtonClass} disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
