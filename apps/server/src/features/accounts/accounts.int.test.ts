import { AccountMessages, type Account } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp, type Browser } from '../../test/browser.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function addAccount(browser: Browser, body: object): Promise<Account> {
  const res = await browser.post('/api/accounts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('accounts', () => {
  it('gives every new user the built-in Personal Collection (core.md §3)', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.get('/api/accounts');
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: 'default-personal',
        name: 'Personal Collection',
        type: 'other',
        isActive: true,
        isDefault: true,
        bookCount: 0,
        settings: { defaultCurrency: 'USD', autoSync: false, notifications: true },
      }),
    ]);
  });

  it('adds, edits and lists accounts; customType is kept only for type other', async () => {
    const { browser } = await signUp(t.app);
    const kindle = await addAccount(browser, {
      name: ' Kindle ',
      type: 'kindle',
      customType: 'dropped',
      email: 'me@example.org',
      settings: { defaultCurrency: 'GBP' },
    });
    expect(kindle).toMatchObject({
      name: 'Kindle',
      customType: null,
      isActive: true,
      isDefault: false,
      settings: { defaultCurrency: 'GBP', autoSync: false, notifications: true },
    });
    const edited = await browser.patch(`/api/accounts/${kindle.id}`, {
      type: 'other',
      customType: 'E-reader',
      isActive: false,
    });
    expect(edited.json()).toMatchObject({ type: 'other', customType: 'E-reader', isActive: false });
    const back = await browser.patch(`/api/accounts/${kindle.id}`, { type: 'kobo' });
    expect(back.json()).toMatchObject({ type: 'kobo', customType: null });
    const list = (await browser.get('/api/accounts')).json<Account[]>();
    expect(list.map((a) => a.id)).toEqual(['default-personal', kindle.id]);
  });

  it.each([
    [{ type: 'kindle' }, 'body.name'],
    [{ name: ' ', type: 'kindle' }, AccountMessages.nameRequired],
    [{ name: 'X' }, 'body.type'],
    [{ name: 'X', type: 'other' }, AccountMessages.customTypeRequired],
    [{ name: 'X', type: 'kobo', email: 'not-an-email' }, AccountMessages.invalidEmail],
    [{ name: 'X', type: 'kobo', settings: { defaultCurrency: 'JPY' } }, 'body.settings.defaultCurrency'],
  ])('rejects %j and stores nothing', async (body, message) => {
    const { browser } = await signUp(t.app);
    const res = await browser.post('/api/accounts', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect((await browser.get('/api/accounts')).json()).toHaveLength(1);
  });

  it('deletes an account and moves its books to the Personal Collection; the default stays', async () => {
    const { browser } = await signUp(t.app);
    const audible = await addAccount(browser, { name: 'Audible', type: 'audible' });
    const book = (await browser.post('/api/books', { title: 'T', author: 'A', accountId: audible.id })).json();
    expect((await browser.get('/api/accounts')).json()[1]).toMatchObject({ bookCount: 1, lastUsed: book.dateAdded });
    const res = await browser.delete(`/api/accounts/${audible.id}`);
    expect(res.json()).toEqual({ movedBooks: 1 });
    expect((await browser.get(`/api/books/${book.id}`)).json().accountId).toBe('default-personal');
    const refused = await browser.delete('/api/accounts/default-personal');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(AccountMessages.defaultUndeletable);
    const deactivate = await browser.patch('/api/accounts/default-personal', { isActive: false });
    expect(deactivate.json().error.message).toBe(AccountMessages.defaultAlwaysActive);
    expect((await browser.get('/api/accounts')).json()).toHaveLength(1);
  });

  it('keeps each user’s accounts private: 404 for another user’s account', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await addAccount(owner.browser, { name: 'Kobo', type: 'kobo' });
    expect((await other.browser.patch(`/api/accounts/${mine.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await other.browser.delete(`/api/accounts/${mine.id}`)).statusCode).toBe(404);
    const foreignBook = await other.browser.post('/api/books', { title: 'T', author: 'A', accountId: mine.id });
    expect(foreignBook.statusCode).toBe(400);
    expect((await other.browser.get('/api/accounts')).json()).toHaveLength(1);
    expect((await owner.browser.get('/api/accounts')).json()[1].name).toBe('Kobo');
  });

  it('answers 400 naming params.id for an id that is neither default-personal nor a UUID', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.patch('/api/accounts/kobo', { name: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid params.id: Must be default-personal or a UUID.');
    expect((await browser.delete('/api/accounts/kobo')).statusCode).toBe(400);
  });

  it('keeps every edit when one account is changed from several places at once', async () => {
    const { browser } = await signUp(t.app);
    for (let round = 0; round < 5; round += 1) {
      const account = await addAccount(browser, {
        name: 'Kobo',
        type: 'kobo',
        settings: { defaultCurrency: 'USD', autoSync: false, notifications: false },
      });
      // Each change names different fields; before, each wrote back the type and settings it had read.
      const changes = [
        { settings: { autoSync: true } },
        { settings: { notifications: true } },
        { settings: { defaultCurrency: 'EUR' } },
        { type: 'other', customType: 'Library card' },
        { description: 'Borrowed e-books' },
      ];
      const answers = await Promise.all(changes.map((body) => browser.patch(`/api/accounts/${account.id}`, body)));
      expect(answers.map((a) => a.statusCode)).toEqual(changes.map(() => 200));
      const stored = (await browser.get('/api/accounts')).json<Account[]>().find((a) => a.id === account.id);
      expect(stored).toMatchObject({
        type: 'other',
        customType: 'Library card',
        description: 'Borrowed e-books',
        settings: { defaultCurrency: 'EUR', autoSync: true, notifications: true },
      });
    }
  });
});
