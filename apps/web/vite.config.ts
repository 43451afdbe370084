import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * React Router's package exports only its development build (extra checks and warnings); its own Vite
 * plugin swaps in the production build for `vite build`, which an app using it as a library does by hand.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss()],
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
  },
  server: {
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? '3000'}`, changeOrigin: false } },
  },
}));
