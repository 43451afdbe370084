import { ACCOUNT_CURRENCIES, ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, AccountMessages } from '@bookshelf/contract';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ErrorBox } from '../../../components/ui/error-box';
import { inputClass, primaryButtonClass, secondaryButtonClass, selectClass } from '../../../components/ui/form-styles';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { accountFormRules, serverFieldOf, type AccountFormValues } from './account-form-values';
import { SwitchField } from './switch-field';

const labelClass = 'block text-sm font-medium text-gray-700 dark:text-gray-300';
const requiredLabelClass = `${labelClass} after:ml-0.5 after:text-red-600 after:content-['*'] dark:after:text-red-400`;

const FORM_FIELDS = new Set(['name', 'type', 'customType', 'email', 'description']);

interface AccountFormProps {
  title: string;
  defaultValues: AccountFormValues;
  submitLabel: string;
  busyLabel: string;
  /** The Personal Collection is always active. */
  isDefault?: boolean;
  onSubmit: (values: AccountFormValues) => Promise<void>;
  onCancel: () => void;
}

/** Add and edit an account (core.md §2, §5). */
export function AccountForm({
  title,
  defaultValues,
  submitLabel,
  busyLabel,
  isDefault = false,
  onSubmit,
  onCancel,
}: AccountFormProps) {
  const id = useId();
  const { register, handleSubmit, control, getValues, setError, formState } = useForm<AccountFormValues>({
    defaultValues,
  });
  const { errors, isSubmitting } = formState;
  const type = useWatch({ control, name: 'type' });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const named = error instanceof ApiRequestError ? serverFieldOf(error.message) : null;
      if (named && FORM_FIELDS.has(named.field)) {
        setError(named.field as keyof AccountFormValues, { type: 'server', message: named.message });
      } else {
        setFailure(errorMessage(error));
      }
    }
  });

  const a11y = (field: keyof AccountFormValues) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const errorLine = (field: keyof AccountFormValues) =>
    errors[field]?.message ? (
      <p id={`${id}-${field}-error`} className="text-sm text-red-600 dark:text-red-400">
        {errors[field].message}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h3>
      {failure && <ErrorBox message={failure} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-name`} className={requiredLabelClass}>
            Account name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            aria-required
            className={inputClass}
            {...a11y('name')}
            {...register('name', { validate: accountFormRules.name })}
          />
          {errorLine('name')}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-type`} className={requiredLabelClass}>
            Account type
          </label>
          <select
            id={`${id}-type`}
            aria-required
            className={selectClass}
            {...a11y('type')}
            {...register('type', { validate: accountFormRules.type })}
          >
            <option value="">Select a type</option>
            {ACCOUNT_TYPES.map((value) => (
              <option key={value} value={value}>
                {ACCOUNT_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
          {errorLine('type')}
        </div>
        {type === 'other' && (
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor={`${id}-customType`} className={isDefault ? labelClass : requiredLabelClass}>
              Custom type
            </label>
            <input
              id={`${id}-customType`}
              type="text"
              aria-required={!isDefault}
              className={inputClass}
              {...a11y('customType')}
              {...register('customType', {
                // The built-in Personal Collection is of type other without a custom type, and may stay so.
                validate: (value) => isDefault || accountFormRules.customType(value, getValues('type')),
              })}
            />
            {errorLine('customType')}
          </div>
        )}
        <div className="space-y-1">
          <label htmlFor={`${id}-email`} className={labelClass}>
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            className={inputClass}
            {...a11y('email')}
            {...register('email', { validate: accountFormRules.email })}
          />
          {errorLine('email')}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-currency`} className={labelClass}>
            Default currency
          </label>
          <select id={`${id}-currency`} className={selectClass} {...register('defaultCurrency')}>
            {ACCOUNT_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1 sm:col-span-2">
          <label htmlFor={`${id}-description`} className={labelClass}>
            Description
          </label>
          <textarea
            id={`${id}-description`}
            rows={2}
            className={inputClass}
            {...a11y('description')}
            {...register('description')}
          />
          {errorLine('description')}
        </div>
      </div>
      <div className="space-y-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <SwitchField
              label="Active"
              checked={field.value}
              onChange={field.onChange}
              disabled={isDefault}
              hint={isDefault ? AccountMessages.defaultAlwaysActive : 'Only active accounts can be chosen for books.'}
            />
          )}
        />
        <Controller
          control={control}
          name="autoSync"
          render={({ field }) => <SwitchField label="Auto sync" checked={field.value} onChange={field.onChange} />}
        />
        <Controller
          control={control}
          name="notifications"
          render={({ field }) => <SwitchField label="Notifications" checked={field.value} onChange={field.onChange} />}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
          {isSubmitting ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
