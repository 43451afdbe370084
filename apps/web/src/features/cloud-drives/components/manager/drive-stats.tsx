import { DRIVE_PROVIDER_LABELS } from '@bookshelf/contract';
import { Cloud, Files, FolderOpen, HardDrive, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DriveStats as Stats } from '../../lib/drive-stats';

const iconClass = 'size-4 text-indigo-600 dark:text-indigo-400';

const PROVIDER_ICONS = {
  google: <Cloud aria-hidden className={iconClass} />,
  onedrive: <Cloud aria-hidden className={iconClass} />,
  local: <HardDrive aria-hidden className={iconClass} />,
  uploads: <Upload aria-hidden className={iconClass} />,
};

function StatCard({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <dt className="flex items-center gap-2 text-sm font-medium text-gray-600 dark:text-gray-400">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value.toLocaleString()}</dd>
    </div>
  );
}

/** The manager's stat cards (core.md §2): drives connected, all files, and files in each place. */
export function DriveStats({ stats }: { stats: Stats }) {
  return (
    <dl aria-label="Drive statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <StatCard
        label="Connected Drives"
        value={stats.connectedDrives}
        icon={<FolderOpen aria-hidden className={iconClass} />}
      />
      <StatCard label="Total Files" value={stats.totalFiles} icon={<Files aria-hidden className={iconClass} />} />
      {stats.providers.map((provider) => (
        <StatCard
          key={provider}
          label={DRIVE_PROVIDER_LABELS[provider]}
          value={stats.filesByProvider[provider]}
          icon={PROVIDER_ICONS[provider]}
        />
      ))}
    </dl>
  );
}
