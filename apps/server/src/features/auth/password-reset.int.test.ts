import { AuthMessages, MeSchema } from '@bookshelf/contract';
import { startFakeSmtp, type FakeSmtp } from '@bookshelf/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUpByMail } from '../../test/browser.js';
import { failSessionDeletes } from '../../test/fail-session-deletes.js';
import { LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS } from './sign-in-limits.js';

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
  it('sets the password, spends the link, revokes API tokens and ends sessions together or not at all', async () => {
    const { browser: oldDevice, user, me } = await signUpByMail(t.app, smtp);
    const created = await oldDevice.post('/api/me/tokens', { name: 'backup script' });
    const bearer = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
    const tokenWorks = async () => (await t.app.inject({ url: '/api/me', headers: bearer })).statusCode === 200;
    const { link } = await requestLink(user.email);
    const reset = { token: link.searchParams.get('token'), password: 'brand new secret' };

    // The last write (ending the sessions) fails: nothing before it may stay, and the link still works.
    const restore = await failSessionDeletes(t.database.db, me.id);
    try {
      expect((await createBrowser(t.app).post('/api/auth/password/reset', reset)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await tokenWorks()).toBe(true);
    expect((await oldDevice.get('/api/me')).statusCode).toBe(200);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);

    expect((await createBrowser(t.app).post('/api/auth/password/reset', reset)).statusCode).toBe(200);
    expect(await tokenWorks()).toBe(false);
    expect((await oldDevice.get('/api/me')).statusCode).toBe(401);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(401);
  });

  it('mails a one-hour link to our own origin; it sets the password, ends other sessions and signs in', async () => {
    const { browser: oldDevice, user } = await signUpByMail(t.app, smtp);
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
    const { user } = await signUpByMail(t.app, smtp);
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
    // The mail goes out after the answer: give a wrongly sent one time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.length).toBe(before);
  });

  it('does not let anyone flood an inbox: three links an hour per address', async () => {
    const { user } = await signUpByMail(t.app, smtp);
    for (let i = 0; i < 3; i += 1) await requestLink(user.email);
    const before = smtp.messages.length;
    const res = await createBrowser(t.app).post('/api/auth/password/forgot', { email: user.email });
    expect(res.statusCode).toBe(202);
    // The mail goes out after the answer: give a wrongly sent one time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.length).toBe(before);
  });

  it('revokes every API token of the account', async () => {
    const { browser, user } = await signUpByMail(t.app, smtp);
    const created = await browser.post('/api/me/tokens', { name: 'e-reader sync' });
    const bearer = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer })).statusCode).toBe(200);

    const { link } = await requestLink(user.email);
    const res = await createBrowser(t.app).post('/api/auth/password/reset', {
      token: link.searchParams.get('token'),
      password: 'brand new secret',
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer })).statusCode).toBe(401);
  });

  it("clears the account's sign-in counters, so an address that was refused signs in again", async () => {
    const { user } = await signUpByMail(t.app, smtp);
    const home = createBrowser(t.app, { remoteAddress: '192.0.2.77' });
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.limit; i += 1) {
      await home.post('/api/auth/login', { email: user.email, password: `forgotten ${i}` });
    }
    expect((await home.post('/api/auth/login', user)).statusCode).toBe(429);

    const { link } = await requestLink(user.email);
    const reset = await home.post('/api/auth/password/reset', {
      token: link.searchParams.get('token'),
      password: 'brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect((await home.post('/api/auth/login', { ...user, password: 'brand new secret' })).statusCode).toBe(200);
  });

  it('refuses a common or all-whitespace password without spending the link', async () => {
    const { user } = await signUpByMail(t.app, smtp);
    const { link } = await requestLink(user.email);
    const token = link.searchParams.get('token');
    const common = await createBrowser(t.app).post('/api/auth/password/reset', { token, password: 'Football' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toBe(AuthMessages.passwordTooCommon);
    const blank = await createBrowser(t.app).post('/api/auth/password/reset', { token, password: '         ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues[0]).toEqual({ path: 'body.password', message: AuthMessages.passwordBlank });
    const ok = await createBrowser(t.app).post('/api/auth/password/reset', { token, password: 'brand new secret' });
    expect(ok.statusCode).toBe(200);
  });
});
