import type { LiveEvent } from '@bookshelf/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { testJob } from '../test/fixtures';
import { connectLiveEvents } from './live-events';
import { liveEventsConnected } from './live-events-state';

const job = testJob({
  state: 'running',
  progress: { current: 2, total: 5, phase: 'Adding books' },
  attempts: 1,
  startedAt: '2026-11-23T10:00:01.000Z',
});

beforeEach(() => {
  FakeEventSource.instances.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('connectLiveEvents', () => {
  it('opens one stream and passes on each event that matches the contract', async () => {
    const received: LiveEvent[] = [];
    const stop = connectLiveEvents({ onEvent: (e) => received.push(e) });
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/events']);
    const source = FakeEventSource.latest()!;
    source.open();
    source.emit('job.updated', { type: 'job.updated', job }, '7');
    source.emit('books.changed', { type: 'books.changed' }, '8');
    source.emit('job.updated', { type: 'job.updated', job: { id: 'half a job' } }, '9');
    source.emit('books.changed', 'not json', '10');
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledTimes(2));
    expect(received).toEqual([{ type: 'job.updated', job }, { type: 'books.changed' }]);
    stop();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('in production passes events on unchecked, dropping only what is not JSON', async () => {
    const received: LiveEvent[] = [];
    const stop = connectLiveEvents({ onEvent: (e) => received.push(e), validate: false });
    const source = FakeEventSource.latest()!;
    source.emit('books.changed', { type: 'books.changed', extra: 1 }, '1');
    source.emit('books.changed', 'not json', '2');
    source.emit('resync', { type: 'resync' }, '3');
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received).toEqual([{ type: 'books.changed', extra: 1 }, { type: 'resync' }]);
    expect(console.warn).toHaveBeenCalledTimes(1);
    stop();
  });

  it('says whether a stream is open, so pages poll only while none is', () => {
    const stop = connectLiveEvents({ onEvent: () => undefined });
    const source = FakeEventSource.latest()!;
    expect(liveEventsConnected()).toBe(false);
    source.open();
    expect(liveEventsConnected()).toBe(true);
    stop();
    expect(liveEventsConnected()).toBe(false);

    const again = connectLiveEvents({ onEvent: () => undefined });
    FakeEventSource.latest()!.open();
    expect(liveEventsConnected()).toBe(true);
    FakeEventSource.latest()!.fail();
    expect(liveEventsConnected()).toBe(false);
    again();
  });

  it('opens a new stream with backoff after the browser gives up, resuming after the last event', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const stop = connectLiveEvents({ onEvent: () => undefined });
    const first = FakeEventSource.latest()!;
    first.open();
    first.emit('books.changed', { type: 'books.changed' }, '41');
    first.fail(); // e.g. a 503 while an instance restarts
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.latest()!.url).toBe('/api/events?lastEventId=41');

    FakeEventSource.latest()!.fail(); // and again: the wait doubles
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);

    stop();
    FakeEventSource.latest()!.fail();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('leaves reconnecting after a dropped connection to the browser', () => {
    vi.useFakeTimers();
    const stop = connectLiveEvents({ onEvent: () => undefined });
    const source = FakeEventSource.latest()!;
    source.readyState = FakeEventSource.CONNECTING; // the browser retries by itself, with Last-Event-ID
    source.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    stop();
  });
});
