import { json, network } from '../test/fake-network';
import { AccountPaths, BookMessages } from '@bookshelf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testAccount } from '../test/fixtures';
import { renderApp, testMe } from '../test/render-app';

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

// The book form opens Manage Accounts, the accounts feature's dialog, from the slot the signed-in app fills.
describe('Manage Accounts over the book form', () => {
  it('adding an account there never submits the half-filled book form behind it', async () => {
    network.answer(`GET ${AccountPaths.list}`, [testAccount()]);
    network.answer(
      `POST ${AccountPaths.list}`,
      json(testAccount({ id: 'a9', name: 'Indie shop', isDefault: false }), 201),
    );
    renderApp({ route: '/help?add=1', me: testMe });
    // The first opening compiles the shell's and the dialog's lazy chunks, which takes a while on a busy machine.
    const bookDialog = await screen.findByRole('dialog', { name: 'Add New Book' }, { timeout: 10_000 });
    set('Title', 'Half typed');
    fireEvent.click(within(bookDialog).getByRole('button', { name: 'Manage accounts' }));
    const accountsDialog = await screen.findByRole('dialog', { name: 'Manage Accounts' });
    fireEvent.click(within(accountsDialog).getByRole('button', { name: 'Add Account' }));
    set('Account name', 'Indie shop');
    set('Account type', 'kindle');
    const form = within(accountsDialog).getByRole('form', { name: 'Add Account' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Account' }));

    await waitFor(() => expect(network.requests(`POST ${AccountPaths.list}`)).toHaveLength(1));
    expect(await within(accountsDialog).findByRole('list', { name: 'Accounts' })).toBeTruthy();
    expect(network.requests('POST /api/books')).toHaveLength(0);
    // The book form was not validated either: its errors would show behind the modal.
    expect(within(bookDialog).queryByText(BookMessages.authorRequired)).toBeNull();
    expect(bookDialog.isConnected).toBe(true);
    expect(within(bookDialog).getByLabelText<HTMLInputElement>('Title').value).toBe('Half typed');
  });
});
