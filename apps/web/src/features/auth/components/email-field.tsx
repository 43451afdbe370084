import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'inputMode'>;

/** The "Email" input of the sign-in, sign-up and forgot-password forms. */
export function EmailField(props: EmailFieldProps) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}
