import { describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, pickPrefetches, prefetchScore, seededRandom, whenIdle } from './prefetch';

const HOUR = 60 * 60_000;
const NOW = 10 * 24 * HOUR;
const zero = () => 0;

const file = (id: string, fileType: string, size = 1000) => ({ id, fileType, size });

describe('prefetchScore (core.md §9)', () => {
  it('adds 0.8 for an access within the hour, 0.4 within the day, 0.3 for pdf or epub', () => {
    expect(prefetchScore('txt', NOW - HOUR, NOW, zero)).toBeCloseTo(0.8);
    expect(prefetchScore('txt', NOW - HOUR - 1, NOW, zero)).toBeCloseTo(0.4);
    expect(prefetchScore('txt', NOW - 24 * HOUR - 1, NOW, zero)).toBe(0);
    expect(prefetchScore('pdf', undefined, NOW, zero)).toBeCloseTo(0.3);
    expect(prefetchScore('epub', NOW - 2 * HOUR, NOW, zero)).toBeCloseTo(0.7);
    expect(prefetchScore('mobi', undefined, NOW, zero)).toBe(0);
  });

  it('adds a random part of at most 0.1', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 100; i += 1) {
      const score = prefetchScore('txt', undefined, NOW, random);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThan(0.1);
    }
  });

  it('repeats the same scores for the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe('pickPrefetches', () => {
  const accessedAt = new Map([
    ['recent-txt', NOW - 10 * 60_000],
    ['day-pdf', NOW - 5 * HOUR],
    ['day-txt', NOW - 5 * HOUR],
    ['recent-epub', NOW - 60_000],
    ['recent-mobi', NOW - 30 * 60_000],
  ]);
  const files = [
    file('never-pdf', 'pdf'),
    file('recent-txt', 'txt'),
    file('day-pdf', 'pdf'),
    file('day-txt', 'txt'),
    file('recent-epub', 'epub'),
    file('recent-mobi', 'mobi'),
  ];

  it('takes at most three at or above 0.7, highest first', () => {
    const picks = pickPrefetches(files, { accessedAt, now: NOW, random: seededRandom(1) });
    expect(picks.map((f) => f.id)[0]).toBe('recent-epub'); // 1.1 and more
    expect(picks).toHaveLength(3);
    expect(picks.map((f) => f.id)).not.toContain('never-pdf');
    expect(picks.map((f) => f.id)).not.toContain('day-txt');
  });

  it('skips cached files and files larger than the cache', () => {
    const picks = pickPrefetches([...files, file('big', 'pdf', 101 * 1024 * 1024)], {
      accessedAt: new Map([...accessedAt, ['big', NOW]]),
      now: NOW,
      random: zero,
      isCached: (f) => f.id === 'recent-epub',
    });
    expect(picks.map((f) => f.id)).toEqual(['recent-txt', 'recent-mobi', 'day-pdf']);
  });
});

describe('whenIdle', () => {
  it('falls back to a 100 ms timer without requestIdleCallback', () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn();
      whenIdle(task);
      vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
      expect(task).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(task).toHaveBeenCalledOnce();
      const cancelled = vi.fn();
      whenIdle(cancelled)();
      vi.advanceTimersByTime(IDLE_FALLBACK_MS);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
