import { describe, expect, it } from 'vitest';
import { samplesOf, summarise } from './performance.service.js';

const report = (url: string, metrics: Record<string, number>, connectionType = ' 4G ') => ({
  sessionId: 's',
  timestamp: '2030-01-01T00:00:00Z',
  url,
  userAgent: 'UA',
  connectionType,
  metrics,
});

describe('samplesOf', () => {
  it('makes one row per value under the server’s own route pattern, whatever the client claimed', () => {
    const rows = samplesOf({
      reports: [
        { ...report('/books/9?q=secret', { LCP: 10, CLS: 0 }), context: { route: '/settings' } },
        report('/nowhere', { TTFB: 5 }, ''),
      ],
      metadata: { sdkVersion: 'v', timestamp: '2030-01-01T00:00:00Z' },
    });
    expect(rows).toEqual([
      { route: '/books/:id', metric: 'LCP', value: 10, connectionType: '4g' },
      { route: '/books/:id', metric: 'CLS', value: 0, connectionType: '4g' },
      { route: 'other', metric: 'TTFB', value: 5, connectionType: 'unknown' },
    ]);
  });
});

describe('summarise', () => {
  it('folds metric rows into routes, busiest first, then by name; FID stays out of the summary', () => {
    expect(
      summarise([
        { route: '/b', metric: 'LCP', p75: 1, samples: 2 },
        { route: '/a', metric: 'CLS', p75: 0.1, samples: 2 },
        { route: '/c', metric: 'INP', p75: 3, samples: 5 },
        { route: '/b', metric: 'FID', p75: 9, samples: 9 },
      ]),
    ).toEqual([
      { route: '/c', samples: 5, metrics: { INP: { p75: 3, samples: 5 } } },
      { route: '/a', samples: 2, metrics: { CLS: { p75: 0.1, samples: 2 } } },
      { route: '/b', samples: 2, metrics: { LCP: { p75: 1, samples: 2 } } },
    ]);
  });
});
