import { lazy, type ComponentType } from 'react';
import { loadWithRetry } from '../../../lib/lazy-retry';
import { engineKindOf, type EngineKind } from '../lib/engine-kind';
import type { EngineProps } from './engine-types';

type Engine = ComponentType<EngineProps>;

/* Each engine is a chunk of its own, fetched only when the reader opens a file of its kind (pdf.js, foliate-js
 * and mammoth never weigh on the dashboard's first load). The build-time prerender (one file, every lazy chunk
 * inlined) renders no reader, and pdf.js cannot even load outside a browser, so it gets none. */
const LOADERS: Record<EngineKind, () => Promise<Engine>> = import.meta.env.SSR
  ? {
      pdf: () => Promise.reject(new Error('No reader while prerendering.')),
      foliate: () => Promise.reject(new Error('No reader while prerendering.')),
      text: () => Promise.reject(new Error('No reader while prerendering.')),
    }
  : {
      pdf: () => import('./pdf/pdf-engine').then((m) => m.PdfEngine),
      foliate: () => import('./foliate/foliate-engine').then((m) => m.FoliateEngine),
      text: () => import('./text/text-engine').then((m) => m.TextEngine),
    };

/** The engines whose chunk has arrived. */
const loaded: Partial<Record<EngineKind, Engine>> = {};

const load = (kind: EngineKind) => LOADERS[kind]().then((engine) => (loaded[kind] = engine));

/**
 * The engine for a file type, or null when the reader cannot show it (Unsupported Format). One whose chunk is
 * in (preloadEngine, the File Browser's warm-up) is the component itself: a lazy one suspends on its first
 * render even then, and React holds a Suspense boundary's content back until 300 ms after its fallback showed,
 * which was 300 ms of every PDF's first page (decision 068). Otherwise a lazy one with the spec's chunk
 * retries, new on every call: React.lazy keeps a failed import's error, so Retry asks for a fresh one.
 */
export function engineFor(fileType: string): Engine | null {
  const kind = engineKindOf(fileType);
  if (!kind) return null;
  return loaded[kind] ?? lazy(() => loadWithRetry(() => load(kind)).then((engine) => ({ default: engine })));
}

/** Starts fetching an engine's chunk early (the reader opening while the saved progress is still on its way). */
export function preloadEngine(fileType: string): void {
  const kind = engineKindOf(fileType);
  if (kind) void load(kind).catch(() => undefined);
}
