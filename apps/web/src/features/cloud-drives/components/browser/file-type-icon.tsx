import type { DriveFileType } from '@bookshelf/contract';
import { BookOpen, FileArchive, FileText, FileType, type LucideIcon } from 'lucide-react';

const ICONS: Record<DriveFileType, { icon: LucideIcon; tone: string }> = {
  pdf: { icon: FileText, tone: 'text-red-600 dark:text-red-400' },
  epub: { icon: BookOpen, tone: 'text-emerald-600 dark:text-emerald-400' },
  mobi: { icon: BookOpen, tone: 'text-amber-600 dark:text-amber-400' },
  azw3: { icon: BookOpen, tone: 'text-amber-600 dark:text-amber-400' },
  fb2: { icon: BookOpen, tone: 'text-sky-600 dark:text-sky-400' },
  cbz: { icon: FileArchive, tone: 'text-purple-600 dark:text-purple-400' },
  txt: { icon: FileType, tone: 'text-gray-600 dark:text-gray-300' },
  docx: { icon: FileText, tone: 'text-blue-600 dark:text-blue-400' },
  doc: { icon: FileText, tone: 'text-blue-600 dark:text-blue-400' },
};

/** A file's type as an icon; decorative, since the type is always written beside it. */
export function FileTypeIcon({ type, className = 'size-6' }: { type: DriveFileType; className?: string }) {
  const { icon: Icon, tone } = ICONS[type];
  return <Icon aria-hidden className={`${className} ${tone}`} />;
}
