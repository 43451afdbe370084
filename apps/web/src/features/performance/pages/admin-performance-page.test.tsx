import { apiError, network } from '../../../test/fake-network';
import type { PerformanceSummary } from '@bookshelf/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { AdminPerformancePage } from './admin-performance-page';

const SUMMARY = 'GET /api/analytics/performance/summary';
const summary = (routes: PerformanceSummary['routes']): PerformanceSummary => ({
  since: '2030-01-01T00:00:00.000Z',
  days: 7,
  routes,
});

describe('AdminPerformancePage', () => {
  it('lists routes in a table with p75 values rated by the spec’s thresholds, in words too', async () => {
    network.answer(
      SUMMARY,
      summary([
        {
          route: '/books/:id',
          samples: 12,
          metrics: {
            LCP: { p75: 3000, samples: 4 },
            CLS: { p75: 0.3, samples: 4 },
            INP: { p75: 120, samples: 4 },
          },
        },
        { route: '/', samples: 1, metrics: { TTFB: { p75: 500, samples: 1 } } },
      ]),
    );
    renderWithApp(<AdminPerformancePage />);
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Route', 'LCP', 'CLS', 'INP', 'FCP', 'TTFB', 'Samples']);
    const row = within(table).getByRole('row', { name: /\/books\/:id/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '3,000 ms Needs improvement',
      '0.300 Poor',
      '120 ms Good',
      '—No samples',
      '—No samples',
      '12',
    ]);
    expect(within(table).getByRole('rowheader', { name: '/' })).toBeTruthy();
  });

  it('says so when there are no reports yet', async () => {
    network.answer(SUMMARY, summary([]));
    renderWithApp(<AdminPerformancePage />);
    expect(await screen.findByText(/No reports in the last 7 days yet/, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells a non-administrator the page is not theirs, without a retry', async () => {
    network.answer(SUMMARY, apiError(403, 'Only an administrator of this Bookshelf can see this.', 'FORBIDDEN'));
    renderWithApp(<AdminPerformancePage />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toContain('Only an administrator of this Bookshelf can see this page.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers a retry when the summary cannot load', async () => {
    network.answer(SUMMARY, apiError(500, 'Something went wrong on our side.', 'INTERNAL_ERROR'));
    renderWithApp(<AdminPerformancePage />);
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5_000 })).toBeTruthy();
  });
});
