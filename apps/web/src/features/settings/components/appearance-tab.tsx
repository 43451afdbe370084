import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useTheme, type Theme } from '../../../lib/theme';
import { SettingsSection } from './settings-section';

const OPTIONS: readonly { value: Theme; label: string; description: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', description: 'Dark text on a light background.', icon: Sun },
  { value: 'dark', label: 'Dark', description: 'Light text on a dark background, easier at night.', icon: Moon },
  { value: 'system', label: 'System', description: 'System follows your device setting.', icon: Monitor },
];

export function AppearanceTab() {
  const id = useId();
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <SettingsSection title="Appearance" description="Choose how Bookshelf looks on this device.">
      <fieldset>
        <legend className="mb-3 text-sm font-medium text-gray-700 dark:text-gray-300">Theme</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {OPTIONS.map(({ value, label, description, icon: Icon }) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-lg border border-gray-200 p-3 has-checked:border-indigo-500 has-checked:ring-2 has-checked:ring-indigo-500/30 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 dark:border-gray-800"
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
                aria-labelledby={`${id}-${value}-label`}
                aria-describedby={`${id}-${value}-description`}
                className="mt-1 accent-indigo-600"
              />
              <span className="space-y-1">
                <span id={`${id}-${value}-label`} className="flex items-center gap-1.5 text-sm font-medium">
                  <Icon aria-hidden className="size-4" />
                  {label}
                </span>
                <span id={`${id}-${value}-description`} className="block text-xs text-gray-600 dark:text-gray-400">
                  {description}
                </span>
              </span>
            </label>
          ))}
        </div>
        {theme === 'system' && (
          <p className="mt-3 text-xs text-gray-500 dark:text-gray-400">
            Your device currently prefers the {resolvedTheme} theme.
          </p>
        )}
      </fieldset>
    </SettingsSection>
  );
}
