import { CloudDriveLimits, DRIVE_FILE_TYPE_INFO, fileSizeLabel, type CloudFile } from '@bookshelf/contract';
import { Download, ExternalLink } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { focusRing } from '../../../../components/ui/button-styles';
import { checkboxClass } from '../../../../components/ui/form-styles';
import { downloadLink } from '../../api/use-file-content';
import { FavoriteButton } from './favorite-button';
import { FileTags } from './file-tags';
import { FileTypeIcon } from './file-type-icon';
import { fromControl, type FileItemHandlers } from './file-item';

interface FileTableProps extends FileItemHandlers {
  files: readonly CloudFile[];
  selected: ReadonlySet<string>;
  focusIndex: number;
  /** Every shown file, for select-all (more than are rendered while "Show more" is pending). */
  allCount: number;
  selectedCount: number;
  onToggleAll: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400';
const actionLink = `inline-flex size-8 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100 ${focusRing}`;

/** The list view (core.md §2): select-all, Name, Type, Size, Tags (3), Folder (Root if none), Actions. */
export function FileTable({
  files,
  selected,
  focusIndex,
  allCount,
  selectedCount,
  onToggleAll,
  onKeyDown,
  onClickItem,
  onToggleSelect,
  onOpen,
  onNear,
  onToggleFavorite,
  onRemoveTag,
}: FileTableProps) {
  const all = allCount > 0 && selectedCount === allCount;
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <table
        role="grid"
        aria-label="Files"
        aria-multiselectable="true"
        onKeyDown={onKeyDown}
        className="w-full text-sm"
      >
        <thead className="border-b border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-950/40">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                aria-label="Select all files"
                checked={all}
                ref={(box) => {
                  if (box) box.indeterminate = selectedCount > 0 && !all;
                }}
                onChange={onToggleAll}
                className={checkboxClass}
              />
            </th>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={`${th} hidden sm:table-cell`}>
              Type
            </th>
            <th scope="col" className={`${th} hidden sm:table-cell`}>
              Size
            </th>
            <th scope="col" className={`${th} hidden md:table-cell`}>
              Tags
            </th>
            <th scope="col" className={`${th} hidden lg:table-cell`}>
              Folder
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {files.map((file, index) => {
            const isSelected = selected.has(file.id);
            return (
              <tr
                key={file.id}
                aria-selected={isSelected}
                data-file-index={index}
                tabIndex={index === focusIndex ? 0 : -1}
                onClick={(event) => {
                  if (!fromControl(event)) onClickItem(file, index, event);
                }}
                onDoubleClick={(event) => {
                  if (!fromControl(event)) onOpen(file);
                }}
                onPointerEnter={() => onNear?.(file)}
                onPointerDown={() => onNear?.(file)}
                onFocus={() => onNear?.(file)}
                className={`cursor-pointer outline-none select-none focus-visible:bg-indigo-50 dark:focus-visible:bg-indigo-950/40 ${
                  isSelected ? 'bg-indigo-50/70 dark:bg-indigo-950/40' : 'hover:bg-gray-50 dark:hover:bg-gray-800/60'
                }`}
              >
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select ${file.name}`}
                    checked={isSelected}
                    onClick={(event) => event.stopPropagation()}
                    onChange={() => onToggleSelect(file, index)}
                    className={checkboxClass}
                  />
                </td>
                <td className="w-full px-3 py-2">
                  <div className="flex min-w-0 items-center gap-2">
                    <FileTypeIcon type={file.fileType} className="size-5 shrink-0" />
                    {/* Two lines on a phone rather than the first few letters (issue 27: "Apac…"). */}
                    <span className="line-clamp-2 min-w-0 font-medium break-words text-gray-900 [overflow-wrap:anywhere] dark:text-gray-100">
                      {file.name}
                    </span>
                  </div>
                </td>
                <td className="hidden px-3 py-2 text-gray-600 sm:table-cell dark:text-gray-400">
                  {DRIVE_FILE_TYPE_INFO[file.fileType].label}
                </td>
                <td className="hidden px-3 py-2 whitespace-nowrap text-gray-600 sm:table-cell dark:text-gray-400">
                  {fileSizeLabel(file.size)}
                </td>
                <td className="hidden px-3 py-2 md:table-cell">
                  <FileTags
                    fileName={file.name}
                    tags={file.tags}
                    limit={CloudDriveLimits.tagsInList}
                    onRemove={(tag) => onRemoveTag(file, tag)}
                  />
                </td>
                <td className="hidden px-3 py-2 text-gray-600 lg:table-cell dark:text-gray-400">
                  {file.parentFolder ?? 'Root'}
                </td>
                <td className="px-3 py-2">
                  <div className="flex items-center justify-end gap-0.5">
                    <FavoriteButton
                      name={file.name}
                      isFavorite={file.isFavorite}
                      onToggle={() => onToggleFavorite(file)}
                    />
                    <button
                      type="button"
                      aria-label={`Open ${file.name}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(file);
                      }}
                      onDoubleClick={(event) => event.stopPropagation()}
                      className={actionLink}
                    >
                      <ExternalLink aria-hidden className="size-4" />
                    </button>
                    <a
                      href={downloadLink(file)}
                      download={file.name}
                      aria-label={`Download ${file.name}`}
                      onClick={(event) => event.stopPropagation()}
                      onDoubleClick={(event) => event.stopPropagation()}
                      className={actionLink}
                    >
                      <Download aria-hidden className="size-4" />
                    </a>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
