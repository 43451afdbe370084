import type { CloudFile } from '@bookshelf/contract';
import type { KeyboardEvent } from 'react';
import { FileCard } from './file-card';
import type { FileItemHandlers } from './file-item';

interface FileGridProps extends FileItemHandlers {
  files: readonly CloudFile[];
  selected: ReadonlySet<string>;
  focusIndex: number;
  now: Date;
  /** The folders view puts the grid beside the tree, three across at most (core.md §2). */
  compact?: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** The grid of file cards: one focusable card at a time, arrows move between them. */
export function FileGrid({ files, selected, focusIndex, now, compact = false, onKeyDown, ...handlers }: FileGridProps) {
  return (
    <div role="grid" aria-label="Files" aria-multiselectable="true" onKeyDown={onKeyDown}>
      <div
        role="row"
        className={`grid gap-3 ${
          compact
            ? 'grid-cols-2 sm:grid-cols-3'
            : 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6'
        }`}
      >
        {files.map((file, index) => (
          <FileCard
            key={file.id}
            file={file}
            index={index}
            selected={selected.has(file.id)}
            tabbable={index === focusIndex}
            now={now}
            {...handlers}
          />
        ))}
      </div>
    </div>
  );
}
