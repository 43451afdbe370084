import '../../../test/fake-network';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { renderWithApp } from '../../../test/render-with-app';
import { isDashboardShortcut, PerformanceTools, reporterPlan } from './performance-tools';

afterEach(() => {
  localStorage.clear();
});

describe('reporterPlan', () => {
  it('loads and sends for one session in ten; the dashboard loads it without sending; automation never sends', () => {
    expect(reporterPlan(0.05, false, false)).toEqual({ load: true, send: true, live: false });
    expect(reporterPlan(0.5, false, false)).toEqual({ load: false, send: false, live: false });
    expect(reporterPlan(0.5, true, false)).toEqual({ load: true, send: false, live: true });
    expect(reporterPlan(0.05, false, true)).toEqual({ load: false, send: false, live: false });
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

  it('opens the hidden performance dashboard with Ctrl/Cmd+Shift+P when enabled; Escape closes it', async () => {
    localStorage.setItem(STORAGE_KEYS.performanceDashboard, 'true');
    renderWithApp(<PerformanceTools />);
    fireEvent.keyDown(window, { key: 'P', metaKey: true, shiftKey: true });
    const dashboard = await screen.findByRole('dialog', { name: 'Performance' }, { timeout: 5_000 });
    expect(dashboard.textContent).toContain('LCP');
    expect(dashboard.textContent).toContain('of 250 KB');
    expect(dashboard.textContent).toContain('of 1000 KB');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 'p', ctrlKey: true, shiftKey: true });
    expect(await screen.findByRole('dialog', { name: 'Performance' })).toBeTruthy();
  });

  it('shows the debug box when the debug flag is true, with the route pattern', async () => {
    localStorage.setItem(STORAGE_KEYS.debug, 'true');
    renderWithApp(<PerformanceTools />, { route: '/books/123' });
    const box = await screen.findByRole('complementary', { name: 'Debug' }, { timeout: 5_000 });
    expect(box.textContent).toContain('/books/:id');
    expect(box.textContent).toContain('/books/123');
  });
});
