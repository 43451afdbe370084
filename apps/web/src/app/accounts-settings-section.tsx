import { Store } from 'lucide-react';
import { Suspense, useState } from 'react';
import { secondaryButtonClass } from '../components/ui/form-styles';
import type { DialogComponent } from '../components/ui/modal';
import { SettingsSection } from '../features/settings/components/settings-section';

/**
 * Settings → Profile → Accounts: the way into Manage Accounts that does not go through a book form. The shell
 * puts it there because settings and accounts are separate features.
 * `manageAccounts` is the lazily loaded dialog of screens.ts, passed in so this chunk does not import that module.
 */
export function AccountsSettingsSection({ manageAccounts: ManageAccountsDialog }: { manageAccounts: DialogComponent }) {
  const [managing, setManaging] = useState(false);
  return (
    <SettingsSection
      title="Accounts"
      description="The stores, services and libraries your books come from. Each book belongs to one; only active accounts can be chosen for a book."
    >
      <button type="button" className={secondaryButtonClass} onClick={() => setManaging(true)}>
        <Store aria-hidden className="size-4" />
        Manage Accounts
      </button>
      {managing && (
        <Suspense fallback={null}>
          <ManageAccountsDialog open onOpenChange={setManaging} />
        </Suspense>
      )}
    </SettingsSection>
  );
}
