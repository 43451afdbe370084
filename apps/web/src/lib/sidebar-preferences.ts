import { z } from 'zod/mini';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** The stored sidebar preference of spec core.md §3. */
export const SidebarPreferencesSchema = z.object({
  isCollapsed: z.boolean(),
  lastUpdated: z.string(),
});
export type SidebarPreferences = z.infer<typeof SidebarPreferencesSchema>;

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
  const parsed = SidebarPreferencesSchema.safeParse(json);
  return parsed.success ? parsed.data.isCollapsed : false;
}

export function writeSidebarCollapsed(isCollapsed: boolean, now: Date = new Date()): void {
  const value: SidebarPreferences = { isCollapsed, lastUpdated: now.toISOString() };
  writeStorage(STORAGE_KEYS.sidebarPreferences, JSON.stringify(value));
}
