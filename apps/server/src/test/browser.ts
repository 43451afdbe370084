import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FakeSmtp } from '@bookshelf/test-support';
import type { App } from '../app.js';

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): ParsedCookie {
  const [pair = '', ...attrs] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    if (i < 0) attributes[attr.toLowerCase()] = true;
    else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
}

export function setCookies(res: LightMyRequestResponse): ParsedCookie[] {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map(parseSetCookie);
}

/**
 * A browser stand-in for app.inject(): it keeps cookies between requests (honouring deletions) and sends
 * the header the web app adds to unsafe requests, so tests exercise the same path a person's browser takes.
 */
let browsers = 0;

export function createBrowser(app: App, options: { remoteAddress?: string } = {}) {
  const jar = new Map<string, string>();
  // Each browser is a different person on a different address, as in real life, so that one test's sign-ups
  // do not use up another's per-address rate limit.
  browsers += 1;
  const remoteAddress =
    options.remoteAddress ?? `10.${(browsers >> 16) & 255}.${(browsers >> 8) & 255}.${browsers & 255}`;
  const request = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const res = await app.inject({
      remoteAddress,
      ...options,
      headers: {
        'x-requested-with': 'fetch',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
        ...(cookie ? { cookie } : {}),
        ...options.headers,
      },
    });
    for (const c of setCookies(res)) {
      const expires = typeof c.attributes.expires === 'string' ? Date.parse(c.attributes.expires) : NaN;
      if (c.value === '' || c.attributes['max-age'] === '0' || expires < Date.now()) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  return {
    jar,
    remoteAddress,
    request,
    get: (url: string, options: Omit<InjectOptions, 'url' | 'method'> = {}) =>
      request({ ...options, method: 'GET', url }),
    post: (url: string, payload?: unknown, options: Omit<InjectOptions, 'url' | 'method'> = {}) =>
      request({ ...options, method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) }),
    patch: (url: string, payload: unknown) => request({ method: 'PATCH', url, payload: payload as object }),
    delete: (url: string) => request({ method: 'DELETE', url }),
  };
}

export type Browser = ReturnType<typeof createBrowser>;

let counter = 0;
/** A unique, valid sign-up body. */
export function newUser(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  return {
    name: `Reader ${counter}`,
    email: `reader${counter}-${Date.now()}@example.org`,
    password: 'correct horse battery',
    ...overrides,
  };
}

export async function signUp(app: App, overrides: Parameters<typeof newUser>[0] = {}) {
  const browser = createBrowser(app);
  const user = newUser(overrides);
  const res = await browser.post('/api/auth/register', user);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { browser, user, me: res.json<{ id: string }>() };
}

/** The link in the newest mail to `email` that arrived after `before` mails. */
export async function mailedLink(smtp: FakeSmtp, email: string, before: number) {
  const mail = await smtp.waitForMessage((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the mail: ${mail.text}`);
  return { mail, link: new URL(link) };
}

/** Signs up where mail goes out (issue 27): the sign-up answers 202, the mailed link's token creates the account. */
export async function signUpByMail(app: App, smtp: FakeSmtp, overrides: Parameters<typeof newUser>[0] = {}) {
  const browser = createBrowser(app);
  const user = newUser(overrides);
  const before = smtp.messages.length;
  const requested = await browser.post('/api/auth/register', user);
  if (requested.statusCode !== 202) throw new Error(`sign-up failed: ${requested.statusCode} ${requested.body}`);
  const { link } = await mailedLink(smtp, user.email, before);
  const res = await browser.post('/api/auth/verify-email', { token: link.searchParams.get('token') });
  if (res.statusCode !== 201) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  return { browser, user, me: res.json<{ id: string }>() };
}
