import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Bundle the contract from its sources: no build step between editing a schema and seeing it.
    alias: { '@bookshelf/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
  build: {
    // bench/bundle reads the manifest to find what each route loads first.
    manifest: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? '3000'}`, changeOrigin: false } },
  },
});
