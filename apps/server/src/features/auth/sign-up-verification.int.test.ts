import { AuthMessages, MeSchema } from '@bookshelf/contract';
import { startFakeSmtp, type FakeSmtp } from '@bookshelf/test-support';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, mailedLink, newUser, signUpByMail } from '../../test/browser.js';

/** Issue 27: with mail set up, a sign-up's answer tells nobody whether the address has an account. */
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

const accountsWith = async (email: string) =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from users where lower(email) = ${email.toLowerCase()}`),
  )[0]?.n;

/** Signs up without following the link: the answer, and the link that arrives. */
async function requestSignUp(user: ReturnType<typeof newUser>) {
  const before = smtp.messages.length;
  const browser = createBrowser(t.app);
  const res = await browser.post('/api/auth/register', user);
  return { browser, res, mailed: () => mailedLink(smtp, user.email, before) };
}

describe('sign-up with mail set up', () => {
  it('creates nothing until the mailed link is followed, which creates the account and signs in once', async () => {
    const user = newUser();
    const { browser, res, mailed } = await requestSignUp(user);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: AuthMessages.signUpCheckMail });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await browser.get('/api/me')).statusCode).toBe(401);

    const { mail, link } = await mailed();
    expect(mail.subject).toBe('Finish creating your Bookshelf account');
    expect(mail.text).toContain('24 hours');
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/verify-email`);
    expect(await accountsWith(user.email)).toBe(0);

    // Opening the link (a GET of the page) changes nothing: the page posts the token.
    const verified = await browser.post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(verified.statusCode).toBe(201);
    expect(MeSchema.parse(verified.json())).toMatchObject({ email: user.email, name: user.name });
    expect(MeSchema.parse((await browser.get('/api/me')).json()).email).toBe(user.email);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);

    const again = await createBrowser(t.app).post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(AuthMessages.signUpLinkInvalid);
    expect(await accountsWith(user.email)).toBe(1);
  });

  it('answers a taken address exactly like a free one, mails its owner a notice and creates nothing', async () => {
    const { user: owner, me } = await signUpByMail(t.app, smtp);
    const free = await requestSignUp(newUser());
    const taken = await requestSignUp({ ...newUser(), email: owner.email.toUpperCase() });
    expect(taken.res.statusCode).toBe(free.res.statusCode);
    expect(taken.res.body).toBe(free.res.body);
    expect(taken.res.headers['set-cookie']).toBeUndefined();
    expect((await taken.browser.get('/api/me')).statusCode).toBe(401);

    const notice = await smtp.waitForMessage(
      (m) => m.to.includes(owner.email) && m.subject.startsWith('Someone tried to create'),
    );
    expect(notice.text).toContain('sign in');
    expect(notice.text).toContain('reset your password');
    expect(notice.text).toContain(`${PUBLIC_URL}/`);
    expect(notice.text).not.toContain('token=');
    expect(await accountsWith(owner.email)).toBe(1);
    // The owner's account and password are as they were.
    const signedIn = await createBrowser(t.app).post('/api/auth/login', owner);
    expect(MeSchema.parse(signedIn.json()).id).toBe(me.id);
  });

  it('refuses a link older than 24 hours, and a made-up one, creating nothing', async () => {
    const user = newUser();
    const { mailed } = await requestSignUp(user);
    const { link } = await mailed();
    clock = new Date(clock.getTime() + 24 * 3_600_000 + 60_000);
    const late = await createBrowser(t.app).post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(AuthMessages.signUpLinkInvalid);
    const made = await createBrowser(t.app).post('/api/auth/verify-email', { token: 'made-up' });
    expect(made.statusCode).toBe(400);
    expect(made.json().error.message).toBe(AuthMessages.signUpLinkInvalid);
    expect(await accountsWith(user.email)).toBe(0);
  });

  it('refuses the second of two links once the address has an account', async () => {
    const user = newUser();
    const first = await (await requestSignUp(user)).mailed();
    const second = await (await requestSignUp({ ...user, name: 'Someone Else' })).mailed();
    const token = (l: URL) => ({ token: l.searchParams.get('token') });
    expect((await createBrowser(t.app).post('/api/auth/verify-email', token(second.link))).statusCode).toBe(201);
    expect((await createBrowser(t.app).post('/api/auth/verify-email', token(first.link))).statusCode).toBe(400);
    expect(await accountsWith(user.email)).toBe(1);
  });
});

describe('sign-up without mail', () => {
  it('keeps the 409 for a taken address and the verify route creates nothing', async () => {
    const plain = await createTestApp({});
    try {
      const user = newUser();
      expect((await createBrowser(plain.app).post('/api/auth/register', user)).statusCode).toBe(201);
      const again = await createBrowser(plain.app).post('/api/auth/register', { ...user, name: 'Other' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(AuthMessages.emailTaken);
      expect((await createBrowser(plain.app).post('/api/auth/verify-email', { token: 'x' })).statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
