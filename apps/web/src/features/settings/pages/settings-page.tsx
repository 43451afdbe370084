import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useMe } from '../../../lib/session';
import { AppearanceTab } from '../components/appearance-tab';
import { ProfileTab } from '../components/profile-tab';
import { LoadError } from '../components/query-status';
import { ReadingGoalTab } from '../components/reading-goal-tab';
import { SecurityTab } from '../components/security-tab';
import { SETTINGS_TABS, toSettingsTab, type SettingsTab } from '../lib/settings-tabs';

const tabClass =
  'min-w-0 shrink-0 truncate rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-gray-600 transition-colors hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm dark:text-gray-400 dark:hover:text-gray-100 dark:data-[state=active]:bg-gray-950 dark:data-[state=active]:text-gray-100';

export interface SettingsPageProps {
  /**
   * Sections the shell adds below a tab's own, for settings that belong to another feature (the Accounts
   * section opens the accounts feature's Manage Accounts): features do not import each other.
   */
  sections?: Partial<Record<SettingsTab, ReactNode>>;
}

/** /settings: the active tab lives in `?tab=` so it can be linked to and survives a reload. */
export function SettingsPage({ sections = {} }: SettingsPageProps) {
  const [params, setParams] = useSearchParams();
  const tab = toSettingsTab(params.get('tab'));
  const me = useMe();

  function selectTab(value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', toSettingsTab(value));
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Your profile, the accounts your books come from, your reading goal, appearance, currency and security.
        </p>
      </div>
      {me.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : me.isError ? (
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      ) : me.data === null ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">Sign in to change your settings.</p>
      ) : (
        <Tabs.Root value={tab} onValueChange={selectTab} className="space-y-6">
          <Tabs.List
            aria-label="Settings sections"
            // Phones: two rows of two, so every tab shows whole and none hides off the edge.
            className="grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1 sm:flex dark:bg-gray-900"
          >
            {SETTINGS_TABS.map(({ id, label }) => (
              <Tabs.Trigger key={id} value={id} className={tabClass}>
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="profile" className="space-y-6 focus-visible:outline-none">
            <ProfileTab key={me.data.id} me={me.data} />
            {sections['profile']}
          </Tabs.Content>
          <Tabs.Content value="reading-goal" className="space-y-6 focus-visible:outline-none">
            <ReadingGoalTab key={me.data.id} me={me.data} />
            {sections['reading-goal']}
          </Tabs.Content>
          <Tabs.Content value="appearance" className="space-y-6 focus-visible:outline-none">
            <AppearanceTab />
            {sections['appearance']}
          </Tabs.Content>
          <Tabs.Content value="currency" className="space-y-6 focus-visible:outline-none">
            {sections['currency']}
          </Tabs.Content>
          <Tabs.Content value="security" className="space-y-6 focus-visible:outline-none">
            <SecurityTab me={me.data} />
            {sections['security']}
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
