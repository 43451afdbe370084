import { AuthMessages } from '@bookshelf/contract';
import { startFakeSmtp, type FakeSmtp } from '@bookshelf/test-support';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUpByMail } from '../../test/browser.js';

/** A mail server this slow would show, in the answer time, which e-mails have accounts if the route waited. */
const SMTP_DELAY_MS = 1500;
let smtp: FakeSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtp({ acceptDelayMs: SMTP_DELAY_MS });
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Bookshelf <books@example.org>' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function timedForgot(email: string) {
  const started = performance.now();
  const res = await createBrowser(t.app).post('/api/auth/password/forgot', { email });
  return { res, ms: performance.now() - started };
}

describe('forgot password', () => {
  it('answers a known e-mail at once, before the slow mail server has taken the mail, which still arrives', async () => {
    const { user } = await signUpByMail(t.app, smtp);
    // The mail that finished the sign-up came before.
    const before = smtp.messages.length;
    const later = (m: FakeSmtp['messages'][number]) => m.to.includes(user.email) && smtp.messages.indexOf(m) >= before;
    const { res, ms } = await timedForgot(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: AuthMessages.resetRequested });
    expect(ms).toBeLessThan(SMTP_DELAY_MS / 2);
    expect(smtp.messages.some(later)).toBe(false);

    const mail = await smtp.waitForMessage(later, SMTP_DELAY_MS + 5000);
    expect(mail.subject).toBe('Reset your Bookshelf password');

    // The job that sent it keeps no trace of the address someone typed.
    await t.app.jobs.drain();
    const kept = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'auth.reset-mail' and payload::text like ${`%${user.email}%`}`,
      ),
    );
    expect(kept[0]?.n).toBe(0);
    const sent = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'auth.reset-mail' and state = 'succeeded'`,
      ),
    );
    expect(sent[0]?.n).toBeGreaterThan(0);
  });

  it('answers an unknown e-mail the same way', async () => {
    const { res, ms } = await timedForgot('no-account-here@example.org');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: AuthMessages.resetRequested });
    expect(ms).toBeLessThan(SMTP_DELAY_MS / 2);
  });
});
