import { json, network } from '../test/fake-network';
import '../test/preload-user-menu';
import { AuthPaths } from '@bookshelf/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getToasts, dismissToast } from '../lib/toast';
import { renderApp, testMe } from '../test/render-app';
import { stubResizeObserver } from '../test/stub-resize-observer';
import { ErrorBoundary } from './error-boundary';

beforeAll(stubResizeObserver);

afterEach(() => {
  cleanup();
  getToasts().forEach((t) => dismissToast(t.id));
  localStorage.clear();
});

describe('signed out', () => {
  it('shows the landing header and the home page, whatever the server says about me', async () => {
    network.answer(`GET ${AuthPaths.me}`, () => json({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, 401));
    renderApp();
    expect(await screen.findByRole('link', { name: 'Explore Books' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enter Library' })).toBeTruthy();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('Your library');
    expect(screen.getByText('AI-powered reading platform')).toBeTruthy();
    expect(screen.getByText(/No credit card required/)).toBeTruthy();
    expect(screen.getByText(/Free forever plan/)).toBeTruthy();
    expect(network.requests().some((c) => c.path === AuthPaths.me)).toBe(true);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows the library teaser at /books and keeps the address of a members-only page', async () => {
    const { location } = renderApp({ route: '/books/123/summary', me: null });
    expect((await screen.findByRole('heading', { level: 1 })).closest('[data-tab="library"]')).toBeTruthy();
    cleanup();

    renderApp({ route: '/reading-challenges', me: null });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('Your library');
    expect(location()).toBe('/reading-challenges');
  });

  it('opens the sign-in dialog from Enter Library', async () => {
    renderApp({ me: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Enter Library' }));
    // The first opening compiles the sign-in dialog's lazy chunk, which takes a while on a busy machine.
    expect(await screen.findByRole('dialog', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In', selected: true })).toBeTruthy();
  });

  it('opens the dialog on the Sign Up tab from the landing call to action', async () => {
    renderApp({ me: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Up Free' }));
    expect(await screen.findByRole('tab', { name: 'Sign Up', selected: true })).toBeTruthy();
  });

  it('opens the dialog from a ?signin=1 link and tidies the address', async () => {
    const { location } = renderApp({ route: '/books?signin=1', me: null });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(location()).toBe('/books');
  });

  it('says why a sign-in failed, with a way to try again', async () => {
    const { location } = renderApp({ route: '/?error=auth_failed', me: null });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sign-in failed');
    expect(alert.textContent).toContain('Something went wrong during sign in.');
    expect(location()).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});

describe('signed in', () => {
  it('shows the shell: search, Add Book, theme switch, notifications, user menu and sidebar', async () => {
    renderApp({ me: testMe });
    const search = await screen.findByRole('searchbox', { name: 'Search your library' });
    expect(search.getAttribute('placeholder')).toBe('Search your library...');
    // The initials it shows are in its name (WCAG 2.5.3, label in name).
    expect(screen.getByRole('button', { name: 'AR User menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Book' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Switch to (dark|light) theme$/ })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByText('Welcome back, Ada Reader!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter Library' })).toBeNull();
  });

  it('searches the library with Enter and adds a book through the library page', async () => {
    const { location } = renderApp({ me: testMe });
    const search = await screen.findByRole('searchbox', { name: 'Search your library' });
    fireEvent.change(search, { target: { value: 'dune messiah' } });
    fireEvent.submit(search.closest('form')!);
    // Router updates are transitions: the address changes once the next screen's chunk is in.
    await waitFor(() => expect(location()).toBe('/books?q=dune+messiah'));

    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    await waitFor(() => expect(location()).toBe('/books?q=dune+messiah&add=1'));
  });

  it('opens Add Book over the page the reader is on and gives focus back to the header button', async () => {
    network.answer('GET /api/accounts', []);
    const { location } = renderApp({ route: '/settings?tab=security', me: testMe });
    const addBook = await screen.findByRole('button', { name: 'Add Book' });
    addBook.focus();
    fireEvent.click(addBook);
    // The dialog is a lazy chunk (the book form, photos, lookup): its first import here is compiled on the spot.
    const dialog = await screen.findByRole('dialog', { name: 'Add New Book' }, { timeout: 8000 });
    expect(location()).toBe('/settings?tab=security&add=1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Book' })).toBeNull());
    expect(location()).toBe('/settings?tab=security');
    expect(document.activeElement).toBe(addBook);
  });

  it('shows a tab for any other path', async () => {
    renderApp({ route: '/reading-challenges', me: testMe });
    const heading = await screen.findByRole('heading', { name: 'Reading challenges' });
    expect(heading.closest('[data-tab="reading-challenges"]')).toBeTruthy();
    const current = screen.getByRole('link', { name: 'Challenges' });
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it.each(['/no-such-page', '/books/1/summary/more', '/settings/security'])(
    'answers %s with Not found, no tab marked current, and a way back to the Dashboard',
    async (route) => {
      renderApp({ route, me: testMe });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(screen.queryByText(/on its way/)).toBeNull();
      const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
      expect(sidebar.querySelector('[aria-current]')).toBeNull();
      fireEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    },
  );

  it('opens a malformed book address without crashing: the book is not found', async () => {
    network.answer('GET /api/books/%25E0%25A4%25A', () =>
      json({ error: { code: 'NOT_FOUND', message: 'Book not found.' } }, 404),
    );
    renderApp({ route: '/books/%E0%A4%A', me: testMe });
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Library' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the crash screen with the spec sentence when a screen throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Boom(): never {
      throw new Error('boom');
    }
    renderApp({
      me: testMe,
      ui: (
        <ErrorBoundary resetKey="/">
          <Boom />
        </ErrorBoundary>
      ),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain(
      "We encountered an unexpected error. This has been logged and we'll look into it.",
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeTruthy();
  });

  it('switches the theme between light and dark', async () => {
    renderApp({ me: testMe });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('opens the notifications panel', async () => {
    renderApp({ me: testMe });
    const button = await screen.findByRole('button', { name: 'Notifications' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Notifications' }).textContent).toContain('No notifications yet');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('signs out from the user menu and lands on the home page', async () => {
    network.answer(`POST ${AuthPaths.logout}`, () => new Response(null, { status: 204 }));
    const { location } = renderApp({ route: '/settings', me: testMe });
    fireEvent.keyDown(await screen.findByRole('button', { name: /User menu$/ }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Ada Reader');
    expect(menu.textContent).toContain('ada@example.org');
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' })));

    expect(await screen.findByRole('button', { name: 'Enter Library' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
    expect(network.requests().some((c) => c.method === 'POST' && c.path === AuthPaths.logout)).toBe(true);
  });

  it('says Logout failed when signing out fails', async () => {
    network.answer(`POST ${AuthPaths.logout}`, () => json({ error: { code: 'INTERNAL', message: 'Boom' } }, 500));
    renderApp({ me: testMe });
    fireEvent.keyDown(await screen.findByRole('button', { name: /User menu$/ }), { key: 'Enter' });
    const signOut = await screen.findByRole('menuitem', { name: 'Sign Out' });
    await act(async () => fireEvent.click(signOut));
    expect((await screen.findByRole('alert')).textContent).toContain('Logout failed');
    expect(screen.getByRole('button', { name: /User menu$/ })).toBeTruthy();
  });
});
