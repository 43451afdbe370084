import { CloudDriveLimits, DRIVE_FILE_TYPE_INFO, fileSizeLabel, timeAgoLabel } from '@bookshelf/contract';
import { Download } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';
import { checkboxClass } from '../../../../components/ui/form-styles';
import { downloadLink } from '../../api/use-file-content';
import { FavoriteButton } from './favorite-button';
import { FileTags } from './file-tags';
import { FileThumbnail } from './file-thumbnail';
import { fromControl, type FileItemProps } from './file-item';

/** A file in the grid: thumbnail or type icon, name, type, size, when it changed, the star and its tags. */
export function FileCard({
  file,
  index,
  selected,
  tabbable,
  now,
  onClickItem,
  onToggleSelect,
  onOpen,
  onNear,
  onToggleFavorite,
  onRemoveTag,
}: FileItemProps) {
  // Named by its content, as the library's book cards are: a label of the file name alone would leave the
  // card's other visible text out of its name (WCAG 2.5.3, label in name).
  return (
    <div
      role="gridcell"
      aria-selected={selected}
      data-file-index={index}
      tabIndex={tabbable ? 0 : -1}
      onClick={(event) => {
        if (!fromControl(event)) onClickItem(file, index, event);
      }}
      onDoubleClick={(event) => {
        if (!fromControl(event)) onOpen(file);
      }}
      onPointerEnter={() => onNear?.(file)}
      onPointerDown={() => onNear?.(file)}
      onFocus={() => onNear?.(file)}
      className={`flex min-w-0 cursor-pointer flex-col gap-2 rounded-xl border bg-white p-2 text-left transition-colors outline-none select-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-gray-50 dark:bg-gray-900 dark:focus-visible:ring-offset-gray-950 ${
        selected
          ? 'border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-950/40'
          : 'border-gray-200 hover:border-gray-300 dark:border-gray-800 dark:hover:border-gray-700'
      }`}
    >
      <div className="relative">
        <FileThumbnail url={file.thumbnailUrl} type={file.fileType} name={file.name} />
        {/* Multi-select by touch, where there is no Ctrl: the card's own checkbox adds it to the selection. */}
        <label
          onDoubleClick={(event) => event.stopPropagation()}
          className="absolute top-1 left-1 inline-flex size-9 cursor-pointer items-center justify-center rounded-md bg-white/90 shadow-sm dark:bg-gray-900/90"
        >
          <input
            type="checkbox"
            tabIndex={-1}
            aria-label={`Select ${file.name}`}
            checked={selected}
            onClick={(event) => event.stopPropagation()}
            onChange={() => onToggleSelect(file, index)}
            className={checkboxClass}
          />
        </label>
      </div>
      <div className="flex min-w-0 items-start gap-1">
        <p className="line-clamp-2 min-w-0 flex-1 text-sm font-medium break-words text-gray-900 [overflow-wrap:anywhere] dark:text-gray-100">
          {file.name}
        </p>
        <FavoriteButton name={file.name} isFavorite={file.isFavorite} onToggle={() => onToggleFavorite(file)} />
      </div>
      <p className="flex flex-wrap gap-x-2 text-xs text-gray-600 dark:text-gray-400">
        <span>{DRIVE_FILE_TYPE_INFO[file.fileType].label}</span>
        <span>{fileSizeLabel(file.size)}</span>
        <time dateTime={file.modifiedAt}>{timeAgoLabel(file.modifiedAt, now)}</time>
      </p>
      <div className="mt-auto flex items-end justify-between gap-1">
        <FileTags
          fileName={file.name}
          tags={file.tags}
          limit={CloudDriveLimits.tagsOnGridCard}
          onRemove={(tag) => onRemoveTag(file, tag)}
        />
        <a
          href={downloadLink(file)}
          download={file.name}
          aria-label={`Download ${file.name}`}
          onClick={(event) => event.stopPropagation()}
          onDoubleClick={(event) => event.stopPropagation()}
          className={`ml-auto inline-flex size-8 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100 ${focusRing}`}
        >
          <Download aria-hidden className="size-4" />
        </a>
      </div>
    </div>
  );
}
