import { apiError, deferred, json, network } from '../../../test/fake-network';
import { AuthMessages, AuthPaths } from '@bookshelf/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentMe } from '../../../lib/session';
import { testMe as me } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-with-app';
import { SignInDialog } from './sign-in-dialog';

function openDialog(initialTab?: 'sign-in' | 'sign-up', providers: string[] = []) {
  network.answer(`GET ${AuthPaths.providers}`, { providers });
  const onOpenChange = vi.fn();
  const view = renderWithApp(
    <SignInDialog open onOpenChange={onOpenChange} {...(initialTab ? { initialTab } : {})} />,
    { route: '/' },
  );
  return { ...view, onOpenChange };
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
// Radix tabs switch on mouse down (and focus), not on click.
const selectTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }));
const submitButton = (name: string | RegExp) => screen.getByRole('button', { name });

describe('SignInDialog', () => {
  it('opens on the requested tab with the dialog title', () => {
    openDialog('sign-up');
    expect(screen.getByRole('dialog', { name: 'Welcome to Bookshelf' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
  });

  it('shows validation messages beside the fields and sends nothing', () => {
    openDialog();
    type('Email', 'not-an-email');
    fireEvent.click(submitButton('Sign In'));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      AuthMessages.invalidEmail,
    );
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(network.requests(`POST ${AuthPaths.login}`)).toHaveLength(0);
  });

  it('validates sign-up with the contract rules', () => {
    openDialog('sign-up');
    type('Email', 'ada@example.org');
    type('Password', 'short');
    fireEvent.click(submitButton('Create Account'));
    expect(screen.getByText(AuthMessages.nameRequired)).toBeTruthy();
    expect(screen.getByText(AuthMessages.passwordTooShort)).toBeTruthy();
  });

  it('shows the busy label while signing in and sends the remember flag', async () => {
    const pending = deferred();
    network.answer(`POST ${AuthPaths.login}`, pending.answer);
    const { location, onOpenChange } = openDialog();
    type('Email', ' Ada@Example.org ');
    type('Password', 'correct horse');
    const remember = screen.getByRole('switch', { name: 'Remember me' });
    fireEvent.click(remember);
    expect(remember.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(submitButton('Sign In'));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    const [request] = network.requests(`POST ${AuthPaths.login}`);
    expect(request?.body).toEqual({ email: 'ada@example.org', password: 'correct horse', remember: true });
    expect(request?.headers.get('x-requested-with')).toBeTruthy();

    await act(async () => pending.release(json(me)));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(currentMe()).toEqual(me);
  });

  it('shows the busy label while creating an account', async () => {
    const pending = deferred();
    network.answer(`POST ${AuthPaths.register}`, pending.answer);
    openDialog('sign-up');
    type('Full Name', 'Ada Reader');
    type('Email', 'ada@example.org');
    type('Password', 'long enough password');
    fireEvent.click(submitButton('Create Account'));
    expect((await screen.findByRole('button', { name: 'Creating account...' })).hasAttribute('disabled')).toBe(true);
    expect(network.requests(`POST ${AuthPaths.register}`)[0]?.body).toEqual({
      name: 'Ada Reader',
      email: 'ada@example.org',
      password: 'long enough password',
    });
    await act(async () => pending.release(json(me, 201)));
  });

  it('shows the check-your-mail message when the server mails a link (202), and stays signed out', async () => {
    network.answer(`POST ${AuthPaths.register}`, json({ message: AuthMessages.signUpCheckMail }, 202));
    const { location, onOpenChange } = openDialog('sign-up');
    type('Full Name', 'Ada Reader');
    type('Email', 'ada@example.org');
    type('Password', 'long enough password');
    fireEvent.click(submitButton('Create Account'));
    expect((await screen.findByRole('status')).textContent).toContain(AuthMessages.signUpCheckMail);
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(location()).toBe('/');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(currentMe()).toBeUndefined();
  });

  it("shows the server's message in the red Error box, and switching tabs clears it", async () => {
    network.answer(`POST ${AuthPaths.login}`, apiError(401, AuthMessages.invalidCredentials, 'UNAUTHENTICATED'));
    openDialog();
    type('Email', 'ada@example.org');
    type('Password', 'wrong password');
    fireEvent.click(submitButton('Sign In'));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText(AuthMessages.invalidCredentials)).toBeTruthy();

    selectTab('Sign Up');
    expect(screen.queryByRole('alert')).toBeNull();
    selectTab('Sign In');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the typed e-mail when switching between the tabs, but not the password', () => {
    openDialog();
    type('Email', 'ada@example.org');
    type('Password', 'secret words');
    selectTab('Sign Up');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.org');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    type('Email', 'ada@books.example');
    selectTab('Sign In');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@books.example');
  });

  it('shows the e-mail taken message on sign-up', async () => {
    network.answer(`POST ${AuthPaths.register}`, apiError(409, AuthMessages.emailTaken, 'CONFLICT'));
    openDialog('sign-up');
    type('Full Name', 'Ada');
    type('Email', 'ada@example.org');
    type('Password', 'long enough password');
    fireEvent.click(submitButton('Create Account'));
    expect((await screen.findByRole('alert')).textContent).toContain(AuthMessages.emailTaken);
  });

  it('toggles the password visibility', () => {
    openDialog();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('offers only the configured social providers', async () => {
    openDialog('sign-in', ['twitter']);
    expect(await screen.findByRole('button', { name: 'Continue with X (Twitter)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('offers no social buttons when none is configured', async () => {
    openDialog('sign-in', []);
    await waitFor(() => expect(network.requests(`GET ${AuthPaths.providers}`)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('sends a reset link from the forgot-password form and goes back to sign in', async () => {
    network.answer(`POST ${AuthPaths.forgotPassword}`, json({ message: AuthMessages.resetRequested }, 202));
    openDialog();
    type('Email', 'ada@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain(AuthMessages.resetRequested);
    expect(network.requests(`POST ${AuthPaths.forgotPassword}`)[0]?.body).toEqual({ email: 'ada@example.org' });

    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
  });
});
