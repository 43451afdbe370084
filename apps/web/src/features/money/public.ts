/*
 * What other features use of money: the reader's currency settings and the price label. Both live in lib/
 * and components/ (every feature that shows an amount needs them); this re-export is the one name to use.
 */
export { PriceLabel } from '../../components/money/price-label';
export { useMoneyPreferences, type MoneyPreferencesState } from '../../lib/money/use-money-preferences';
export { useAddCustomPlatform } from '../../lib/money/use-custom-platforms';
