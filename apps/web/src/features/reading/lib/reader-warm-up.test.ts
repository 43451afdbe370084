import { describe, expect, it } from 'vitest';
import type { FileContentSource } from '../../cloud-drives/public';
import { createReaderWarmUp, NEAR_DWELL_MS } from './reader-warm-up';

const source = (id: string): FileContentSource => ({
  url: `/api/cloud-drives/files/${id}/content`,
  downloadUrl: `/api/cloud-drives/files/${id}/content?download=1`,
  load: () => Promise.reject(new Error('not in this test')),
  cached: () => Promise.resolve(undefined),
});

/** A warm-up with a hand-driven clock, recording what it asked for. */
function setup() {
  const calls: string[] = [];
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const warm = createReaderWarmUp({
    loadChunks: (kind) => calls.push(`chunks ${kind}`),
    warmPdf: (content) => calls.push(`warm ${content.url}`),
    openPdf: (content) => calls.push(`open ${content.url}`),
    setTimer: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimer: (timer) => timers.delete(timer as number),
  });
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.run();
      }
    }
  };
  return { calls, warm, advance, pendingTimers: () => timers.size };
}

const pdf = (id: string) => ({ id, fileType: 'pdf' });

describe('createReaderWarmUp', () => {
  it('warms a PDF the pointer rests on, once, after the dwell', () => {
    const { calls, warm, advance } = setup();
    warm(pdf('a'), source('a'), 'near');
    warm(pdf('a'), source('a'), 'near');
    advance(NEAR_DWELL_MS - 1);
    expect(calls.filter((c) => c.startsWith('warm'))).toEqual([]);
    advance(1);
    expect(calls.filter((c) => c.startsWith('warm'))).toEqual(['warm /api/cloud-drives/files/a/content']);
  });

  it('asks nothing of the server for files the pointer only sweeps across', () => {
    const { calls, warm, advance } = setup();
    warm(pdf('a'), source('a'), 'near');
    advance(40);
    warm(pdf('b'), source('b'), 'near');
    advance(40);
    warm(pdf('c'), source('c'), 'near');
    advance(NEAR_DWELL_MS);
    expect(calls.filter((c) => c.startsWith('warm'))).toEqual(['warm /api/cloud-drives/files/c/content']);
  });

  it('opens the document at once on open, and drops a warm-up still waiting', () => {
    const { calls, warm, advance, pendingTimers } = setup();
    warm(pdf('a'), source('a'), 'near');
    warm(pdf('a'), source('a'), 'open');
    expect(pendingTimers()).toBe(0);
    advance(NEAR_DWELL_MS * 2);
    expect(calls).toEqual(['chunks pdf', 'chunks pdf', 'open /api/cloud-drives/files/a/content']);
  });

  it('loads only the chunks for other books, and nothing for a file the reader cannot show', () => {
    const { calls, warm, advance } = setup();
    warm({ id: 'e', fileType: 'epub' }, source('e'), 'near');
    warm({ id: 'e', fileType: 'epub' }, source('e'), 'open');
    warm({ id: 't', fileType: 'txt' }, source('t'), 'near');
    warm({ id: 'd', fileType: 'doc' }, source('d'), 'open');
    advance(NEAR_DWELL_MS * 2);
    expect(calls).toEqual(['chunks foliate', 'chunks foliate', 'chunks text']);
  });
});
