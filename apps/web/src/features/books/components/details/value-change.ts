import type { Money, PurchaseInfo } from '@bookshelf/contract';
import { formatMoney } from './format';

/**
 * What a copy gained or lost since it was bought: "Up ₹151.00 (+30%)". Only when both amounts are in one
 * currency; across currencies the figures are shown side by side and nothing is converted here.
 */
export function valueChange(purchase: PurchaseInfo | null, value: Money | null): string | null {
  if (!purchase || !value || purchase.currency !== value.currency) return null;
  const diff = Math.round((value.amount - purchase.price) * 100) / 100;
  if (diff === 0) return 'Same as the purchase price';
  const percent =
    purchase.price > 0 ? ` (${diff > 0 ? '+' : '−'}${Math.round((Math.abs(diff) / purchase.price) * 100)}%)` : '';
  return `${diff > 0 ? 'Up' : 'Down'} ${formatMoney(Math.abs(diff), value.currency)}${percent}`;
}
