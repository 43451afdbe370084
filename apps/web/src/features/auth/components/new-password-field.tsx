import { PASSWORD_MIN_LENGTH } from '@bookshelf/contract';
import { PasswordField, type PasswordFieldProps } from '../../../components/ui/password-field';

type NewPasswordFieldProps = Omit<PasswordFieldProps, 'autoComplete' | 'placeholder'>;

/** A password being chosen (sign-up, reset): the browser may suggest one, and the minimum length is shown. */
export function NewPasswordField(props: NewPasswordFieldProps) {
  return (
    <PasswordField autoComplete="new-password" placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`} {...props} />
  );
}
