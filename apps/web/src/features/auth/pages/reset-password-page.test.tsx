import { apiError, json, network } from '../../../test/fake-network';
import { AuthMessages, AuthPaths } from '@bookshelf/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentMe } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { testMe as me } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-with-app';
import { PASSWORDS_DO_NOT_MATCH, REQUEST_NEW_LINK_PATH, ResetPasswordPage } from './reset-password-page';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
/** Opens the page from a link and sends the same password twice. */
const openAndSubmit = (password: string) => {
  renderWithApp(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
  type('New password', password);
  type('Confirm password', password);
  submit();
};

afterEach(() => vi.restoreAllMocks());

describe('ResetPasswordPage', () => {
  it('refuses passwords that do not match', () => {
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    type('New password', 'a long new password');
    type('Confirm password', 'a different password');
    submit();
    expect(screen.getByText(PASSWORDS_DO_NOT_MATCH)).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(network.requests()).toHaveLength(0);
  });

  it('refuses a too-short password with the contract message', () => {
    openAndSubmit('short');
    expect(screen.getByText(AuthMessages.passwordTooShort)).toBeTruthy();
  });

  it('refuses an all-whitespace password before sending anything', () => {
    openAndSubmit('          ');
    expect(screen.getByText(AuthMessages.passwordBlank)).toBeTruthy();
    expect(network.requests()).toHaveLength(0);
  });

  it("shows the server's refusal of a common password, and keeps the link usable", async () => {
    network.answer(
      `POST ${AuthPaths.resetPassword}`,
      apiError(400, AuthMessages.passwordTooCommon, 'VALIDATION_ERROR'),
    );
    openAndSubmit('Password');
    expect((await screen.findByRole('alert')).textContent).toContain(AuthMessages.passwordTooCommon);
    expect(screen.queryByRole('button', { name: 'Request a new link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeTruthy();
  });

  it('sets the password, signs the user in and goes to the dashboard', async () => {
    const success = vi.spyOn(toast, 'success');
    network.answer(`POST ${AuthPaths.resetPassword}`, json(me));
    const { location } = renderWithApp(<ResetPasswordPage />, {
      route: '/reset-password?token=abc',
    });
    type('New password', 'a long new password');
    type('Confirm password', 'a long new password');
    submit();
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(network.requests(`POST ${AuthPaths.resetPassword}`)[0]?.body).toEqual({
      token: 'abc',
      password: 'a long new password',
    });
    expect(currentMe()).toEqual(me);
    expect(success).toHaveBeenCalledWith('Password changed', 'You are signed in. Other sessions were signed out.');
  });

  it('offers a new link when the server says the link is dead', async () => {
    network.answer(`POST ${AuthPaths.resetPassword}`, apiError(400, AuthMessages.resetLinkInvalid, 'INVALID_TOKEN'));
    const { location } = renderWithApp(<ResetPasswordPage />, { route: '/reset-password?token=old' });
    type('New password', 'a long new password');
    type('Confirm password', 'a long new password');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(AuthMessages.resetLinkInvalid);
    fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(location()).toBe(REQUEST_NEW_LINK_PATH);
  });

  it('says the link is invalid when it has no token', () => {
    renderWithApp(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('alert').textContent).toContain(AuthMessages.resetLinkInvalid);
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeTruthy();
  });
});
