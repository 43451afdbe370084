import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSidebarCollapsed, writeSidebarCollapsed } from './sidebar-preferences';
import { STORAGE_KEYS } from './storage';

const KEY = STORAGE_KEYS.sidebarPreferences;

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('sidebar preferences (spec core.md §3-§5, key sidebar-preferences)', () => {
  it('is expanded when nothing is stored', () => {
    expect(readSidebarCollapsed()).toBe(false);
  });

  it('round-trips the collapsed state with an ISO timestamp', () => {
    writeSidebarCollapsed(true, new Date('2025-03-01T10:00:00Z'));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({
      isCollapsed: true,
      lastUpdated: '2025-03-01T10:00:00.000Z',
    });
    expect(readSidebarCollapsed()).toBe(true);
    writeSidebarCollapsed(false);
    expect(readSidebarCollapsed()).toBe(false);
  });

  it.each([
    ['not JSON', '{isCollapsed: true'],
    ['isCollapsed not a boolean', JSON.stringify({ isCollapsed: 'true', lastUpdated: '2025-01-01' })],
    ['lastUpdated not a string', JSON.stringify({ isCollapsed: true, lastUpdated: 1735689600000 })],
    ['lastUpdated missing', JSON.stringify({ isCollapsed: true })],
    ['not an object', JSON.stringify(true)],
    ['null', 'null'],
  ])('ignores a stored value that is %s', (_, raw) => {
    localStorage.setItem(KEY, raw);
    expect(readSidebarCollapsed()).toBe(false);
  });

  it('never throws when storage does (private mode, quota)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    });
    expect(readSidebarCollapsed()).toBe(false);
    expect(() => writeSidebarCollapsed(true)).not.toThrow();
  });
});
