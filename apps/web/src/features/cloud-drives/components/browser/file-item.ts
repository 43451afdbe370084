import type { CloudFile } from '@bookshelf/contract';
import type { MouseEvent } from 'react';

/** What the grid cards and the list rows do; the browser owns the state behind them. */
export interface FileItemHandlers {
  /** A click: selects this file alone, or with Ctrl/Cmd toggles it in the selection. */
  onClickItem: (file: CloudFile, index: number, event: MouseEvent<HTMLElement>) => void;
  /** The list's checkbox and Space: toggles this file in the selection. */
  onToggleSelect: (file: CloudFile, index: number) => void;
  onOpen: (file: CloudFile) => void;
  /** Pointed at, focused or pressed: an open may follow, so the reader can get ready for it. */
  onNear?: (file: CloudFile) => void;
  onToggleFavorite: (file: CloudFile) => void;
  onRemoveTag: (file: CloudFile, tag: string) => void;
}

export interface FileItemProps extends FileItemHandlers {
  file: CloudFile;
  index: number;
  selected: boolean;
  /** The one item Tab reaches (roving tabindex); arrows move it. */
  tabbable: boolean;
  now: Date;
}

/** Clicks on the item's own buttons and links are theirs, not the item's. */
export const fromControl = (event: MouseEvent<HTMLElement>) =>
  (event.target as HTMLElement).closest('a, button, input, label') !== null;
