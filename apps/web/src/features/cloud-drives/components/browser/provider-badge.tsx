import { DRIVE_PROVIDER_LABELS, type DriveProvider } from '@bookshelf/contract';

const TONES: Record<DriveProvider, string> = {
  google: 'bg-blue-50 text-blue-700 dark:bg-blue-950/60 dark:text-blue-300',
  onedrive: 'bg-sky-50 text-sky-700 dark:bg-sky-950/60 dark:text-sky-300',
  local: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300',
  uploads: 'bg-violet-50 text-violet-700 dark:bg-violet-950/60 dark:text-violet-300',
};

/** Where a file lives: Google Drive, OneDrive, Local or My Uploads. */
export function ProviderBadge({ provider }: { provider: DriveProvider }) {
  return (
    <span className={`inline-flex shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ${TONES[provider]}`}>
      {DRIVE_PROVIDER_LABELS[provider]}
    </span>
  );
}
