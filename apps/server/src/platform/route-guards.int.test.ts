import { AuthMessages, ErrorCode } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUp } from '../test/browser.js';

/**
 * Authentication comes before validation on every route that needs a caller (issue 27): a signed-out
 * request with a bad body, bad params and a bad query is a 401 that says nothing of what the route expects.
 * The routes are the guard's own record of every API route registered, so a new route is walked too.
 */

/** The routes anyone may call. Adding one here is a decision: it answers signed-out callers. */
const ANONYMOUS = [
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/providers',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'POST /api/auth/verify-email',
  'GET /api/auth/:provider',
  'GET /api/auth/:provider/callback',
  'POST /api/analytics/performance',
  'GET /api/covers/:hash',
  'GET /api/wishlist/shared/:token',
];

/** Every path parameter filled with something no schema accepts. */
const badUrl = (url: string) => `${url.replace(/:[A-Za-z]+/g, '%00')}?limit=-1&date=0000-99-99&status=%00`;
const BAD_BODY = { title: '\u0000', name: 12, email: 'not an address', bogus: [null] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('routes that need a caller', () => {
  it('are every API route but the anonymous ones', () => {
    const anonymous = t.app.routeAccess
      .filter((r) => !r.needsCaller && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(anonymous.sort()).toEqual([...ANONYMOUS].sort());
    // Most of the API needs a caller; a walk over nothing would prove nothing.
    expect(t.app.routeAccess.filter((r) => r.needsCaller).length).toBeGreaterThan(80);
  });

  it('answer a signed-out request with a bad body, params and query 401, not a 400 describing them', async () => {
    const wrong: string[] = [];
    for (const route of t.app.routeAccess.filter((r) => r.needsCaller)) {
      const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: badUrl(route.url),
        headers: { 'x-requested-with': 'fetch' },
        ...(hasBody ? { payload: BAD_BODY } : {}),
      });
      // A HEAD answer has no body to read the error from.
      if (route.method === 'HEAD' && res.statusCode === 401) continue;
      const error = res.body ? (res.json<{ error?: { code?: string; message?: string } }>().error ?? {}) : {};
      if (res.statusCode !== 401 || error.code !== ErrorCode.unauthenticated) {
        wrong.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      } else if (error.message !== AuthMessages.unauthenticated) {
        wrong.push(`${route.method} ${route.url} → ${error.message}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answer a revoked or made-up API token 401 before reading the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/money/platforms',
      headers: { authorization: 'Bearer bk_made_up' },
      payload: { name: 'a\u0000b' },
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error.message).toBe('This API token is invalid or has been revoked.');
  });

  it('still validate the body of a signed-in caller', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.post('/api/accounts', { name: 12 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('body.name');
  });
});
