import { X } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';

interface FileTagsProps {
  fileName: string;
  tags: readonly string[];
  /** core.md §9: 2 on grid cards, 3 in the list; the rest shown as "+n". */
  limit: number;
  onRemove: (tag: string) => void;
}

/** A file's tags as chips, each with an ✕ that takes it off this file. */
export function FileTags({ fileName, tags, limit, onRemove }: FileTagsProps) {
  if (tags.length === 0) return null;
  const hidden = tags.length - limit;
  return (
    <ul aria-label={`Tags of ${fileName}`} className="flex min-w-0 flex-wrap items-center gap-1">
      {tags.slice(0, limit).map((tag) => (
        <li
          key={tag}
          className="inline-flex max-w-full items-center gap-0.5 rounded bg-gray-100 py-0.5 pr-0.5 pl-1.5 text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-300"
        >
          <span className="truncate">{tag}</span>
          {/* 24 px across (WCAG 2.5.8), without making the chip taller. */}
          <button
            type="button"
            aria-label={`Remove tag ${tag} from ${fileName}`}
            onClick={(event) => {
              event.stopPropagation();
              onRemove(tag);
            }}
            onDoubleClick={(event) => event.stopPropagation()}
            className={`-my-1 rounded p-1.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-700 dark:hover:text-gray-100 ${focusRing}`}
          >
            <X aria-hidden className="size-3" />
          </button>
        </li>
      ))}
      {hidden > 0 && (
        <li
          className="text-xs text-gray-600 dark:text-gray-400"
          title={tags.slice(limit).join(', ')}
          aria-label={`${hidden} more tags: ${tags.slice(limit).join(', ')}`}
        >
          +{hidden}
        </li>
      )}
    </ul>
  );
}
