import type { Me } from '@bookshelf/contract';
import { ApiTokensSection } from './api-tokens-section';
import { ChangePasswordSection } from './change-password-section';
import { ConnectedAccountsSection } from './connected-accounts-section';
import { SessionsSection } from './sessions-section';

export function SecurityTab({ me }: { me: Me }) {
  return (
    <div className="space-y-6">
      <ChangePasswordSection hasPassword={me.hasPassword} />
      <SessionsSection />
      <ApiTokensSection />
      <ConnectedAccountsSection />
    </div>
  );
}
