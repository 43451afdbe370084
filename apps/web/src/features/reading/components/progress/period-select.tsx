import { PERIOD_OPTIONS, type StatsTimeframe } from '@bookshelf/contract';
import { useId } from 'react';
import { compactSelectClass } from '../../../../components/ui/form-styles';

export type Period = Exclude<StatsTimeframe, 'all'>;

export const periodLabel = (period: Period) => PERIOD_OPTIONS.find((o) => o.value === period)?.label ?? period;

/** core.md §2: This Week, This Month, This Year. */
export function PeriodSelect({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Period
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Period)} className={compactSelectClass}>
        {PERIOD_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
