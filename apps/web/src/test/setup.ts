// Runs before every web test file. The app loads some response schemas (see lib/api-client.ts) and the user
// menu on demand; loading them up front keeps those imports from racing the tests' fake clocks and findBy
// timeouts.
await Promise.all([
  import('../lib/me-schema'),
  import('../lib/api-error-schema'),
  import('../features/health/api/health-schema'),
  import('../lib/account-list-schema'),
  import('../features/books/api/schemas'),
  import('../features/accounts/api/schemas'),
  import('../features/dashboard/api/dashboard-schemas'),
  import('../lib/jobs/job-schema'),
  import('../lib/live-event-schema'),
  import('zod/mini'),
  import('../app/user-menu-dropdown'),
]);
// jsdom has no EventSource; the signed-in app opens one (lib/live-events.ts).
await import('./fake-event-source');
export {};
