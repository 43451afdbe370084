import '../test/fake-network';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import { renderApp, testMe } from '../test/render-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const toggle = () => screen.getByRole('button', { name: 'Toggle sidebar' });
const sidebar = () => screen.getByRole('navigation', { name: 'Sidebar' });
const liveRegion = () => document.querySelector('[aria-live="polite"]');
const press = (init: KeyboardEventInit) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', init)));

async function renderShell(route = '/dashboard') {
  const result = renderApp({ route, me: testMe });
  // The first test compiles the dashboard's lazy chunk, which takes a while on a busy machine.
  await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 5_000 });
  return result;
}

describe('sidebar', () => {
  it('keeps the reading goal card inside a landmark', async () => {
    await renderShell();
    const region = screen.getByRole('region', { name: 'Reading goal' });
    expect(within(region).getByText('Click to edit goal')).toBeTruthy();
  });

  it('has the groups, tabs and labels of the spec, as links to their paths', async () => {
    await renderShell();
    const names = within(sidebar())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(names).toEqual([
      ['Dashboard', '/dashboard'],
      ['My Library', '/books'],
      ['Cloud Drives', '/cloud-drives'],
      ['Wishlist', '/wishlist'],
      ['Blog', '/blog'],
      ['Social Feed', '/community'],
      ['Book Clubs', '/book-clubs'],
      ['Challenges', '/reading-challenges'],
      ['Discussions', '/discussion-forums'],
      ['Trending', '/trending'],
      ['AI Insights', '/ai-insights'],
      ['Reading Analytics', '/reading-analytics'],
      ['Spending', '/spending'],
      ['Book Reviews', '/book-reviews'],
      ['My Reviews', '/reviews'],
      ['Author Events', '/author-events'],
      ['Help Center', '/help'],
      ['Contact Us', '/contact'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Settings', '/settings'],
    ]);
    expect(within(sidebar()).getByRole('list', { name: 'Community' })).toBeTruthy();
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('collapses and expands with Ctrl+B and Cmd+B, announces it and remembers it', async () => {
    await renderShell();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');

    press({ key: 'b', ctrlKey: true, cancelable: true });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(liveRegion()?.textContent).toBe('Sidebar collapsed');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.sidebarPreferences)!)).toMatchObject({ isCollapsed: true });
    // Collapsed, each icon is named by its label and shows it as a tooltip.
    const library = within(sidebar()).getByRole('link', { name: 'My Library' });
    expect(library.getAttribute('title')).toBe('My Library');
    expect(library.textContent).toBe('');

    press({ key: 'b', metaKey: true, cancelable: true });
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(liveRegion()?.textContent).toBe('Sidebar expanded');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.sidebarPreferences)!)).toMatchObject({ isCollapsed: false });
  });

  it('keeps the browser from acting on the shortcut, and ignores other combinations', async () => {
    await renderShell();
    const shortcut = new KeyboardEvent('keydown', { key: 'b', ctrlKey: true, cancelable: true });
    act(() => void window.dispatchEvent(shortcut));
    expect(shortcut.defaultPrevented).toBe(true);

    press({ key: 'b' });
    press({ key: 'b', ctrlKey: true, shiftKey: true });
    press({ key: 'n', ctrlKey: true });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles from the header button', async () => {
    await renderShell();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe('app-sidebar');
  });

  it('starts collapsed when that was stored', async () => {
    localStorage.setItem(
      STORAGE_KEYS.sidebarPreferences,
      JSON.stringify({ isCollapsed: true, lastUpdated: '2025-01-01T00:00:00.000Z' }),
    );
    await renderShell();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(liveRegion()?.textContent).toBe('');
  });

  it('moves focus with the arrow keys, Home and End', async () => {
    await renderShell();
    const link = (name: string) => within(sidebar()).getByRole('link', { name });
    link('Dashboard').focus();

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(link('My Library'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(link('Settings'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(link('Dashboard'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(link('Settings'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(link('Dashboard'));
  });
});

describe('reading goal card', () => {
  it('sits under the sidebar and goes to the reading goal settings', async () => {
    await renderShell();
    const card = screen.getByRole('link', { name: /Reading Goal \d{4}/ });
    expect(card.getAttribute('href')).toBe('/settings?tab=reading-goal');
    expect(card.textContent).toContain('0 / 50 books');
    expect(card.textContent).toContain('Click to edit goal');
  });

  it('becomes a single Goal icon when the sidebar is collapsed', async () => {
    await renderShell();
    press({ key: 'b', ctrlKey: true, cancelable: true });
    const goal = screen.getByRole('link', { name: 'Reading goal' });
    expect(goal.getAttribute('href')).toBe('/settings?tab=reading-goal');
    expect(screen.queryByText('Click to edit goal')).toBeNull();
  });
});
