import { network } from '../test/fake-network';
import '../test/preload-user-menu';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp, testMe } from '../test/render-app';
import { stubResizeObserver } from '../test/stub-resize-observer';

beforeAll(stubResizeObserver);

async function openUserMenu() {
  // The signed-in shell is a lazy chunk: its first load takes a while on a busy machine.
  fireEvent.keyDown(await screen.findByRole('button', { name: /User menu$/ }, { timeout: 15_000 }), { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('user menu: the performance page (decision 032)', () => {
  it('is linked for an administrator and opens the admin page', async () => {
    network.answer('GET /api/analytics/performance/summary', { since: '2030-01-01T00:00:00Z', days: 7, routes: [] });
    const { location } = renderApp({ route: '/settings', me: { ...testMe, isAdmin: true } });
    await openUserMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Performance' }));
    expect(await screen.findByRole('heading', { name: "Real users' performance" }, { timeout: 5_000 })).toBeTruthy();
    expect(location()).toBe('/admin/performance');
  }, 30_000);

  it('is not offered to anyone else', async () => {
    renderApp({ route: '/settings', me: testMe });
    const menu = await openUserMenu();
    expect(menu.textContent).toContain('Settings');
    expect(screen.queryByRole('menuitem', { name: 'Performance' })).toBeNull();
  }, 30_000);
});
