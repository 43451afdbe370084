/** Why a waiting request was turned away: it waited longer than the gate allows. */
export class AdmissionTimeout extends Error {
  constructor(readonly waitedMs: number) {
    super(`waited ${waitedMs} ms for a turn`);
    this.name = 'AdmissionTimeout';
  }
}

export interface AdmissionGate {
  /**
   * Resolves, in arrival order, once fewer than `concurrency` holders are inside, to the function that lets
   * the next one in (calling it again does nothing); rejects with AdmissionTimeout after `maxWaitMs` outside.
   */
  enter(): Promise<() => void>;
  /** The same at once when a place is free and nobody waits; undefined otherwise (then call `enter`). */
  tryEnter(): (() => void) | undefined;
  /**
   * Resolves once no request is inside or waiting, or after `maxWaitMs` at the latest: background work (an
   * import's next batch) lets the requests of the moment go first, without being starved under steady load.
   */
  whenIdle(maxWaitMs: number): Promise<void>;
  /** Holders inside and callers waiting, for logs and tests. */
  readonly inside: number;
  readonly waiting: number;
}

interface Waiter {
  admit: (release: () => void) => void;
  timer?: NodeJS.Timeout;
  /** It timed out and left its place. */
  gone: boolean;
}

/**
 * A first-come, first-served gate (decision 037): at most `concurrency` inside, the rest wait in order.
 * A waiter that times out leaves its place without admitting anyone.
 */
export function createAdmissionGate({
  concurrency,
  maxWaitMs,
  now = () => performance.now(),
}: {
  concurrency: number;
  maxWaitMs: number;
  now?: () => number;
}): AdmissionGate {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be ≥ 1, not ${concurrency}`);
  let inside = 0;
  // A queue as an array with a moving head: shift() on a long array costs a copy per call.
  let queue: Waiter[] = [];
  let head = 0;
  let idleWaiters: (() => void)[] = [];
  const isIdle = () => inside === 0 && head === queue.length;
  const wakeIdleWaiters = () => {
    if (!isIdle() || idleWaiters.length === 0) return;
    const woken = idleWaiters;
    idleWaiters = [];
    for (const wake of woken) wake();
  };

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inside -= 1;
      admitNext();
      wakeIdleWaiters();
    };
  };

  const admitNext = () => {
    while (inside < concurrency && head < queue.length) {
      const waiter = queue[head]!;
      head += 1;
      if (waiter.gone) continue;
      clearTimeout(waiter.timer);
      inside += 1;
      waiter.admit(releaser());
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    }
  };

  const tryEnter = () => {
    if (inside >= concurrency || head < queue.length) return undefined;
    inside += 1;
    return releaser();
  };

  return {
    tryEnter,
    whenIdle(maxWaitMs) {
      if (isIdle()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          idleWaiters = idleWaiters.filter((w) => w !== wake);
          resolve();
        }, maxWaitMs);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        idleWaiters.push(wake);
      });
    },
    enter() {
      const entered = tryEnter();
      if (entered) return Promise.resolve(entered);
      const since = now();
      return new Promise((admit, refuse) => {
        const waiter: Waiter = { admit, gone: false };
        waiter.timer = setTimeout(() => {
          waiter.gone = true;
          refuse(new AdmissionTimeout(Math.round(now() - since)));
        }, maxWaitMs);
        queue.push(waiter);
      });
    },
    get inside() {
      return inside;
    },
    get waiting() {
      let n = 0;
      for (let i = head; i < queue.length; i += 1) if (!queue[i]!.gone) n += 1;
      return n;
    },
  };
}
