import { beforeAll } from 'vitest';

/**
 * The header's user menu is a lazy chunk (decision 030); a cold first import can outlast a findBy timeout on
 * a busy machine. Import this after test/fake-network, since the menu imports the API client.
 */
beforeAll(async () => {
  await import('../app/user-menu-dropdown');
});
