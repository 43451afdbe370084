import type { DomainEvents } from '@bookshelf/contract';

type Handler<P> = (payload: P) => void | Promise<void>;

export interface EventBusLogger {
  error(obj: object, msg: string): void;
}

export interface EventBus<M extends object> {
  /** Registers a handler; the returned function removes it. */
  subscribe<K extends keyof M>(name: K, handler: Handler<M[K]>): () => void;
  /**
   * Delivers the event to every handler and resolves when all have settled. A failing handler is
   * logged and never fails the publisher: the action that caused the event has already happened.
   */
  publish<K extends keyof M>(name: K, payload: M[K]): Promise<void>;
  /** Resolves when every delivery in flight has settled (shutdown, tests). */
  drain(): Promise<void>;
}

/**
 * The in-process domain event bus. The interface is what features depend on, so a later
 * implementation can fan events out across instances (ROADMAP 15) without touching them.
 */
export function createEventBus<M extends object = DomainEvents>(logger: EventBusLogger): EventBus<M> {
  const handlers = new Map<keyof M, Set<Handler<never>>>();
  const inFlight = new Set<Promise<void>>();

  return {
    subscribe(name, handler) {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    publish(name, payload) {
      const current = [...(handlers.get(name) ?? [])] as Handler<M[typeof name]>[];
      const delivery = Promise.all(
        current.map(async (handler) => {
          try {
            await handler(payload);
          } catch (err) {
            logger.error({ err, event: String(name) }, 'domain event handler failed');
          }
        }),
      ).then(() => undefined);
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
      return delivery;
    },
    async drain() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
