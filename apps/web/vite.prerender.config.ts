import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The server build of src/prerender.tsx, which scripts/prerender.mjs runs after the browser build to write the
 * visitors' pages to HTML. Its own file, so the browser build's chunking settings never apply to it.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    // As in vite.config.ts: the contract from its sources.
    alias: { '@bookshelf/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
  // One file: the chunks the page would load lazily are all needed at once here.
  build: {
    ssr: 'src/prerender.tsx',
    outDir: 'node_modules/.prerender',
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node20',
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
