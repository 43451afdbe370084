import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useIsMutating } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/ui/error-box';
import { AUTH_MUTATION_KEY } from '../api/auth-mutation-key';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SocialSignInButtons } from './social-sign-in-buttons';

export type SignInTab = 'sign-in' | 'sign-up';

export interface SignInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab?: SignInTab;
}

const isSignInTab = (value: string): value is SignInTab => value === 'sign-in' || value === 'sign-up';

const tabClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm dark:text-gray-400 dark:hover:text-gray-100 dark:data-[state=active]:bg-gray-950 dark:data-[state=active]:text-gray-100';

/**
 * The sign-in/sign-up modal of spec core.md §2. It is loaded lazily, on first open, so it stays out of the
 * landing page's first download.
 */
export function SignInDialog({ open, onOpenChange, initialTab = 'sign-in' }: SignInDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-gray-200 bg-white p-6 text-gray-900 shadow-xl focus:outline-none dark:border-gray-800 dark:bg-gray-950 dark:text-gray-100">
          {/* Mounted only while open, so every opening starts clean on the requested tab. */}
          <DialogBody initialTab={initialTab} onDone={() => onOpenChange(false)} />
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogBody({ initialTab, onDone }: { initialTab: SignInTab; onDone: () => void }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<SignInTab>(initialTab);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One address for both tabs: switching between Sign In and Sign Up keeps what was typed.
  const [email, setEmail] = useState('');
  const busy = useIsMutating({ mutationKey: AUTH_MUTATION_KEY }) > 0;

  function signedIn() {
    onDone();
    void navigate('/dashboard');
  }

  function changeTab(value: string) {
    if (!isSignInTab(value)) return;
    setTab(value);
    setError(null);
  }

  return (
    <div className="space-y-5">
      <div className="pr-8">
        <Dialog.Title className="text-xl font-semibold tracking-tight">Welcome to Bookshelf</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Sign in to your library or create a free account.
        </Dialog.Description>
      </div>

      {forgotEmail !== null ? (
        <ForgotPasswordForm
          initialEmail={forgotEmail}
          onBack={() => {
            setForgotEmail(null);
            setTab('sign-in');
          }}
        />
      ) : (
        <>
          <Tabs.Root value={tab} onValueChange={changeTab} className="space-y-4">
            <Tabs.List
              aria-label="Sign in or sign up"
              className="flex gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-900"
            >
              <Tabs.Trigger value="sign-in" className={tabClass}>
                Sign In
              </Tabs.Trigger>
              <Tabs.Trigger value="sign-up" className={tabClass}>
                Sign Up
              </Tabs.Trigger>
            </Tabs.List>
            {error && <ErrorBox message={error} />}
            <Tabs.Content value="sign-in" className="focus-visible:outline-none">
              <SignInForm
                email={email}
                onEmailChange={setEmail}
                onSignedIn={signedIn}
                onError={setError}
                onForgotPassword={(email) => {
                  setError(null);
                  setForgotEmail(email);
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="sign-up" className="focus-visible:outline-none">
              <SignUpForm email={email} onEmailChange={setEmail} onSignedIn={signedIn} onError={setError} />
            </Tabs.Content>
          </Tabs.Root>
          <SocialSignInButtons disabled={busy} />
        </>
      )}
    </div>
  );
}
