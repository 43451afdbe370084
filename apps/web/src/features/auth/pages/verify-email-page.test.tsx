import { apiError, json, network } from '../../../test/fake-network';
import { AuthMessages, AuthPaths } from '@bookshelf/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentMe } from '../../../lib/session';
import { testMe as me } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-with-app';
import { SIGN_UP_AGAIN_PATH, VerifyEmailPage } from './verify-email-page';

describe('VerifyEmailPage', () => {
  it('posts the token once, signs the new user in and goes to the dashboard', async () => {
    network.answer(`POST ${AuthPaths.verifyEmail}`, json(me, 201));
    const { location } = renderWithApp(<VerifyEmailPage />, { route: '/verify-email?token=abc' });
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(network.requests(`POST ${AuthPaths.verifyEmail}`).map((r) => r.body)).toEqual([{ token: 'abc' }]);
    expect(currentMe()).toEqual(me);
  });

  it("shows the server's refusal of a spent or expired link, with a way back to sign-up", async () => {
    network.answer(`POST ${AuthPaths.verifyEmail}`, apiError(400, AuthMessages.signUpLinkInvalid, 'VALIDATION_ERROR'));
    const { location } = renderWithApp(<VerifyEmailPage />, { route: '/verify-email?token=old' });
    expect((await screen.findByRole('alert')).textContent).toContain(AuthMessages.signUpLinkInvalid);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up or sign in' }));
    expect(location()).toBe(SIGN_UP_AGAIN_PATH);
    // Nobody was signed in.
    expect(currentMe()).toBeUndefined();
  });

  it('refuses a link without a token and sends nothing', () => {
    renderWithApp(<VerifyEmailPage />, { route: '/verify-email' });
    expect(screen.getByRole('alert').textContent).toContain(AuthMessages.signUpLinkInvalid);
    expect(network.requests()).toHaveLength(0);
  });
});
