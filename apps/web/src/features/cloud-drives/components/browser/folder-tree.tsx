import { Folder, FolderOpen, HardDrive } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';
import type { FolderNode } from './browse-files';

interface FolderTreeProps {
  folders: readonly FolderNode[];
  /** null is Root: every file. */
  current: string | null;
  total: number;
  onSelect: (folder: string | null) => void;
}

const itemClass = (active: boolean) =>
  `flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm ${focusRing} ${
    active
      ? 'bg-indigo-50 font-medium text-indigo-700 dark:bg-indigo-950/50 dark:text-indigo-300'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
  }`;

function Branch({
  nodes,
  current,
  onSelect,
  depth,
}: Omit<FolderTreeProps, 'folders' | 'total'> & { nodes: readonly FolderNode[]; depth: number }) {
  return (
    <ul className="space-y-0.5" role={depth === 0 ? undefined : 'group'}>
      {nodes.map((node) => {
        const active = current === node.path;
        const Icon = active ? FolderOpen : Folder;
        return (
          <li key={node.path}>
            <button
              type="button"
              aria-current={active ? 'true' : undefined}
              onClick={() => onSelect(node.path)}
              className={itemClass(active)}
              style={{ paddingLeft: `${0.5 + depth * 0.75}rem` }}
            >
              <Icon aria-hidden className="size-4 shrink-0 text-amber-500" />
              <span className="truncate">{node.name}</span>
              <span className="ml-auto text-xs text-gray-500 dark:text-gray-400">{node.count}</span>
            </button>
            {node.children.length > 0 && (
              <Branch nodes={node.children} current={current} onSelect={onSelect} depth={depth + 1} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The folders view's tree: Root (every file) and the folders the files sit in. */
export function FolderTree({ folders, current, total, onSelect }: FolderTreeProps) {
  return (
    <nav
      aria-label="Folders"
      className="rounded-xl border border-gray-200 bg-white p-2 md:max-h-[70vh] md:overflow-y-auto dark:border-gray-800 dark:bg-gray-900"
    >
      <button
        type="button"
        aria-current={current === null ? 'true' : undefined}
        onClick={() => onSelect(null)}
        className={itemClass(current === null)}
      >
        <HardDrive aria-hidden className="size-4 shrink-0" />
        <span>Root</span>
        <span className="ml-auto text-xs text-gray-500 dark:text-gray-400">{total}</span>
      </button>
      <Branch nodes={folders} current={current} onSelect={onSelect} depth={1} />
    </nav>
  );
}
