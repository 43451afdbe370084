import { Moon, Sun } from 'lucide-react';
import { iconButton } from '../components/ui/button-styles';
import { useTheme } from '../lib/theme';

/** Flips between light and dark; choosing either replaces a "system" preference. */
export function ThemeSwitch() {
  const { resolvedTheme, setTheme } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <button type="button" aria-label={label} title={label} onClick={() => setTheme(next)} className={iconButton}>
      {next === 'dark' ? <Moon aria-hidden className="size-5" /> : <Sun aria-hidden className="size-5" />}
    </button>
  );
}
