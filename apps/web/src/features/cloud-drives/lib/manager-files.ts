import { FILE_TYPE_FILTERS, type CloudFile, type DriveProvider } from '@bookshelf/contract';

export type ProviderFilter = 'all' | DriveProvider;
export type TypeFilter = 'all' | (typeof FILE_TYPE_FILTERS)[number];

export interface ManagerFilters {
  search: string;
  provider: ProviderFilter;
  type: TypeFilter;
}

export const defaultManagerFilters: ManagerFilters = { search: '', provider: 'all', type: 'all' };

export const TYPE_FILTERS: readonly TypeFilter[] = ['all', ...FILE_TYPE_FILTERS];

/** The manager's files grid (core.md §2): name search, then the provider and type filters. */
export function filterFiles(files: readonly CloudFile[], { search, provider, type }: ManagerFilters): CloudFile[] {
  const needle = search.trim().toLowerCase();
  return files.filter(
    (file) =>
      !file.isDeleted &&
      (needle === '' || file.name.toLowerCase().includes(needle)) &&
      (provider === 'all' || file.provider === provider) &&
      (type === 'all' || file.fileType === type),
  );
}
