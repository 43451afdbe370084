import { apiError, json, network } from '../../../test/fake-network';
import { AccountMessages, type Account } from '@bookshelf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast';
import { testAccount } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-with-app';
import { ManageAccountsDialog } from './manage-accounts-dialog';

const account = (over: Partial<Account>): Account => testAccount({ bookCount: 4, ...over });

const personal = account({});
const kindle = account({
  id: 'a2',
  name: 'My Kindle',
  type: 'kindle',
  email: 'ada@example.org',
  isDefault: false,
  bookCount: 3,
  settings: { defaultCurrency: 'GBP', autoSync: true, notifications: false },
});
const shop = account({
  id: 'a3',
  name: 'Corner',
  type: 'other',
  customType: 'Flea market',
  isActive: false,
  isDefault: false,
  bookCount: 0,
});

function open(accounts: Account[] = [personal, kindle, shop]) {
  network.answer('GET /api/accounts', accounts);
  renderWithApp(<ManageAccountsDialog open onOpenChange={vi.fn()} />);
}

const row = (name: string) => screen.getByRole('listitem', { name });
const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ManageAccountsDialog', () => {
  it('lists each account with its type, email, state, currency, book count and the Default badge', async () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Manage Accounts' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Accounts' });
    expect(row('Personal Collection').textContent).toContain('Default');
    expect(row('My Kindle').textContent).toContain('Kindle · ada@example.org');
    expect(row('My Kindle').textContent).toContain('GBP · 3 books');
    expect(row('My Kindle').textContent).toContain('Active');
    expect(row('Corner').textContent).toContain('Flea market');
    expect(row('Corner').textContent).toContain('Inactive');
    expect(row('My Kindle').textContent).not.toContain('Default');
  });

  it('has no delete button for the default account', async () => {
    open();
    await screen.findByRole('list', { name: 'Accounts' });
    expect(within(row('Personal Collection')).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(row('My Kindle')).getByRole('button', { name: 'Delete My Kindle' })).toBeTruthy();
  });

  it('asks with the exact text and the books that will move before deleting', async () => {
    network.answer('DELETE /api/accounts/a2', json({ movedBooks: 3 }));
    open();
    await screen.findByRole('list', { name: 'Accounts' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete My Kindle' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete My Kindle' });
    expect(within(confirm).getByText(AccountMessages.deleteConfirm)).toBeTruthy();
    expect(AccountMessages.deleteConfirm).toBe(
      'Are you sure you want to delete this account? This action cannot be undone.',
    );
    expect(within(confirm).getByText('3 books will move to Personal Collection.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(network.requests('DELETE /api/accounts/a2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete My Kindle' }));
    network.answer('GET /api/accounts', [personal, shop]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'My Kindle' })).toBeNull());
    expect(network.requests('DELETE /api/accounts/a2')).toHaveLength(1);
    expect(getToasts().some((t) => t.title === 'Account deleted' && t.message?.includes('3 books moved'))).toBe(true);
  });

  it('says nothing about moving books when the account has none', async () => {
    open();
    await screen.findByRole('list', { name: 'Accounts' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Corner' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Corner' });
    expect(confirm.textContent).not.toContain('will move');
  });

  it('adds an account: name and type required, a custom type for other', async () => {
    network.answer('POST /api/accounts', json(account({ id: 'a9', name: 'Indie shop', isDefault: false }), 201));
    open();
    await screen.findByRole('list', { name: 'Accounts' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    const form = screen.getByRole('form', { name: 'Add Account' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Account' }));
    expect(await screen.findByText(AccountMessages.nameRequired)).toBeTruthy();
    expect(screen.getByText(AccountMessages.typeRequired)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').type).toBe('email');
    set('Account name', ' Indie shop ');
    set('Account type', 'other');
    set('Email', 'not-an-email');
    fireEvent.click(within(form).getByRole('button', { name: 'Add Account' }));
    expect(await screen.findByText(AccountMessages.customTypeRequired)).toBeTruthy();
    expect(screen.getByText(AccountMessages.invalidEmail)).toBeTruthy();
    set('Custom type', 'Book fair');
    set('Email', '');
    set('Default currency', 'EUR');
    fireEvent.click(screen.getByRole('switch', { name: 'Auto sync' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(network.requests('POST /api/accounts')).toHaveLength(1));
    expect(network.requests('POST /api/accounts')[0]!.body).toEqual({
      name: 'Indie shop',
      type: 'other',
      customType: 'Book fair',
      email: null,
      description: null,
      isActive: true,
      settings: { defaultCurrency: 'EUR', autoSync: true, notifications: true },
    });
    expect(await screen.findByRole('list', { name: 'Accounts' })).toBeTruthy();
    expect(getToasts().some((t) => t.title === 'Account added')).toBe(true);
  });

  it('edits an account, dropping the custom type when the type is no longer other', async () => {
    network.answer('PATCH /api/accounts/a3', json({ ...shop, type: 'library', customType: null }));
    open();
    await screen.findByRole('list', { name: 'Accounts' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Corner' }));
    expect(screen.getByLabelText<HTMLInputElement>('Custom type').value).toBe('Flea market');
    expect(screen.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('false');
    set('Account type', 'library');
    fireEvent.click(screen.getByRole('switch', { name: 'Active' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(network.requests('PATCH /api/accounts/a3')).toHaveLength(1));
    expect(network.requests('PATCH /api/accounts/a3')[0]!.body).toMatchObject({
      type: 'library',
      customType: null,
      isActive: true,
    });
    expect(await screen.findByRole('list', { name: 'Accounts' })).toBeTruthy();
  });

  it('keeps the default account active and shows a server issue at its field', async () => {
    network.answer(
      'PATCH /api/accounts/default-personal',
      apiError(400, `Invalid body.email: ${AccountMessages.invalidEmail}`, 'VALIDATION_ERROR'),
    );
    open();
    await screen.findByRole('list', { name: 'Accounts' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Personal Collection' }));
    expect(screen.getByRole<HTMLButtonElement>('switch', { name: 'Active' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(network.requests('PATCH /api/accounts/default-personal')).toHaveLength(1));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(AccountMessages.invalidEmail)).toBeTruthy();
  });
});
