import { get, useFormState, type FieldErrors, type FieldPath } from 'react-hook-form';
import type { BookFormValues } from './book-form-values';

/** The message under a field, whether the form's own check or the server set it. */
export function errorOf(errors: FieldErrors<BookFormValues>, name: FieldPath<BookFormValues>): string | undefined {
  const message = get<FieldErrors<BookFormValues>, { message?: unknown } | undefined>(errors, name)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** errorOf for a field of the surrounding form (inside its FormProvider). */
export function useFieldError(name: FieldPath<BookFormValues>): string | undefined {
  const { errors } = useFormState<BookFormValues>({ name });
  return errorOf(errors, name);
}
