import { Settings2 } from 'lucide-react';
import { Suspense, useContext, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { linkButtonClass } from '../../../../components/ui/form-styles';
import type { BookFormValues } from './book-form-values';
import { describedBy, FieldShell, selectClass } from './form-controls';
import { ManageAccountsSlot } from './manage-accounts-slot';
import { useAccountChoices } from './use-account-choices';
import { useFieldError } from './use-field-error';

/** Which account the book belongs to: active accounts only (core.md §4), with a way into Manage Accounts. */
export function AccountField() {
  const id = useId();
  const { register } = useFormContext<BookFormValues>();
  const accountId = useWatch<BookFormValues, 'accountId'>({ name: 'accountId' });
  const { choices } = useAccountChoices(accountId);
  const error = useFieldError('accountId');
  const [managing, setManaging] = useState(false);
  const manageAccounts = useContext(ManageAccountsSlot);

  return (
    <FieldShell
      id={id}
      label="Account"
      error={error}
      labelAction={
        manageAccounts && (
          <button type="button" onClick={() => setManaging(true)} className={`${linkButtonClass} inline-flex gap-1`}>
            <Settings2 aria-hidden className="size-4" />
            Manage accounts
          </button>
        )
      }
    >
      <select id={id} className={selectClass} {...describedBy(id, error)} {...register('accountId')}>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.active ? choice.name : `${choice.name} (inactive)`}
          </option>
        ))}
      </select>
      {managing && manageAccounts && (
        <Suspense fallback={null}>{manageAccounts({ open: true, onOpenChange: setManaging })}</Suspense>
      )}
    </FieldShell>
  );
}
