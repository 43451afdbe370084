import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './events.js';

interface TestEvents {
  'book.finished': { bookId: string };
  'user.registered': { userId: string };
}

const silentLogger = () => ({ error: vi.fn() });

describe('event bus', () => {
  it('delivers a payload to every subscriber of that event only', async () => {
    const bus = createEventBus<TestEvents>(silentLogger());
    const finished: string[] = [];
    const registered: string[] = [];
    bus.subscribe('book.finished', (p) => void finished.push(`a:${p.bookId}`));
    bus.subscribe('book.finished', async (p) => void finished.push(`b:${p.bookId}`));
    bus.subscribe('user.registered', (p) => void registered.push(p.userId));

    await bus.publish('book.finished', { bookId: 'b1' });
    expect(finished.sort()).toEqual(['a:b1', 'b:b1']);
    expect(registered).toEqual([]);
  });

  it('logs a failing subscriber without failing the publisher or the other subscribers', async () => {
    const logger = silentLogger();
    const bus = createEventBus<TestEvents>(logger);
    const seen: string[] = [];
    bus.subscribe('book.finished', () => {
      throw new Error('badge service down');
    });
    bus.subscribe('book.finished', (p) => void seen.push(p.bookId));

    await expect(bus.publish('book.finished', { bookId: 'b2' })).resolves.toBeUndefined();
    expect(seen).toEqual(['b2']);
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = createEventBus<TestEvents>(silentLogger());
    const seen: string[] = [];
    const off = bus.subscribe('user.registered', (p) => void seen.push(p.userId));
    await bus.publish('user.registered', { userId: 'u1' });
    off();
    await bus.publish('user.registered', { userId: 'u2' });
    expect(seen).toEqual(['u1']);
  });

  it('drain waits for deliveries still running', async () => {
    const bus = createEventBus<TestEvents>(silentLogger());
    let done = false;
    bus.subscribe('user.registered', async () => {
      await new Promise((r) => setTimeout(r, 20));
      done = true;
    });
    void bus.publish('user.registered', { userId: 'u1' });
    expect(done).toBe(false);
    await bus.drain();
    expect(done).toBe(true);
  });
});
