import '../../../test/fake-network';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { renderWithApp } from '../../../test/render-with-app';
import { HiddenTools, isDashboardShortcut } from './hidden-tools';
import { performancePlan } from '../lib/performance-plan';
import { PerformanceTools } from './performance-tools';

afterEach(() => {
  localStorage.clear();
});

describe('performancePlan', () => {
  const off = { dashboard: false, debug: false };
  it('reports from one session in ten; the dashboard measures without sending; automation never reports', () => {
    expect(performancePlan(0.05, off, false)).toEqual({ reporter: { send: true, live: false }, flags: off });
    expect(performancePlan(0.5, off, false)).toBeNull();
    const dashboard = { dashboard: true, debug: false };
    expect(performancePlan(0.5, dashboard, false)).toEqual({ reporter: { send: false, live: true }, flags: dashboard });
    expect(performancePlan(0.05, off, true)).toBeNull();
    const debug = { dashboard: false, debug: true };
    expect(performancePlan(0.5, debug, true)).toEqual({ reporter: null, flags: debug });
  });

  it('knows Ctrl+Shift+P and Cmd+Shift+P only', () => {
    const key = (over: Partial<KeyboardEvent>) =>
      isDashboardShortcut({ ctrlKey: false, metaKey: false, shiftKey: true, key: 'P', ...over });
    expect(key({ ctrlKey: true })).toBe(true);
    expect(key({ metaKey: true, key: 'p' })).toBe(true);
    expect(key({})).toBe(false);
    expect(key({ ctrlKey: true, shiftKey: false })).toBe(false);
  });
});

describe('PerformanceTools', () => {
  it('shows nothing, and ignores the shortcut, unless local storage enables it', async () => {
    renderWithApp(<PerformanceTools />);
    fireEvent.keyDown(window, { key: 'P', ctrlKey: true, shiftKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Debug' })).toBeNull();
  });

  it('shows the debug box, once the page is idle, when the debug flag is true, with the path', async () => {
    localStorage.setItem(STORAGE_KEYS.debug, 'true');
    renderWithApp(<PerformanceTools />, { route: '/books/123' });
    const box = await screen.findByRole('complementary', { name: 'Debug' }, { timeout: 5_000 });
    expect(box.textContent).toContain('/books/123');
  });
});

describe('HiddenTools', () => {
  it('opens the hidden performance dashboard with Ctrl/Cmd+Shift+P; Escape closes it', async () => {
    renderWithApp(<HiddenTools dashboard debug={false} />);
    fireEvent.keyDown(window, { key: 'P', metaKey: true, shiftKey: true });
    const dashboard = await screen.findByRole('dialog', { name: 'Performance' }, { timeout: 5_000 });
    expect(dashboard.textContent).toContain('LCP');
    expect(dashboard.textContent).toContain('of 250 KB');
    expect(dashboard.textContent).toContain('of 1000 KB');
    expect(screen.queryByRole('complementary', { name: 'Debug' })).toBeNull();
    // One Escape, pressed as soon as the dialog shows, closes it (the listener is attached before paint).
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.keyDown(window, { key: 'p', ctrlKey: true, shiftKey: true });
    expect(await screen.findByRole('dialog', { name: 'Performance' })).toBeTruthy();
  });

  it('ignores the shortcut when the dashboard is not enabled', async () => {
    renderWithApp(<HiddenTools dashboard={false} debug />);
    fireEvent.keyDown(window, { key: 'P', ctrlKey: true, shiftKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Debug' })).toBeTruthy();
  });
});
