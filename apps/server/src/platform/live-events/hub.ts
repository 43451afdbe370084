import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventsStore, StoredLiveEvent } from './store.js';
import type { Credential, SseStream } from './stream.js';

export interface HubDeps {
  store: LiveEventsStore;
  /** Whether the session or token that opened a stream is still valid (not signed out, revoked or expired). */
  isCredentialActive: (credential: Credential) => Promise<boolean>;
  log: FastifyBaseLogger;
}

/**
 * This instance's open streams, by user, and what reaches them: every event notice of the channel (from this
 * instance or another) becomes one batched read by id for the users that have a stream here; other users'
 * notices cost nothing.
 */
export function createHub({ store, isCredentialActive, log }: HubDeps) {
  const byUser = new Map<string, Set<SseStream>>();
  const pending = new Set<number>();
  let delivering: Promise<void> = Promise.resolve();
  let scheduled = false;

  const deliver = (events: StoredLiveEvent[]) => {
    for (const event of events) byUser.get(event.userId)?.forEach((stream) => stream.send(event));
  };

  // One read for every notice that arrived meanwhile; reads run one after another, so events keep their order.
  const flush = async () => {
    scheduled = false;
    const ids = [...pending];
    pending.clear();
    deliver(await store.byIds(ids));
  };

  const streamsOf = (userId?: string) =>
    userId === undefined ? [...byUser.values()].flatMap((set) => [...set]) : [...(byUser.get(userId) ?? [])];

  return {
    add(stream: SseStream) {
      let set = byUser.get(stream.userId);
      if (!set) byUser.set(stream.userId, (set = new Set()));
      set.add(stream);
    },

    remove(stream: SseStream) {
      const set = byUser.get(stream.userId);
      set?.delete(stream);
      if (set?.size === 0) byUser.delete(stream.userId);
    },

    count: (userId: string) => byUser.get(userId)?.size ?? 0,
    total: () => streamsOf().length,

    /** An event was stored for `userId` (on any instance). */
    stored(userId: string, id: number) {
      if (!byUser.has(userId)) return;
      pending.add(id);
      if (scheduled) return;
      scheduled = true;
      delivering = delivering
        .then(flush)
        .catch((err: unknown) => log.warn({ err }, 'live events: reading events to deliver failed'));
    },

    /** Ends the streams (of one user, or all) whose session or token is no longer valid. */
    async revalidate(userId?: string) {
      const streams = streamsOf(userId);
      const verdicts = new Map<string, Promise<boolean>>();
      await Promise.all(
        streams.map(async (stream) => {
          const key = `${stream.credential.kind}:${stream.credential.key}`;
          let verdict = verdicts.get(key);
          if (!verdict) verdicts.set(key, (verdict = isCredentialActive(stream.credential)));
          if (!(await verdict)) stream.close();
        }),
      );
    },

    heartbeat: () => streamsOf().forEach((stream) => stream.heartbeat()),
    closeAll: () => streamsOf().forEach((stream) => stream.close()),
  };
}

export type Hub = ReturnType<typeof createHub>;
