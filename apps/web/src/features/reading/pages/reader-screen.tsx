import type { ReaderSlotProps } from '../../cloud-drives/public';

/** The reader overlay (issue 15). Placeholder until the shell lands. */
export function ReaderScreen({ file, onClose }: ReaderSlotProps) {
  return (
    <div role="dialog" aria-label={file.name}>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
