import {
  READER_FONT_FAMILIES,
  ReaderLimits,
  type ReaderFontFamily,
  type ReaderPageMode,
  type ReadingPreferences,
} from '@bookshelf/contract';
import { Type } from 'lucide-react';
import { useId } from 'react';
import { selectClass } from '../../../../components/ui/form-styles';
import { FONT_FAMILY_LABELS } from '../../lib/reader-theme';
import { barClass, toolButton } from './reader-styles';

const PAGE_MODE_LABELS: Record<ReaderPageMode, string> = { single: 'Single page', scroll: 'Scroll' };

interface ReaderSettingsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preferences: ReadingPreferences;
  onChange: (change: Partial<ReadingPreferences>) => void;
}

/** Font size, font family and page or scroll mode, for formats whose text reflows (issue 15). */
export function ReaderSettings({ open, onOpenChange, preferences, onChange }: ReaderSettingsProps) {
  const panelId = useId();
  const sizeId = useId();
  const familyId = useId();
  const modeId = useId();
  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => onOpenChange(!open)}
        aria-label="Reading settings"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title="Reading settings"
        className={toolButton}
      >
        <Type aria-hidden className="size-5" />
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label="Reading settings"
          className={`absolute right-0 z-20 mt-2 w-64 max-w-[calc(100vw-1rem)] space-y-3 rounded-xl border p-4 text-sm shadow-lg ${barClass}`}
        >
          <div>
            <label htmlFor={sizeId} className="mb-1 flex justify-between font-medium">
              <span>Font size</span>
              <span className="tabular-nums text-gray-600 dark:text-gray-400">{preferences.fontSize} px</span>
            </label>
            <input
              id={sizeId}
              type="range"
              min={ReaderLimits.fontSizeMin}
              max={ReaderLimits.fontSizeMax}
              step={1}
              value={preferences.fontSize}
              onChange={(event) => onChange({ fontSize: Number(event.target.value) })}
              className="w-full accent-indigo-600 dark:accent-indigo-400"
            />
          </div>
          <div>
            <label htmlFor={familyId} className="mb-1 block font-medium">
              Font family
            </label>
            <select
              id={familyId}
              value={preferences.fontFamily}
              onChange={(event) => onChange({ fontFamily: event.target.value as ReaderFontFamily })}
              className={selectClass}
            >
              {READER_FONT_FAMILIES.map((family) => (
                <option key={family} value={family}>
                  {FONT_FAMILY_LABELS[family]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={modeId} className="mb-1 block font-medium">
              Page mode
            </label>
            <select
              id={modeId}
              value={preferences.pageMode}
              onChange={(event) => onChange({ pageMode: event.target.value as ReaderPageMode })}
              className={selectClass}
            >
              {(Object.keys(PAGE_MODE_LABELS) as ReaderPageMode[]).map((mode) => (
                <option key={mode} value={mode}>
                  {PAGE_MODE_LABELS[mode]}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </div>
  );
}
