import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: {
      '@bookshelf/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      '@bookshelf/test-support': fileURLToPath(new URL('../../test-support/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});
