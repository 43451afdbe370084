import { Globe } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  compactSelectClass,
  linkButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../../components/ui/form-styles';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { browserTimeZone } from '../../api/progress-request';
import { useUpdateReadingSettings } from '../../api/use-reading-settings';

/** Every zone the browser knows, its own first (the likely choice), and the saved one even if unknown here. */
export function timeZoneOptions(current: string, browser: string = browserTimeZone()): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([browser, current, ...known])];
}

/** "Days are counted in {zone}" (streaks, charts, today), with a way to choose another (PUT settings). */
export function TimeZoneSetting({ timeZone }: { timeZone: string }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm text-gray-600 dark:text-gray-400">
      <Globe aria-hidden className="size-4 shrink-0" />
      {editing ? (
        <TimeZoneForm timeZone={timeZone} onDone={() => setEditing(false)} />
      ) : (
        <>
          <span>
            Days are counted in <span className="font-medium text-gray-900 dark:text-gray-100">{timeZone}</span>.
          </span>
          <button type="button" className={linkButtonClass} onClick={() => setEditing(true)}>
            Change time zone
          </button>
        </>
      )}
    </div>
  );
}

function TimeZoneForm({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const id = useId();
  const save = useUpdateReadingSettings();
  const [chosen, setChosen] = useState(timeZone);
  const options = useMemo(() => timeZoneOptions(timeZone), [timeZone]);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(chosen, {
      onSuccess: () => {
        toast({ type: 'success', title: 'Time zone saved', message: `Days are counted in ${chosen}.` });
        onDone();
      },
      onError: (error) => toast({ type: 'error', title: 'Failed to save time zone', message: errorMessage(error) }),
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="font-medium text-gray-900 dark:text-gray-100">
        Time zone
      </label>
      <select
        id={id}
        value={chosen}
        disabled={save.isPending}
        onChange={(e) => setChosen(e.target.value)}
        className={`${compactSelectClass} max-w-64`}
      >
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
      <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
