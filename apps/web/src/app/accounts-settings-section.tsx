import { Store } from 'lucide-react';
import { Suspense, useState } from 'react';
import { secondaryButtonClass } from '../components/ui/form-styles';
import { SettingsSection } from '../features/settings/components/settings-section';
import { ManageAccountsDialog } from './member-screens';

/**
 * Settings → Profile → Accounts: the way into Manage Accounts that does not go through a book form. The shell
 * puts it there because settings and accounts are separate features.
 */
export function AccountsSettingsSection() {
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
