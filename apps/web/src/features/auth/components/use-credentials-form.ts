import type { Me } from '@bookshelf/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod/mini';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrors } from '../../../lib/field-errors';

interface CredentialsFormCallbacks<Result> {
  /** The server's answer: the signed-in user, or for a mailed sign-up the check-your-mail message. */
  onSignedIn: (result: Result) => void;
  /** The dialog's Error box: `null` clears it when the form is sent again. */
  onError: (message: string | null) => void;
}

/**
 * The submit of the sign-in and sign-up forms: clear the Error box, check the fields against the request's
 * schema from the contract (each problem is shown beside its field), then send; a refusal goes to the Error box.
 */
export function useCredentialsForm<Request extends object, Result = Me>(
  schema: z.ZodMiniType<Request>,
  mutation: UseMutationResult<Result, Error, Request>,
  { onSignedIn, onError }: CredentialsFormCallbacks<Result>,
) {
  type Field = keyof Request & string;
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit(event: FormEvent<HTMLFormElement>, values: Request) {
    event.preventDefault();
    onError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, { onSuccess: onSignedIn, onError: (error) => onError(errorMessage(error)) });
  }

  return { errors, busy: mutation.isPending, submit };
}
