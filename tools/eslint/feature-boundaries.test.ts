import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

// RuleTester reports through whichever test framework's hooks it is given.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const books = '/repo/apps/server/src/features/books/books.service.ts';
const web = '/repo/apps/web/src';
const dashboardPage = `${web}/features/dashboard/pages/dashboard-page.tsx`;

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: books, code: "import { x } from './books.repository.js';" },
    { filename: books, code: "import { bus } from '../../platform/events.js';" },
    { filename: books, code: "import { z } from 'zod';" },
    {
      filename: `${web}/features/books/api/use-books.ts`,
      code: "import { api } from '../../../lib/api-client';",
    },
    { filename: '/repo/apps/server/src/app.ts', code: "import { r } from './features/books/books.routes.js';" },
    // A web feature reads another through its public.ts, and nothing else of it.
    { filename: dashboardPage, code: "import { bookKeys } from '../../books/public';" },
    { filename: `${web}/features/dashboard/api/use-x.ts`, code: "export { bookKeys } from '../../books/public.ts';" },
    // app/ wires features together: it may import any of their files.
    { filename: `${web}/app/app-shell.tsx`, code: "import { AddBookRoute } from '../features/books/components/r';" },
    { filename: `${web}/app/screens.ts`, code: "const p = () => import('../features/books/pages/library-page');" },
    // The shared layers use each other, and a feature uses them.
    { filename: `${web}/lib/toast.tsx`, code: "const l = () => import('../components/ui/toast-list');" },
    { filename: `${web}/components/ui/modal.tsx`, code: "import { x } from '../../lib/storage';" },
    { filename: dashboardPage, code: "import { Modal } from '../../../components/ui/modal';" },
    // Test helpers render the whole app; src/main.tsx starts it.
    { filename: `${web}/test/render-app.tsx`, code: "import { AppRoutes } from '../app/routes';" },
    { filename: `${web}/main.tsx`, code: "import { Providers } from './app/providers';" },
  ],
  invalid: [
    {
      filename: books,
      code: "import { award } from '../gamification/gamification.service.js';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      // Server features have no public.ts door: they share effects as domain events.
      filename: books,
      code: "import { x } from '../accounts/public.js';",
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: `${web}/features/books/components/book-card.tsx`,
      code: "export { Avatar } from '../../friends/components/avatar';",
      errors: [{ messageId: 'crossFeatureWeb' }],
    },
    {
      filename: books,
      code: "const m = import('../feed/feed.service.js');",
      errors: [{ messageId: 'crossFeature' }],
    },
    // Past or around the public door of a web feature.
    { filename: dashboardPage, code: "import { x } from '../../books';", errors: [{ messageId: 'crossFeatureWeb' }] },
    {
      filename: dashboardPage,
      code: "import { x } from '../../books/public/paths';",
      errors: [{ messageId: 'crossFeatureWeb' }],
    },
    {
      filename: dashboardPage,
      code: "const d = import('../../books/components/add-book-dialog');",
      errors: [{ messageId: 'crossFeatureWeb' }],
    },
    // Against the direction of the web layers.
    {
      filename: `${web}/features/books/components/add-book-route.tsx`,
      code: "import { AddBookDialog } from '../../../app/screens';",
      errors: [{ messageId: 'upward', data: { from: 'features', to: 'app' } }],
    },
    {
      filename: dashboardPage,
      code: "import { withOrigin } from '../../../app/use-origin';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: `${web}/lib/session.ts`,
      code: "import { useLogin } from '../features/auth/api/use-login';",
      errors: [{ messageId: 'upward', data: { from: 'lib', to: 'features' } }],
    },
    {
      filename: `${web}/lib/session.ts`,
      code: "import { x } from '../features/auth/public';",
      errors: [{ messageId: 'upward' }],
    },
    {
      filename: `${web}/components/ui/modal.tsx`,
      code: "export * from '../../app/screens';",
      errors: [{ messageId: 'upward', data: { from: 'components', to: 'app' } }],
    },
  ],
});
