import { createContext, type ReactNode } from 'react';
import type { DialogProps } from '../../../../components/ui/modal';

/**
 * Manage Accounts, which the book form opens over itself, is the accounts feature's dialog, and features do not
 * import each other: app/ provides a function that renders it. Without a provider (the form on its own) the form
 * offers no way in.
 */
export const ManageAccountsSlot = createContext<((props: DialogProps) => ReactNode) | null>(null);
