import type { PerformanceReport } from '@bookshelf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReportQueue, flushPeriodically, type Transport } from './report-queue';

const report = (n: number): PerformanceReport => ({
  sessionId: 's',
  timestamp: '2030-01-01T00:00:00.000Z',
  url: `http://app/books/${n}`,
  userAgent: 'UA',
  connectionType: '4g',
  metrics: { LCP: n },
});

function recordingQueue(batchSize = 10, maxBatch = 50) {
  const sent: { size: number; via: Transport }[] = [];
  const queue = createReportQueue({
    batchSize,
    maxBatch,
    send: (reports, via) => sent.push({ size: reports.length, via }),
  });
  return { queue, sent };
}

describe('report queue', () => {
  it('sends a batch by fetch as soon as ten reports wait, and nothing before', () => {
    const { queue, sent } = recordingQueue();
    for (let i = 1; i <= 9; i++) queue.add(report(i));
    expect(sent).toEqual([]);
    expect(queue.size).toBe(9);
    queue.add(report(10));
    expect(sent).toEqual([{ size: 10, via: 'fetch' }]);
    expect(queue.size).toBe(0);
  });

  it('a flush sends what waits, split at the server’s limit, and an empty flush sends nothing', () => {
    const { queue, sent } = recordingQueue(200, 50);
    for (let i = 0; i < 120; i++) queue.add(report(i));
    queue.flush('beacon');
    expect(sent).toEqual([
      { size: 50, via: 'beacon' },
      { size: 50, via: 'beacon' },
      { size: 20, via: 'beacon' },
    ]);
    queue.flush('fetch');
    expect(sent).toHaveLength(3);
  });
});

describe('flushPeriodically', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes by fetch every 30 s and by beacon when the page is hidden or left, until stopped', () => {
    const flushes: Transport[] = [];
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const stop = flushPeriodically({ flush: (via) => flushes.push(via) }, { intervalMs: 30_000 });

    vi.advanceTimersByTime(29_999);
    expect(flushes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushes).toEqual(['fetch']);

    document.dispatchEvent(new Event('visibilitychange'));
    expect(flushes).toEqual(['fetch']);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('pagehide'));
    expect(flushes).toEqual(['fetch', 'beacon', 'beacon']);

    stop();
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(flushes).toHaveLength(3);
  });
});
