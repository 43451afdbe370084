export interface BackgroundLogger {
  error(obj: object, msg: string): void;
}

/**
 * Work that runs after the answer has gone (a mail the caller must not wait for). In process for now: a
 * durable job queue can take its place behind the same `run`, without touching the callers.
 */
export interface Background {
  run(task: string, work: () => Promise<void>): void;
  /** Waits for the work under way, so a shutdown does not cut a mail in half. */
  drain(): Promise<void>;
}

export function createBackground(log: BackgroundLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(task, work) {
      const done: Promise<void> = Promise.resolve()
        .then(work)
        .catch((err: unknown) => log.error({ err, task }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      await Promise.all(running);
    },
  };
}
