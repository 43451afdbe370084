import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** The stored sidebar preference of spec core.md §3. */
export interface SidebarPreferences {
  isCollapsed: boolean;
  lastUpdated: string;
}

/*
 * Checked by hand rather than with a zod schema: the shell reads this on every signed-in page, and a schema
 * here would put zod into the dashboard's first download (bench/bundle, 120 KB).
 */
const isSidebarPreferences = (value: unknown): value is SidebarPreferences =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).isCollapsed === 'boolean' &&
  typeof (value as Record<string, unknown>).lastUpdated === 'string';

/**
 * Whether the sidebar starts collapsed. Expanded unless a well-formed preference says otherwise (core.md §4
 * and §5): a value another version wrote, hand-edited or truncated is ignored rather than trusted.
 */
export function readSidebarCollapsed(): boolean {
  const raw = readStorage(STORAGE_KEYS.sidebarPreferences);
  if (raw === null) return false;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return false;
  }
  return isSidebarPreferences(json) ? json.isCollapsed : false;
}

export function writeSidebarCollapsed(isCollapsed: boolean, now: Date = new Date()): void {
  const value: SidebarPreferences = { isCollapsed, lastUpdated: now.toISOString() };
  writeStorage(STORAGE_KEYS.sidebarPreferences, JSON.stringify(value));
}
