import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

// RuleTester reports through whichever test framework's hooks it is given.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const books = '/repo/apps/server/src/features/books/books.service.ts';

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: books, code: "import { x } from './books.repository.js';" },
    { filename: books, code: "import { bus } from '../../platform/events.js';" },
    { filename: books, code: "import { z } from 'zod';" },
    {
      filename: '/repo/apps/web/src/features/books/api/use-books.ts',
      code: "import { api } from '../../../lib/api-client';",
    },
    { filename: '/repo/apps/server/src/app.ts', code: "import { r } from './features/books/books.routes.js';" },
  ],
  invalid: [
    {
      filename: books,
      code: "import { award } from '../gamification/gamification.service.js';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: '/repo/apps/web/src/features/books/components/book-card.tsx',
      code: "export { Avatar } from '../../friends/components/avatar';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: books,
      code: "const m = import('../feed/feed.service.js');",
      errors: [{ messageId: 'crossFeature' }],
    },
  ],
});
