import { describe, expect, it } from 'vitest';
import { OTHER_ROUTE, routePattern } from './performance-routes.js';
import { isSampledSession, PERFORMANCE_SAMPLE_RATE } from './performance-sampling.js';
import {
  PERFORMANCE_BATCH_SIZE,
  PERFORMANCE_FLUSH_INTERVAL_MS,
  PERFORMANCE_THRESHOLDS,
  ratePerformance,
} from './performance-rules.js';
import { PerformanceBatchSchema } from './performance.js';
import { z } from 'zod/mini';

describe('performance monitoring constants (core.md §9)', () => {
  it('are the spec’s', () => {
    expect([PERFORMANCE_SAMPLE_RATE, PERFORMANCE_BATCH_SIZE, PERFORMANCE_FLUSH_INTERVAL_MS]).toEqual([0.1, 10, 30_000]);
    expect(PERFORMANCE_THRESHOLDS).toMatchObject({
      LCP: { good: 2500, poor: 4000 },
      FID: { good: 100, poor: 300 },
      CLS: { good: 0.1, poor: 0.25 },
      FCP: { good: 1800, poor: 3000 },
      TTFB: { good: 800, poor: 1800 },
    });
  });
});

describe('ratePerformance', () => {
  it('is good up to the good threshold, poor only above the poor one', () => {
    expect(ratePerformance('LCP', 2500)).toBe('good');
    expect(ratePerformance('LCP', 2501)).toBe('needs-improvement');
    expect(ratePerformance('LCP', 4000)).toBe('needs-improvement');
    expect(ratePerformance('LCP', 4001)).toBe('poor');
    expect(ratePerformance('CLS', 0.1)).toBe('good');
    expect(ratePerformance('CLS', 0.26)).toBe('poor');
    expect(ratePerformance('INP', 350)).toBe('needs-improvement');
  });
});

describe('isSampledSession', () => {
  it('takes one session in ten', () => {
    expect(isSampledSession(0)).toBe(true);
    expect(isSampledSession(0.0999)).toBe(true);
    expect(isSampledSession(0.1)).toBe(false);
    expect(isSampledSession(0.99)).toBe(false);
  });
});

describe('routePattern', () => {
  it('keeps the pattern, never ids, queries, fragments or hosts', () => {
    expect(routePattern('https://books.example/books/0b7f7a7e-1111-4222-8333-944444444444?q=x#top')).toBe('/books/:id');
    expect(routePattern('/books/42/summary')).toBe('/books/:id/summary');
    expect(routePattern('/profile/ann-reader')).toBe('/profile/:userId');
    expect(routePattern('/books/')).toBe('/books');
    expect(routePattern('/')).toBe('/');
    expect(routePattern('/reading-analytics')).toBe('/reading-analytics');
    expect(routePattern('/admin/performance')).toBe('/admin/performance');
  });

  it('answers other for any address that is not a screen', () => {
    for (const url of ['/no/such/page', '/ann@example.org', '/books/1/2/3', 'http://[bad', '']) {
      expect(routePattern(url)).toBe(url === '' ? '/' : OTHER_ROUTE);
    }
  });
});

describe('PerformanceBatchSchema', () => {
  const report = {
    sessionId: 's',
    timestamp: '2030-01-01T00:00:00Z',
    url: '/',
    userAgent: 'UA',
    connectionType: '4g',
    metrics: { LCP: 1000 },
  };
  const batch = (reports: unknown[]) => ({ reports, metadata: { sdkVersion: 'v', timestamp: '2030-01-01T00:00:00Z' } });
  const paths = (value: unknown) => {
    const result = z.safeParse(PerformanceBatchSchema, value);
    return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
  };

  it('accepts up to 50 reports and names the field of a bad one', () => {
    expect(paths(batch(Array.from({ length: 50 }, () => report)))).toEqual([]);
    expect(paths(batch(Array.from({ length: 51 }, () => report)))).toEqual(['reports']);
    expect(paths(batch([{ ...report, metrics: { TTFB: -1 } }]))).toEqual(['reports.0.metrics.TTFB']);
    expect(paths(batch([{ ...report, metrics: { LCP: 600_001 } }]))).toEqual(['reports.0.metrics.LCP']);
    expect(paths(batch([{ ...report, sessionId: 'x'.repeat(65) }]))).toEqual(['reports.0.sessionId']);
    expect(paths(batch([{ ...report, timestamp: 'yesterday' }]))).toEqual(['reports.0.timestamp']);
  });
});
