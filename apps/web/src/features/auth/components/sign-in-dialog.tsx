import * as Dialog from '@radix-ui/react-dialog';
import { Modal } from '../../../components/ui/modal';
import * as Tabs from '@radix-ui/react-tabs';
import { useIsMutating } from '@tanstack/react-query';
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
    <Modal open={open} onOpenChange={onOpenChange} width="md">
      {/* Mounted only while open, so every opening starts clean on the requested tab. */}
      <DialogBody initialTab={initialTab} onDone={() => onOpenChange(false)} />
    </Modal>
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
