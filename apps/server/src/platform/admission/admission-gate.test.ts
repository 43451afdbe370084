import { describe, expect, it, vi } from 'vitest';
import { AdmissionTimeout, createAdmissionGate } from './admission-gate.js';

describe('the admission gate', () => {
  it('lets `concurrency` in at once and the rest in arrival order as places free', async () => {
    const gate = createAdmissionGate({ concurrency: 2, maxWaitMs: 10_000 });
    const order: number[] = [];
    const leaves = await Promise.all([gate.enter(), gate.enter()]);
    const waiting = [3, 4, 5].map((n) => gate.enter().then((leave) => (order.push(n), leave)));
    expect(gate).toMatchObject({ inside: 2, waiting: 3 });
    leaves[1]();
    const third = await waiting[0]!;
    expect(order).toEqual([3]);
    leaves[0]();
    third();
    await Promise.all(waiting.slice(1));
    expect(order).toEqual([3, 4, 5]);
    expect(gate).toMatchObject({ inside: 2, waiting: 0 });
  });

  it('lets in at once without a promise only when a place is free and nobody waits', async () => {
    const gate = createAdmissionGate({ concurrency: 1, maxWaitMs: 10_000 });
    const leave = gate.tryEnter();
    expect(leave).toBeTypeOf('function');
    expect(gate.tryEnter()).toBeUndefined();
    const waiting = gate.enter();
    leave!();
    // The place went to the one waiting, not to whoever asks next.
    expect(gate.tryEnter()).toBeUndefined();
    (await waiting)();
    expect(gate.tryEnter()).toBeTypeOf('function');
  });

  it('frees a place once however often it is left', async () => {
    const gate = createAdmissionGate({ concurrency: 1, maxWaitMs: 10_000 });
    const leave = await gate.enter();
    const next = gate.enter();
    leave();
    leave();
    await next;
    expect(gate.inside).toBe(1);
  });

  it('turns a caller away after the longest wait, and the caller behind it takes its turn', async () => {
    vi.useFakeTimers();
    try {
      const gate = createAdmissionGate({ concurrency: 1, maxWaitMs: 1_000, now: () => Date.now() });
      const leave = await gate.enter();
      const first = gate.enter();
      const refused = expect(first).rejects.toBeInstanceOf(AdmissionTimeout);
      await vi.advanceTimersByTimeAsync(600);
      const second = gate.enter();
      await vi.advanceTimersByTimeAsync(400);
      await refused;
      expect(gate).toMatchObject({ inside: 1, waiting: 1 });
      leave();
      await expect(second).resolves.toBeTypeOf('function');
      expect(gate).toMatchObject({ inside: 1, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells background work when nobody is inside or waiting, or lets it go after its longest wait', async () => {
    vi.useFakeTimers();
    try {
      const gate = createAdmissionGate({ concurrency: 1, maxWaitMs: 10_000 });
      await gate.whenIdle(50); // idle already: at once
      const first = await gate.enter();
      const second = gate.enter();
      let idle = false;
      void gate.whenIdle(1_000).then(() => (idle = true));
      first();
      const leaveSecond = await second;
      await vi.advanceTimersByTimeAsync(0);
      expect(idle).toBe(false); // the second request is inside now
      leaveSecond();
      await vi.advanceTimersByTimeAsync(0);
      expect(idle).toBe(true);

      const busy = await gate.enter();
      let gaveUp = false;
      void gate.whenIdle(50).then(() => (gaveUp = true));
      await vi.advanceTimersByTimeAsync(49);
      expect(gaveUp).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(gaveUp).toBe(true);
      busy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a concurrency below one', () => {
    expect(() => createAdmissionGate({ concurrency: 0, maxWaitMs: 1 })).toThrow(/concurrency/);
  });
});
