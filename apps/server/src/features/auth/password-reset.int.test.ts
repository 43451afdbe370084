import { AuthMessages, MeSchema } from '@bookshelf/contract';
import { startFakeSmtp, type FakeSmtp } from '@bookshelf/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp } from '../../test/browser.js';

const PUBLIC_URL = 'https://books.example.org';
let clock = new Date();
let smtp: FakeSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    mail: { smtpUrl: smtp.url, from: 'Bookshelf <books@example.org>' },
    now: () => clock,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Asks for a link and answers the token in the e-mail that arrives. */
async function requestLink(email: string) {
  const before = smtp.messages.length;
  const res = await createBrowser(t.app).post('/api/auth/password/forgot', { email });
  expect(res.statusCode).toBe(202);
  expect(res.json()).toEqual({ message: AuthMessages.resetRequested });
  const mail = await smtp.waitForMessage((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before);
  const link = /https:\/\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  return { mail, link: new URL(link!) };
}

describe('password reset', () => {
  it('mails a one-hour link to our own origin; it sets the password, ends other sessions and signs in', async () => {
    const { browser: oldDevice, user } = await signUp(t.app);
    const { mail, link } = await requestLink(user.email);
    expect(mail.subject).toBe('Reset your Bookshelf password');
    expect(mail.headers.from).toContain('books@example.org');
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/reset-password`);
    expect(mail.text).toContain('60 minutes');

    const browser = createBrowser(t.app);
    const res = await browser.post('/api/auth/password/reset', {
      token: link.searchParams.get('token'),
      password: 'brand new secret',
    });
    expect(res.statusCode).toBe(200);
    expect(MeSchema.parse(res.json()).email).toBe(user.email);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    expect((await oldDevice.get('/api/me')).statusCode).toBe(401);

    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(401);
    expect(
      (await createBrowser(t.app).post('/api/auth/login', { ...user, password: 'brand new secret' })).statusCode,
    ).toBe(200);

    // One use only.
    const again = await createBrowser(t.app).post('/api/auth/password/reset', {
      token: link.searchParams.get('token'),
      password: 'another new one',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(AuthMessages.resetLinkInvalid);
  });

  it('refuses a link older than an hour, and a made-up one, changing nothing', async () => {
    const { user } = await signUp(t.app);
    const { link } = await requestLink(user.email);
    clock = new Date(clock.getTime() + 61 * 60_000);
    const late = await createBrowser(t.app).post('/api/auth/password/reset', {
      token: link.searchParams.get('token'),
      password: 'too late now',
    });
    expect(late.statusCode).toBe(400);
    const made = await createBrowser(t.app).post('/api/auth/password/reset', {
      token: 'made-up',
      password: 'too late now',
    });
    expect(made.statusCode).toBe(400);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const before = smtp.messages.length;
    const res = await createBrowser(t.app).post('/api/auth/password/forgot', { email: 'nobody-here@example.org' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: AuthMessages.resetRequested });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages.length).toBe(before);
  });

  it('does not let anyone flood an inbox: three links an hour per address', async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) await requestLink(user.email);
    const before = smtp.messages.length;
    const res = await createBrowser(t.app).post('/api/auth/password/forgot', { email: user.email });
    expect(res.statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages.length).toBe(before);
  });
});
