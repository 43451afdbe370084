import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests run on the workspace packages' sources, not their build output.
const alias = {
  '@bookshelf/contract': here('./packages/contract/src/index.ts'),
  '@bookshelf/test-support': here('./test-support/src/index.ts'),
};

const serverSuite = (name: string, db: 'pglite' | 'postgres', include: string[]): TestProjectConfiguration => ({
  resolve: { alias },
  test: {
    name,
    root: here('./apps/server'),
    include,
    environment: 'node',
    env: { BOOKSHELF_TEST_DB: db },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectConfiguration[] = [
  {
    resolve: { alias },
    test: { name: 'contract', root: here('./packages/contract'), include: ['src/**/*.test.ts'], environment: 'node' },
  },
  {
    resolve: { alias },
    test: { name: 'test-support', root: here('./test-support'), include: ['src/**/*.test.ts'], environment: 'node' },
  },
  {
    test: { name: 'tools', root: here('./tools'), include: ['**/*.test.ts'], environment: 'node' },
  },
  {
    test: { name: 'scripts', root: here('./scripts'), include: ['*.test.ts'], environment: 'node' },
  },
  {
    resolve: { alias },
    test: { name: 'bench', root: here('./bench'), include: ['**/*.test.ts'], environment: 'node' },
  },
  serverSuite('server', 'pglite', ['src/**/*.test.ts']),
  './apps/web/vitest.config.ts',
];

// The same integration suite again on a real PostgreSQL server when one is given (CI sets it).
if (process.env.TEST_DATABASE_URL) {
  projects.push(serverSuite('server-postgres', 'postgres', ['src/**/*.int.test.ts']));
}

export default defineConfig({ test: { projects } });
