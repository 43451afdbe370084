import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './storage';
import { ThemeProvider, useTheme } from './theme';

/** A prefers-color-scheme the test can flip, as a device switching to night mode would. */
function fakeColorScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const html = document.documentElement;
const renderTheme = () => renderHook(() => useTheme(), { wrapper: ThemeProvider });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  html.className = '';
});

describe('theme', () => {
  it('follows the device by default, live', () => {
    const device = fakeColorScheme(true);
    const { result } = renderTheme();
    expect(result.current.theme).toBe('system');
    expect(result.current.resolvedTheme).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');

    device.set(false);
    expect(result.current.resolvedTheme).toBe('light');
    expect(html.classList.contains('dark')).toBe(false);
  });

  it('stores an explicit choice, which then ignores the device', () => {
    const device = fakeColorScheme(false);
    const { result } = renderTheme();
    act(() => result.current.setTheme('dark'));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);

    device.set(false);
    expect(result.current.resolvedTheme).toBe('dark');
  });

  it('starts from the stored choice and ignores a value it does not know', () => {
    fakeColorScheme(true);
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    expect(renderTheme().result.current).toMatchObject({ theme: 'light', resolvedTheme: 'light' });
    cleanup();

    localStorage.setItem(STORAGE_KEYS.theme, 'sepia');
    expect(renderTheme().result.current).toMatchObject({ theme: 'system', resolvedTheme: 'dark' });
  });

  it('still switches when storage refuses to save', () => {
    fakeColorScheme(false);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    });
    const { result } = renderTheme();
    act(() => result.current.setTheme('dark'));
    expect(result.current.resolvedTheme).toBe('dark');
  });

  it('throws the spec message outside its provider (core.md §8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used within a ThemeProvider.');
  });
});
