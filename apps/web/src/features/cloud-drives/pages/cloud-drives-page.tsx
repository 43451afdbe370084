import { BarChart3, Cloud, FolderOpen } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { focusRing } from '../../../components/ui/button-styles';
import { FileBrowser } from '../components/browser/file-browser';
import { ManagerTab } from '../components/manager/manager-tab';
import { ReadingProgressEmpty } from '../components/progress/reading-progress-empty';
import { panelProps, Tabs, type TabItem } from '../components/tabs';

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

/** The Cloud Drives screen (core.md §2, §4 "Cloud drives view"): the manager, the File Browser, Reading Progress. */
export function CloudDrivesPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(params);
  const connectionId = params.get('connection');

  const show = (next: CloudDrivesTab, connection: string | null = null) => {
    const search = new URLSearchParams();
    if (next !== 'manager') search.set('tab', next);
    if (next === 'browser' && connection) search.set('connection', connection);
    setParams(search);
  };

  return (
    <section aria-labelledby="cloud-drives-title" data-tab="cloud-drives" className="space-y-4">
      <h1 id="cloud-drives-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        Cloud Drives
      </h1>
      <Tabs idPrefix={PREFIX} label="Cloud drives views" tabs={TABS} active={tab} onSelect={(id) => show(id)} />
      <div {...panelProps(PREFIX, tab)} className={`rounded-md ${focusRing}`}>
        {tab === 'manager' && <ManagerTab onBrowse={(id) => show('browser', id)} />}
        {tab === 'browser' && <FileBrowser initialConnectionId={connectionId} />}
        {tab === 'progress' && <ReadingProgressEmpty onBrowse={() => show('browser')} />}
      </div>
    </section>
  );
}
