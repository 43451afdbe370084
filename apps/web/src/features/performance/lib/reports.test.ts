import { describe, expect, it } from 'vitest';
import { resourceTotals } from './page-resources';
import { toReport, type ReportEnvironment } from './reports';
import { toBatch } from './transport';

const env: ReportEnvironment = {
  sessionId: 'abc',
  url: 'https://books.example/books/0b7f7a7e-1111-4222-8333-944444444444',
  userAgent: 'UA',
  connectionType: '4g',
  viewportWidth: 390.4,
};
const now = new Date('2030-01-01T00:00:00Z');

describe('toReport', () => {
  it('builds the spec’s Performance report from one measurement', () => {
    expect(toReport({ name: 'LCP', value: 1234.5, navigationType: 'navigate' }, env, now)).toEqual({
      sessionId: 'abc',
      timestamp: '2030-01-01T00:00:00.000Z',
      url: env.url,
      userAgent: 'UA',
      connectionType: '4g',
      metrics: { LCP: 1234.5 },
      context: { navigationType: 'navigate', viewportWidth: 390 },
    });
  });

  it('leaves out what the server would refuse', () => {
    expect(toReport({ name: 'FOO', value: 1 }, env, now)).toBeNull();
    expect(toReport({ name: 'CLS', value: Number.NaN }, env, now)).toBeNull();
    expect(toReport({ name: 'TTFB', value: -3 }, env, now)).toBeNull();
  });

  it('wraps reports in the §7 body', () => {
    expect(toBatch([], now)).toEqual({
      reports: [],
      metadata: { sdkVersion: 'web-vitals@6', timestamp: now.toISOString() },
    });
  });
});

describe('resourceTotals', () => {
  it('adds downloads up by budget kind, as sent, everything in the total', () => {
    const entry = (name: string, initiatorType: string, transferSize: number, encodedBodySize = transferSize) => ({
      name,
      initiatorType,
      transferSize,
      encodedBodySize,
    });
    expect(
      resourceTotals([
        entry('https://a/assets/index-1.js', 'script', 1000),
        entry('https://a/assets/chunk.js?v=2', 'other', 0, 500),
        entry('https://a/assets/index.css', 'link', 300),
        entry('https://a/cover.webp', 'img', 2000),
        entry('https://a/font.woff2', 'css', 700),
        entry('https://a/api/books', 'fetch', 50),
      ]),
    ).toEqual({ js: 1500, css: 300, images: 2000, fonts: 700, total: 4550 });
  });
});
