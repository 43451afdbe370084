import { PerformancePaths, PerformanceSummarySchema, type PerformanceReport } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performanceSamples } from '../../db/schema/index.js';
import { enqueueJob } from '../../platform/jobs/job-store.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../test/browser.js';

const DAY = 86_400_000;
let clock = new Date('2030-03-01T12:00:00Z').getTime();
const LISTED_ADMIN = `listed-admin-${Date.now()}@example.org`;

let t: TestApp;
let owner: Browser;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock), adminEmails: [LISTED_ADMIN.toUpperCase()] });
  // The instance's first account: its administrator (decision 032).
  owner = (await signUp(t.app)).browser;
});
afterAll(async () => {
  await t.close();
});

function report(overrides: Partial<PerformanceReport> = {}): PerformanceReport {
  return {
    sessionId: 'session-1',
    timestamp: new Date(clock).toISOString(),
    url: 'http://localhost:3000/books',
    userAgent: 'Mozilla/5.0',
    connectionType: '4g',
    metrics: { LCP: 1200, CLS: 0.02 },
    context: { route: '/books', navigationType: 'navigate' },
    ...overrides,
  };
}
const batch = (reports: PerformanceReport[]) => ({
  reports,
  metadata: { sdkVersion: 'web-vitals@5', timestamp: new Date(clock).toISOString() },
});

/** What navigator.sendBeacon sends: a text/plain body, no X-Requested-With, the page's cookies if any. */
const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: PerformancePaths.reports,
    remoteAddress: '10.200.0.1',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost:80', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function summary(browser: Browser) {
  const res = await browser.get(PerformancePaths.summary);
  expect(res.statusCode, res.body).toBe(200);
  return PerformanceSummarySchema.parse(res.json());
}

async function clearSamples() {
  await t.database.db.delete(performanceSamples);
}

describe('POST /api/analytics/performance', () => {
  it('stores a signed-in batch as route pattern, metric and value only', async () => {
    await clearSamples();
    const res = await owner.post(
      PerformancePaths.reports,
      batch([
        report({ url: 'http://localhost:3000/books/0b7f7a7e-1111-4222-8333-944444444444?q=secret#x' }),
        report({ url: '/profile/ann-reader', metrics: { INP: 80, TTFB: 300, FCP: 900 } }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ stored: 5 });
    const rows = await t.database.db.select().from(performanceSamples);
    expect(rows.map((r) => [r.route, r.metric, r.value, r.connectionType]).sort()).toEqual(
      [
        ['/books/:id', 'CLS', 0.02, '4g'],
        ['/books/:id', 'LCP', 1200, '4g'],
        ['/profile/:userId', 'FCP', 900, '4g'],
        ['/profile/:userId', 'INP', 80, '4g'],
        ['/profile/:userId', 'TTFB', 300, '4g'],
      ].sort(),
    );
    // Nothing of the address but its pattern: no id, query, fragment or name.
    expect(JSON.stringify(rows)).not.toMatch(/0b7f7a7e|secret|ann-reader|session-1|Mozilla/);
  });

  it('accepts an anonymous beacon: text/plain JSON without X-Requested-With', async () => {
    await clearSamples();
    const res = await beacon(batch([report({ url: 'http://localhost:3000/', metrics: { LCP: 2000 } })]));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ stored: 1 });
    const rows = await t.database.db.select().from(performanceSamples);
    expect(rows).toEqual([expect.objectContaining({ route: '/', metric: 'LCP', value: 2000 })]);
  });

  it('still refuses a cross-site beacon, and an unknown address is stored as other', async () => {
    const crossSite = await beacon(batch([report()]), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await beacon(batch([report()]), { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);

    await clearSamples();
    const res = await beacon(batch([report({ url: 'http://localhost:3000/no/such/page/ann@example.org' })]));
    expect(res.statusCode).toBe(202);
    const rows = await t.database.db.select().from(performanceSamples);
    expect(new Set(rows.map((r) => r.route))).toEqual(new Set(['other']));
  });

  it('answers bad input with a 400 naming the field, and stores nothing', async () => {
    await clearSamples();
    const negative = await owner.post(PerformancePaths.reports, batch([report({ metrics: { LCP: -5 } })]));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toContain('body.reports.0.metrics.LCP');

    const hugeCls = await beacon(batch([report({ metrics: { CLS: 1e9 } })]));
    expect(hugeCls.statusCode).toBe(400);
    expect(hugeCls.json().error.message).toContain('body.reports.0.metrics.CLS');

    const longUrl = await owner.post(PerformancePaths.reports, batch([report({ url: `/${'a'.repeat(3000)}` })]));
    expect(longUrl.statusCode).toBe(400);
    expect(longUrl.json().error.message).toContain('body.reports.0.url');

    const noMetadata = await owner.post(PerformancePaths.reports, { reports: [report()] });
    expect(noMetadata.statusCode).toBe(400);
    expect(noMetadata.json().error.message).toContain('body.metadata');

    const notJson = await beacon('{"reports": [');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('VALIDATION_ERROR');

    expect(await t.database.db.select().from(performanceSamples)).toEqual([]);
  });

  it('refuses a batch of more than 50 reports with a 400 naming reports', async () => {
    const res = await owner.post(PerformancePaths.reports, batch(Array.from({ length: 51 }, () => report())));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('body.reports');
    const fifty = await owner.post(PerformancePaths.reports, batch(Array.from({ length: 50 }, () => report())));
    expect(fifty.statusCode).toBe(202);
  });

  it('limits each address to 120 batches a minute', async () => {
    const address = '10.201.0.1';
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: PerformancePaths.reports,
        remoteAddress: address,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(batch([report({ metrics: { TTFB: 10 } })])),
      });
    for (let i = 0; i < 120; i++) expect((await send()).statusCode).toBe(202);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/analytics/performance/summary', () => {
  it('answers p75 per route and metric over the last 7 days', async () => {
    await clearSamples();
    // Older than the window: must not count.
    clock -= 8 * DAY;
    await beacon(batch([report({ url: '/books', metrics: { LCP: 99_000 } })]));
    clock += 8 * DAY;
    const lcps = [100, 200, 300, 400];
    await beacon(batch(lcps.map((LCP, i) => report({ url: `/books/${i + 1}`, metrics: { LCP, CLS: i / 10 } }))));
    await beacon(
      batch([report({ url: '/books', metrics: { INP: 40 } }), report({ url: '/books', metrics: { INP: 60 } })]),
    );

    const answer = await summary(owner);
    expect(answer.days).toBe(7);
    expect(answer.routes).toEqual([
      {
        route: '/books/:id',
        samples: 8,
        // percentile_cont: 0.75 × (4 − 1) = 2.25 → 300 + 0.25 × (400 − 300) = 325.
        metrics: { LCP: { p75: 325, samples: 4 }, CLS: { p75: expect.closeTo(0.225, 10), samples: 4 } },
      },
      { route: '/books', samples: 2, metrics: { INP: { p75: 55, samples: 2 } } },
    ]);
  });

  it('is for administrators: anonymous 401, another user 403, an ADMIN_EMAILS user 200', async () => {
    const anonymous = await createBrowser(t.app).get(PerformancePaths.summary);
    expect(anonymous.statusCode).toBe(401);

    const reader = await signUp(t.app);
    expect((await reader.browser.get('/api/me')).json()).toMatchObject({ isAdmin: false });
    const forbidden = await reader.browser.get(PerformancePaths.summary);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');

    expect((await owner.get('/api/me')).json()).toMatchObject({ isAdmin: true });
    const listed = await signUp(t.app, { email: LISTED_ADMIN });
    expect(listed.me).toMatchObject({ isAdmin: true });
    expect((await listed.browser.get(PerformancePaths.summary)).statusCode).toBe(200);
  });
});

describe('retention', () => {
  it('the hourly prune forgets samples older than 30 days', async () => {
    await clearSamples();
    clock -= 31 * DAY;
    await beacon(batch([report({ metrics: { LCP: 1 } })]));
    clock += 31 * DAY;
    await beacon(batch([report({ metrics: { LCP: 2 } })]));
    await enqueueJob(t.database.db, 'performance.prune-samples');
    await t.app.jobs.drain();
    const rows = await t.database.db.select().from(performanceSamples);
    expect(rows.map((r) => r.value)).toEqual([2]);
  });
});
