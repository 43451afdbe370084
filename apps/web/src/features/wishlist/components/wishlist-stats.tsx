import { BellRing, BookHeart, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint: string;
  icon: ReactNode;
}

function StatCard({ label, value, hint, icon }: StatCardProps) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <dt className="flex items-center gap-2 text-sm font-medium text-gray-600 dark:text-gray-400">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      <dd className="text-xs text-gray-600 dark:text-gray-400">{hint}</dd>
    </div>
  );
}

const iconClass = 'size-4 text-indigo-600 dark:text-indigo-400';

/** The wishlist's three stat cards (core.md §2): its books, their estimated value, and the price alerts. */
export function WishlistStats({
  count,
  value,
  alerts,
  triggered,
}: {
  count: number;
  value: string;
  alerts: number;
  triggered: number;
}) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <StatCard
        label="Total Books"
        value={count}
        hint={count === 1 ? 'book on your wishlist' : 'books on your wishlist'}
        icon={<BookHeart aria-hidden className={iconClass} />}
      />
      <StatCard
        label="Estimated Value"
        value={value}
        hint="Purchase prices, 15 for each book without one"
        icon={<Wallet aria-hidden className={iconClass} />}
      />
      <StatCard
        label="Price Alerts"
        value={alerts}
        hint={triggered > 0 ? `${triggered} triggered` : 'None triggered yet'}
        icon={<BellRing aria-hidden className={iconClass} />}
      />
    </dl>
  );
}
