import { ACCOUNT_TYPE_LABELS, AccountMessages, type Account } from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Modal } from '../../../components/ui/modal';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ErrorBox } from '../../../components/ui/error-box';
import {
  dangerButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
  smallButtonClass,
} from '../../../components/ui/form-styles';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useCreateAccount, useDeleteAccount, useUpdateAccount } from '../api/use-account-mutations';
import { useAccounts } from '../api/use-accounts';
import { AccountForm } from './account-form';
import {
  accountFormToRequest,
  accountToFormValues,
  emptyAccountFormValues,
  movedBooksLine,
  type AccountFormValues,
} from './account-form-values';

export interface ManageAccountsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type View = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; account: Account };

/** The Manage Accounts dialog (core.md §2): the list of accounts, add and edit forms, and delete. */
export function ManageAccountsDialog({ open, onOpenChange }: ManageAccountsDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width="2xl">
      <ManageAccountsBody />
    </Modal>
  );
}

function ManageAccountsBody() {
  const [view, setView] = useState<View>({ kind: 'list' });
  const createAccount = useCreateAccount();
  const updateAccount = useUpdateAccount();
  const toList = () => setView({ kind: 'list' });

  async function add(values: AccountFormValues) {
    const account = await createAccount.mutateAsync(accountFormToRequest(values));
    toast({ type: 'success', title: 'Account added', message: account.name });
    toList();
  }

  async function save(account: Account, values: AccountFormValues) {
    const saved = await updateAccount.mutateAsync({ id: account.id, changes: accountFormToRequest(values) });
    toast({ type: 'success', title: 'Account updated', message: saved.name });
    toList();
  }

  return (
    <div className="space-y-5">
      <div className="pr-8">
        <Dialog.Title className="text-xl font-semibold tracking-tight">Manage Accounts</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          The stores and services your books come from. Only active accounts can be chosen for a book.
        </Dialog.Description>
      </div>
      {view.kind === 'add' && (
        <AccountForm
          title="Add Account"
          defaultValues={emptyAccountFormValues()}
          submitLabel="Add Account"
          busyLabel="Adding..."
          onSubmit={add}
          onCancel={toList}
        />
      )}
      {view.kind === 'edit' && (
        <AccountForm
          title={`Edit ${view.account.name}`}
          defaultValues={accountToFormValues(view.account)}
          submitLabel="Save Changes"
          busyLabel="Saving..."
          isDefault={view.account.isDefault}
          onSubmit={(values) => save(view.account, values)}
          onCancel={toList}
        />
      )}
      {view.kind === 'list' && (
        <AccountList onAdd={() => setView({ kind: 'add' })} onEdit={(account) => setView({ kind: 'edit', account })} />
      )}
    </div>
  );
}

function AccountList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (account: Account) => void }) {
  const accounts = useAccounts();
  const [confirming, setConfirming] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      <button type="button" onClick={onAdd} className={primaryButtonClass}>
        <UserPlus aria-hidden className="size-4" />
        Add Account
      </button>
      {accounts.isPending && <p className="text-sm text-gray-600 dark:text-gray-400">Loading accounts...</p>}
      {accounts.isError && (
        <ErrorBox
          message={errorMessage(accounts.error)}
          action={
            <button type="button" onClick={() => void accounts.refetch()} className={smallButtonClass}>
              Retry
            </button>
          }
        />
      )}
      {accounts.data && (
        <ul
          aria-label="Accounts"
          className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
        >
          {accounts.data.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              confirming={confirming === account.id}
              onEdit={() => onEdit(account)}
              onAskDelete={() => setConfirming(account.id)}
              onCancelDelete={() => setConfirming(null)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

const typeLabel = (account: Account) =>
  account.type === 'other' && account.customType ? account.customType : ACCOUNT_TYPE_LABELS[account.type];

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

interface AccountRowProps {
  account: Account;
  confirming: boolean;
  onEdit: () => void;
  onAskDelete: () => void;
  onCancelDelete: () => void;
}

function AccountRow({ account, confirming, onEdit, onAskDelete, onCancelDelete }: AccountRowProps) {
  const deleteAccount = useDeleteAccount();
  const [failure, setFailure] = useState<string | null>(null);

  async function confirmDelete() {
    setFailure(null);
    try {
      const { movedBooks } = await deleteAccount.mutateAsync(account.id);
      toast({
        type: 'success',
        title: 'Account deleted',
        message:
          movedBooks > 0
            ? `${movedBooks} ${movedBooks === 1 ? 'book' : 'books'} moved to Personal Collection.`
            : account.name,
      });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <li aria-label={account.name} className="space-y-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{account.name}</span>
            {account.isDefault && (
              <span className={`${badge} bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200`}>
                Default
              </span>
            )}
            <span
              className={`${badge} ${
                account.isActive
                  ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200'
                  : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300'
              }`}
            >
              {account.isActive ? 'Active' : 'Inactive'}
            </span>
          </p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {typeLabel(account)}
            {account.email && (
              <>
                {' '}
                · <span className="break-all">{account.email}</span>
              </>
            )}
          </p>
          <p className="text-xs text-gray-500 dark:text-gray-400">
            {account.settings.defaultCurrency} · {account.bookCount} {account.bookCount === 1 ? 'book' : 'books'}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" onClick={onEdit} className={smallButtonClass} aria-label={`Edit ${account.name}`}>
            <Pencil aria-hidden className="size-4" />
            <span className="hidden sm:inline">Edit</span>
          </button>
          {/* The Personal Collection always exists (core.md §4), so it has no delete button. */}
          {!account.isDefault && (
            <button
              type="button"
              onClick={onAskDelete}
              className={smallButtonClass}
              aria-label={`Delete ${account.name}`}
            >
              <Trash2 aria-hidden className="size-4 text-red-600 dark:text-red-400" />
              <span className="hidden sm:inline">Delete</span>
            </button>
          )}
        </div>
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-label={`Delete ${account.name}`}
          aria-describedby={`confirm-${account.id}`}
          className="space-y-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
        >
          <div id={`confirm-${account.id}`}>
            <p>{AccountMessages.deleteConfirm}</p>
            {account.bookCount > 0 && <p className="mt-1">{movedBooksLine(account.bookCount)}</p>}
          </div>
          {failure && <ErrorBox message={failure} />}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" autoFocus onClick={onCancelDelete} className={secondaryButtonClass}>
              Cancel
            </button>
            <button
              type="button"
              disabled={deleteAccount.isPending}
              onClick={() => void confirmDelete()}
              className={dangerButtonClass}
            >
              {deleteAccount.isPending ? 'Deleting...' : 'Delete Account'}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
