import { network } from '../test/fake-network';
import { AccountPaths } from '@bookshelf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testAccount } from '../test/fixtures';
import { renderApp, testMe } from '../test/render-app';

describe('Settings → Profile → Accounts', () => {
  it('opens Manage Accounts without going through a book form, and gives focus back on close', async () => {
    network.answer(`GET ${AccountPaths.list}`, [
      testAccount(),
      testAccount({ id: 'a2', name: 'My Kindle', type: 'kindle', isDefault: false }),
    ]);
    renderApp({ route: '/settings', me: testMe });
    // The first visit compiles the settings chunk, which can take a while on a busy machine.
    const section = await screen.findByRole('region', { name: 'Accounts' }, { timeout: 5_000 });
    const manage = within(section).getByRole('button', { name: 'Manage Accounts' });
    manage.focus();
    fireEvent.click(manage);

    const dialog = await screen.findByRole('dialog', { name: 'Manage Accounts' });
    const list = await within(dialog).findByRole('list', { name: 'Accounts' });
    expect(within(list).getByRole('listitem', { name: 'My Kindle' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(manage));
  });
});
