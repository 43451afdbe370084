import type { ReadingProgressSlotProps } from '../../cloud-drives/public';

/** The Reading Progress tab (issue 15). Placeholder until the screen lands. */
export function ReadingProgressScreen({ onBrowse }: ReadingProgressSlotProps) {
  return (
    <button type="button" onClick={onBrowse}>
      Browse Files
    </button>
  );
}
