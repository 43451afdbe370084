import { unwiredInputs } from '@bookshelf/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/**
 * Every string and date any route takes is built on wire-values.ts (issue 27: a custom platform's name with a
 * NUL, and the same in its path, were a 500 because their schemas used a bare z.string()). The routes are
 * those the app registers, so a new route or field is audited as soon as it exists.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('builds every string and date of every request schema on the wire text and date schemas', () => {
  const found: string[] = [];
  let audited = 0;
  for (const route of t.app.routeAccess) {
    if (route.method === 'HEAD') continue;
    for (const [part, schema] of Object.entries(route.takes)) {
      if (!schema) continue;
      audited += 1;
      for (const problem of unwiredInputs(schema, part)) found.push(`${route.method} ${route.url} ${problem}`);
    }
  }
  expect(audited).toBeGreaterThan(60);
  expect(found).toEqual([]);
});
