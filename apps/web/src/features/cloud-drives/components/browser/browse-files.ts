import type { FILE_TYPE_FILTERS, CloudFile, DriveFileType, DriveProvider } from '@bookshelf/contract';

/** The File Browser's choices (core.md §2 "File browser"). */
export type TypeFilter = 'all' | (typeof FILE_TYPE_FILTERS)[number];
export type SortKey = 'name' | 'date' | 'size' | 'favorite';
export type SortDirection = 'asc' | 'desc';
export type ViewMode = 'folders' | 'grid' | 'list';

export const SORT_LABELS: Record<SortKey, string> = { name: 'Name', date: 'Date', size: 'Size', favorite: 'Favorite' };
export const VIEW_LABELS: Record<ViewMode, string> = { folders: 'Folders', grid: 'Grid', list: 'List' };

/**
 * What each type filter shows. The four filters of the spec; the kinds the spec folds into them go with
 * them: Word files are "treated as txt" (core.md §5) and AZW3 is Kindle's MOBI successor.
 */
export const TYPE_FILTER_MEMBERS: Record<Exclude<TypeFilter, 'all'>, readonly DriveFileType[]> = {
  pdf: ['pdf'],
  epub: ['epub'],
  mobi: ['mobi', 'azw3'],
  txt: ['txt', 'docx', 'doc'],
};

export interface BrowseOptions {
  search: string;
  type: TypeFilter;
  /** '' for All Tags. */
  tag: string;
  favoritesOnly: boolean;
  /** '' for every connection. */
  connectionId: string;
  /** null for Root (every folder). */
  folder: string | null;
  sort: SortKey;
  direction: SortDirection;
}

export const defaultBrowseOptions: BrowseOptions = {
  search: '',
  type: 'all',
  tag: '',
  favoritesOnly: false,
  connectionId: '',
  folder: null,
  sort: 'name',
  direction: 'asc',
};

/** A file sits in `folder` when its parent is it or lies below it. */
export const inFolder = (file: Pick<CloudFile, 'parentFolder'>, folder: string) =>
  file.parentFolder === folder || (file.parentFolder?.startsWith(`${folder}/`) ?? false);

/** Whether anything but the connection and folder narrows the list (the empty state says which). */
export const hasFilters = (o: Pick<BrowseOptions, 'search' | 'type' | 'tag' | 'favoritesOnly'>) =>
  o.search.trim() !== '' || o.type !== 'all' || o.tag !== '' || o.favoritesOnly;

export function filterFiles(files: readonly CloudFile[], o: BrowseOptions): CloudFile[] {
  const needle = o.search.trim().toLowerCase();
  const types = o.type === 'all' ? null : new Set<string>(TYPE_FILTER_MEMBERS[o.type]);
  return files.filter(
    (file) =>
      !file.isDeleted &&
      (needle === '' ||
        file.name.toLowerCase().includes(needle) ||
        file.tags.some((tag) => tag.toLowerCase().includes(needle))) &&
      (types === null || types.has(file.fileType)) &&
      (o.tag === '' || file.tags.includes(o.tag)) &&
      (!o.favoritesOnly || file.isFavorite) &&
      (o.connectionId === '' || file.connectionId === o.connectionId) &&
      (o.folder === null || inFolder(file, o.folder)),
  );
}

const byName = (a: CloudFile, b: CloudFile) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

const COMPARE: Record<SortKey, (a: CloudFile, b: CloudFile) => number> = {
  name: byName,
  date: (a, b) => Date.parse(a.modifiedAt) - Date.parse(b.modifiedAt),
  size: (a, b) => a.size - b.size,
  // Ascending puts favourites first, as a reader choosing "Favorite" expects.
  favorite: (a, b) => Number(b.isFavorite) - Number(a.isFavorite),
};

/** Sorted by the key in the direction; equal files stay in name order whichever way the key runs. */
export function sortFiles(files: readonly CloudFile[], sort: SortKey, direction: SortDirection): CloudFile[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...files].sort((a, b) => sign * COMPARE[sort](a, b) || byName(a, b));
}

export const browseFiles = (files: readonly CloudFile[], o: BrowseOptions) =>
  sortFiles(filterFiles(files, o), o.sort, o.direction);

/** Every tag on the files, once each, in alphabetical order. */
export const knownTags = (files: readonly CloudFile[]) =>
  [...new Set(files.flatMap((file) => file.tags))].sort((a, b) => a.localeCompare(b));

export interface ConnectionOption {
  id: string;
  driveName: string;
  provider: DriveProvider;
}

/** The connections the files come from, for the provider filter, by name. */
export function connectionsIn(files: readonly CloudFile[]): ConnectionOption[] {
  const byId = new Map<string, ConnectionOption>();
  for (const file of files) {
    if (!byId.has(file.connectionId)) {
      byId.set(file.connectionId, { id: file.connectionId, driveName: file.driveName, provider: file.provider });
    }
  }
  return [...byId.values()].sort((a, b) => a.driveName.localeCompare(b.driveName));
}

export interface FolderNode {
  name: string;
  /** The full path, what a file's parentFolder holds. */
  path: string;
  /** Files here and below. */
  count: number;
  children: FolderNode[];
}

/** The folders of the files as a tree (a parentFolder "a/b" is b inside a), each level by name. */
export function folderTree(files: readonly CloudFile[]): FolderNode[] {
  const root: FolderNode = { name: '', path: '', count: 0, children: [] };
  for (const file of files) {
    if (!file.parentFolder) continue;
    let node = root;
    const parts = file.parentFolder.split('/').filter(Boolean);
    parts.forEach((part, i) => {
      const path = parts.slice(0, i + 1).join('/');
      let child = node.children.find((c) => c.name === part);
      if (!child) {
        child = { name: part, path, count: 0, children: [] };
        node.children.push(child);
      }
      child.count += 1;
      node = child;
    });
  }
  const sortTree = (nodes: FolderNode[]): FolderNode[] =>
    nodes.sort((a, b) => a.name.localeCompare(b.name)).map((node) => ({ ...node, children: sortTree(node.children) }));
  return sortTree(root.children);
}

/** "1 file", "23 files". */
export const fileCount = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/** core.md §2: `{n} files`, then ` in "{folder}"` and ` from {account name}` when narrowed to them. */
export function countLine(n: number, folder: string | null, accountName: string | null): string {
  return `${fileCount(n)}${folder ? ` in "${folder}"` : ''}${accountName ? ` from ${accountName}` : ''}`;
}

export interface EmptyText {
  title: string;
  message: string;
  hint: string | null;
}

/** core.md §2 empty states: filters, then the folder, then the drive itself. */
export function emptyText(o: BrowseOptions): EmptyText {
  if (hasFilters(o)) {
    return {
      title: 'No files found',
      message: 'No files match your filters',
      hint: 'Try adjusting your search or filters',
    };
  }
  if (o.folder) return { title: 'No files found', message: `No files in "${o.folder}"`, hint: null };
  return { title: 'No files found', message: 'No files available in the selected drive', hint: null };
}
