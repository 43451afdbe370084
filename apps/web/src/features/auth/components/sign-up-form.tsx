import { PASSWORD_MIN_LENGTH, RegisterRequestSchema, type Me } from '@bookshelf/contract';
import { useId, useState, type FormEvent } from 'react';
import { useRegister } from '../api/use-register';
import { errorMessage } from '../lib/error-message';
import { fieldErrors } from '../lib/field-errors';
import { primaryButtonClass } from '../lib/form-styles';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

type Field = 'name' | 'email' | 'password';

interface SignUpFormProps {
  onSignedIn: (me: Me) => void;
  onError: (message: string | null) => void;
}

export function SignUpForm({ onSignedIn, onError }: SignUpFormProps) {
  const id = useId();
  const registration = useRegister();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const busy = registration.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onError(null);
    const parsed = RegisterRequestSchema.safeParse({ name, email, password });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    registration.mutate(parsed.data, { onSuccess: onSignedIn, onError: (error) => onError(errorMessage(error)) });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Sign Up">
      <TextField
        id={`${id}-name`}
        label="Full Name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        disabled={busy}
      />
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
        autoComplete="new-password"
        placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        disabled={busy}
      />
      <button type="submit" className={primaryButtonClass} disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
