import { DEFAULT_DISPLAY_PREFERENCES, MoneyPaths, type MoneyPreferences } from '@bookshelf/contract';
import { network } from './fake-network';

/** The reader's money settings as the server answers them; INR and the spec's display defaults unless given. */
export function answerMoneyPreferences(overrides: Partial<MoneyPreferences> = {}): MoneyPreferences {
  const preferences: MoneyPreferences = {
    ...DEFAULT_DISPLAY_PREFERENCES,
    baseCurrency: 'INR',
    customPlatforms: [],
    ratesSource: 'fixed',
    ...overrides,
  };
  network.answer(`GET ${MoneyPaths.preferences}`, preferences);
  return preferences;
}
