/** The settings tabs, in order; `?tab=` holds one of these ids (the reading goal card links to reading-goal). */
export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'reading-goal', label: 'Reading Goal' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'currency', label: 'Currency' },
  { id: 'security', label: 'Security' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export const DEFAULT_SETTINGS_TAB: SettingsTab = 'profile';

/** The address of one tab of Settings, for links from elsewhere in the app. */
export const settingsTabPath = (tab: SettingsTab) => `/settings?tab=${tab}`;

export function toSettingsTab(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_SETTINGS_TAB;
}
