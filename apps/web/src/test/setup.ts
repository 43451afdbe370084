// Runs before every web test file. The app loads some response schemas (see lib/api-client.ts) on demand;
// loading them up front keeps those imports from racing the tests' fake clocks and findBy timeouts. Nothing
// here may import the API client: it keeps the fetch it finds, which must be test/fake-network's. The tests
// that open the lazily loaded user menu preload it themselves (test/preload-user-menu.ts).
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
]);
// jsdom has no EventSource; the signed-in app opens one (lib/live-events.ts).
await import('./fake-event-source');
export {};
