import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '../lib/lazy-retry';

// React.lazy itself is typed over ComponentType<any>: a screen's own props are checked where it is rendered.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * A screen in its own chunk, loaded on first render with the spec's retries (core.md §4). `load` is also
 * handy to call early (on hover, say) so the chunk is already there when the screen opens.
 */
export function lazyScreen<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => loadWithRetry(load).then((module) => ({ default: module[name] })));
}

/**
 * A lazy screen that uses TanStack Query: the query library and the page's query client (lib/query-client)
 * load with it and wrap it, so the visitor's pages, which use neither, never download them (decision 030).
 */
export function lazyQueryScreen<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() =>
    loadWithRetry(() => Promise.all([load(), import('../lib/query-client')])).then(([module, { QueryProvider }]) => {
      const Screen: AnyComponent = module[name];
      const WithQueries = (props: object) => createElement(QueryProvider, null, createElement(Screen, props));
      return { default: WithQueries as M[K] };
    }),
  );
}
