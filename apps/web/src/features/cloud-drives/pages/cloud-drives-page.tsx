import type { CloudFile } from '@bookshelf/contract';
import { BarChart3, Cloud, FolderOpen } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { focusRing } from '../../../components/ui/button-styles';
import { FileBrowser } from '../components/browser/file-browser';
import { ManagerTab } from '../components/manager/manager-tab';
import { ReadingProgressEmpty } from '../components/progress/reading-progress-empty';
import { panelProps, Tabs, type TabItem } from '../components/tabs';
import { fileContentSource } from '../api/use-file-content';
import { useCloudFiles } from '../api/use-files';
import type { CloudDrivesSlots } from '../lib/reader-slots';

export type CloudDrivesTab = 'manager' | 'browser' | 'progress';

const TABS: readonly TabItem<CloudDrivesTab>[] = [
  { id: 'manager', label: 'Cloud Drives', icon: <Cloud aria-hidden className="size-4" /> },
  { id: 'browser', label: 'File Browser', icon: <FolderOpen aria-hidden className="size-4" /> },
  { id: 'progress', label: 'Reading Progress', icon: <BarChart3 aria-hidden className="size-4" /> },
];

const PREFIX = 'cloud-drives';

/** `?tab=browser|progress` (the manager has none), so a reload or Back shows the same tab. */
export const tabFromSearch = (params: URLSearchParams): CloudDrivesTab => {
  const tab = params.get('tab');
  return tab === 'browser' || tab === 'progress' ? tab : 'manager';
};

/**
 * The Cloud Drives screen (core.md §2, §4 "Cloud drives view"): the manager, the File Browser, Reading
 * Progress, and the reader over them (`?file=id`, so a reload reopens the book). The reader and the progress
 * screen come from the reading feature, passed in by app/.
 */
export function CloudDrivesPage({ slots = {} }: { slots?: CloudDrivesSlots }) {
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(params);
  const connectionId = params.get('connection');
  const fileId = params.get('file');
  const files = useCloudFiles();
  const openFile = useMemo(
    () => (fileId ? (files.data?.find((f) => f.id === fileId) ?? null) : null),
    [fileId, files.data],
  );
  const content = useMemo(() => (openFile ? fileContentSource(openFile) : null), [openFile]);

  const show = (next: CloudDrivesTab, connection: string | null = null, file: string | null = null) => {
    const search = new URLSearchParams();
    if (next !== 'manager') search.set('tab', next);
    if (next === 'browser' && connection) search.set('connection', connection);
    if (file) search.set('file', file);
    setParams(search);
  };
  const { Reader, ReadingProgress, warmReader } = slots;
  const openInReader = Reader
    ? (file: CloudFile) => {
        // The document starts opening now, beside the reader's chunk and the saved progress.
        warmReader?.(file, fileContentSource(file), 'open');
        show('browser', connectionId, file.id);
      }
    : undefined;
  const nearFile = warmReader ? (file: CloudFile) => warmReader(file, fileContentSource(file), 'near') : undefined;

  // The tab bar is hidden while in the reader (core.md §2); closing returns to the File Browser (§4) as it was
  // left (its filters, view and selection stay mounted underneath), focus back on the file that was opened.
  const reading = Reader !== undefined && openFile !== null && content !== null;

  return (
    <>
      {reading && <Reader file={openFile} content={content} onClose={() => show('browser', connectionId)} />}
      <section aria-labelledby="cloud-drives-title" data-tab="cloud-drives" className="space-y-4" hidden={reading}>
        <h1 id="cloud-drives-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Cloud Drives
        </h1>
        <Tabs idPrefix={PREFIX} label="Cloud drives views" tabs={TABS} active={tab} onSelect={(id) => show(id)} />
        <div {...panelProps(PREFIX, tab)} className={`rounded-md ${focusRing}`}>
          {tab === 'manager' && <ManagerTab onBrowse={(id) => show('browser', id)} />}
          {tab === 'browser' && (
            <FileBrowser
              initialConnectionId={connectionId}
              {...(openInReader ? { onOpenFile: openInReader } : {})}
              {...(nearFile ? { onNearFile: nearFile } : {})}
            />
          )}
          {tab === 'progress' &&
            (ReadingProgress ? (
              <ReadingProgress onBrowse={() => show('browser')} onOpenFile={(id) => show('browser', null, id)} />
            ) : (
              <ReadingProgressEmpty onBrowse={() => show('browser')} />
            ))}
        </div>
      </section>
    </>
  );
}
