import { CurrencyPreferencesForm } from '../features/money/components/currency-preferences-form';
import { CustomPlatformsEditor } from '../features/money/components/custom-platforms-editor';
import { SettingsSection } from '../features/settings/components/settings-section';

/**
 * Settings → Currency: money settings belong to the money feature, the page to settings; the shell puts
 * one in the other (features do not import each other), as it does the Accounts section.
 */
export function CurrencySettingsSection() {
  return (
    <>
      <SettingsSection
        title="Currency"
        description="Your base currency and how prices in other currencies are shown. Saved to your account."
      >
        <CurrencyPreferencesForm />
      </SettingsSection>
      <SettingsSection
        title="Your platforms"
        description="Stores of your own, listed first when you record a purchase."
      >
        <CustomPlatformsEditor />
      </SettingsSection>
    </>
  );
}
