import { AuthMessages } from '@bookshelf/contract';
import { MailCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/ui/error-box';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { errorMessage } from '../../../lib/error-message';
import { useVerifyEmail } from '../api/use-verify-email';

/** Where "Sign up again" goes: the landing page opens the sign-in dialog for this query. */
export const SIGN_UP_AGAIN_PATH = '/?signin=1';

/**
 * The page behind the e-mailed sign-up link `/verify-email?token=...`. Opening it (a GET) changes nothing on
 * the server (SECURITY.md); the page posts the token, which creates the account and signs in.
 */
export function VerifyEmailPage() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  // Posted once: the token is single-use, and a second post (StrictMode runs effects twice) would be refused.
  const posted = useRef(false);

  useEffect(() => {
    if (token === '' || posted.current) return;
    posted.current = true;
    verify.mutate({ token }, { onSuccess: () => void navigate('/dashboard', { replace: true }) });
  }, [token, verify, navigate]);

  const failure = token === '' ? AuthMessages.signUpLinkInvalid : verify.isError ? errorMessage(verify.error) : null;

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-md px-1 py-10">
      <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-800 dark:bg-gray-950">
        <div className="mb-5 flex items-center gap-3">
          <MailCheck aria-hidden className="size-6 text-indigo-600 dark:text-indigo-400" />
          <h1 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
            Finish creating your account
          </h1>
        </div>
        {failure === null ? (
          <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
            Creating your account...
          </p>
        ) : (
          <div className="space-y-4">
            <ErrorBox message={failure} />
            <button
              type="button"
              className={`${secondaryButtonClass} w-full`}
              onClick={() => void navigate(SIGN_UP_AGAIN_PATH)}
            >
              Sign up or sign in
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
