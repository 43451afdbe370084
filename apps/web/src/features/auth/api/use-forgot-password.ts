import { AuthPaths, MessageSchema, type ForgotPasswordRequest } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Always answers the same generic message, so the form cannot be used to probe which e-mails have accounts. */
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api(AuthPaths.forgotPassword, MessageSchema, { method: 'POST', body });

export const useForgotPassword = () => useMutation({ mutationFn: requestPasswordReset });
