import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's package exports only its development build (extra checks and warnings); its own Vite
 * plugin swaps in the production build for `vite build`, which an app using it as a library does by hand.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

/** The signed-in app and the screens a member lands on, as Vite's manifest and the server name them (decision 033). */
const SIGNED_IN_APP = 'src/app/authenticated-app.tsx';
const LANDING_SCREENS = [
  'src/features/dashboard/pages/dashboard-page.tsx',
  'src/features/books/pages/library-page.tsx',
];

/**
 * Which chunk each module of a member's first load goes in (decision 033). Left to itself the bundler cuts
 * the signed-in app into some thirty files of 1–2 KB (an icon, a helper shared by two screens), and over
 * HTTP/1.1 a phone fetches six at a time: round trips, not bytes, decide when the library shows. Instead:
 * one chunk for the signed-in app with everything it needs that the entry does not already hold, then one
 * per landing screen with the rest of that screen's. Whatever the entry loads stays where it was (the
 * visitor's first load does not change), and every other screen keeps the bundler's own splitting.
 */
function signedInChunks(): { plugin: Plugin; chunkOf: (id: string) => string | null } {
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'bookshelf:signed-in-chunks',
    apply: 'build',
    buildEnd() {
      const root = fileURLToPath(new URL('.', import.meta.url));
      const staticClosure = (from: string[], into = new Set<string>()) => {
        const stack = [...from];
        while (stack.length) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return into;
      };
      const ids = [...this.getModuleIds()];
      const initial = staticClosure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const byPath = (source: string) => ids.find((id) => id === path.join(root, source));
      // The screens themselves keep their own chunk, under their own name in the manifest (the server's key).
      const own = new Set([SIGNED_IN_APP, ...LANDING_SCREENS].map(byPath));
      for (const id of own) if (id) chunkOf.set(id, '');
      // What another lazy chunk also needs (the phone's drawer, a dialog, the visitor's sign-in) stays with the
      // bundler: captured here, it would make that chunk download a whole screen.
      const elsewhere = staticClosure(
        ids.filter((id) => !own.has(id) && (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0),
      );
      const assign = (name: string, from: string | undefined) => {
        if (!from) return;
        for (const id of staticClosure([from]))
          if (!initial.has(id) && !elsewhere.has(id) && !chunkOf.has(id)) chunkOf.set(id, name);
      };
      assign('signed-in', byPath(SIGNED_IN_APP));
      // What both landing screens use goes with the app, which both need anyway.
      const screens = LANDING_SCREENS.map((source) => staticClosure([byPath(source)].filter((id) => id !== undefined)));
      for (const id of screens[0]!)
        if (screens[1]!.has(id) && !initial.has(id) && !elsewhere.has(id) && !chunkOf.has(id))
          chunkOf.set(id, 'signed-in');
      for (const source of LANDING_SCREENS) assign(path.basename(source, '-page.tsx'), byPath(source));
    },
  };
  return { plugin, chunkOf: (id) => chunkOf.get(id) || null };
}

const chunks = signedInChunks();

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), chunks.plugin],
  resolve: {
    alias: [
      // Bundle the contract from its sources: no build step between editing a schema and seeing it.
      {
        find: '@bookshelf/contract',
        replacement: fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      },
      ...(command === 'build' && mode === 'production'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  build: {
    // Which file holds which module, for anyone inspecting the chunk graph (bench/bundle measures in Chromium).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only what the plugin named; its own dependencies are already in its closure or in the entry.
          groups: [{ name: chunks.chunkOf, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? '3000'}`, changeOrigin: false } },
  },
}));
