import {
  BOOK_CONDITION_LABELS,
  BOOK_CONDITIONS,
  BOOK_CURRENCIES,
  currencyForPlatform,
  OTHER_PLATFORM,
  platformChoices,
  type BookCurrency,
} from '@bookshelf/contract';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useMoneyPreferences } from '../../../money/public';
import { inputClass } from '../../../../components/ui/form-styles';
import { bookFormRules, type BookFormValues } from './book-form-values';
import { describedBy, FieldShell, FormSection, selectClass } from './form-controls';
import { useFieldError } from './use-field-error';

/** Purchase details (core.md §3–5); shown, validated and sent only while "Add purchase information" is ticked. */
export function PurchaseSection({ customPlatforms }: { customPlatforms: readonly string[] }) {
  const id = useId();
  const { register, setValue, getValues } = useFormContext<BookFormValues>();
  const platform = useWatch<BookFormValues, 'purchaseInfo.platform'>({ name: 'purchaseInfo.platform' });
  const errors = {
    platform: useFieldError('purchaseInfo.platform'),
    customPlatform: useFieldError('purchaseInfo.customPlatform'),
    price: useFieldError('purchaseInfo.price'),
    currency: useFieldError('purchaseInfo.currency'),
    sellerName: useFieldError('purchaseInfo.sellerName'),
    purchaseDate: useFieldError('purchaseInfo.purchaseDate'),
    condition: useFieldError('purchaseInfo.condition'),
    notes: useFieldError('purchaseInfo.notes'),
  };
  // The reader's own platforms first (core.md §9); the book's stored one is among them, so an edit shows it.
  const own = useMoneyPreferences().customPlatforms;
  const choices = platformChoices([...own.map((p) => p.name), ...customPlatforms, getValues('purchaseInfo.platform')]);
  const currencyFor = (platform: string, current: BookCurrency) =>
    own.find((p) => p.name === platform)?.defaultCurrency ?? currencyForPlatform(platform, current);
  const onlyWhenTicked = (check: () => true | string) => () => !getValues('hasPurchaseInfo') || check();

  return (
    <FormSection title="Purchase information">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id={`${id}-platform`} label="Platform" required error={errors.platform}>
          <select
            id={`${id}-platform`}
            className={selectClass}
            {...describedBy(`${id}-platform`, errors.platform)}
            {...register('purchaseInfo.platform', {
              validate: onlyWhenTicked(() => bookFormRules.platform(getValues('purchaseInfo.platform'))),
              // core.md §4: choosing a platform sets its currency; the reader may change it afterwards.
              onChange: (event: { target: { value: string } }) =>
                setValue('purchaseInfo.currency', currencyFor(event.target.value, getValues('purchaseInfo.currency'))),
            })}
          >
            <option value="">Select a platform</option>
            {choices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </FieldShell>
        {platform === OTHER_PLATFORM && (
          <FieldShell id={`${id}-custom`} label="Custom platform name" required error={errors.customPlatform}>
            <input
              id={`${id}-custom`}
              type="text"
              className={inputClass}
              {...describedBy(`${id}-custom`, errors.customPlatform)}
              {...register('purchaseInfo.customPlatform', {
                validate: onlyWhenTicked(() =>
                  bookFormRules.customPlatform(
                    getValues('purchaseInfo.customPlatform'),
                    getValues('purchaseInfo.platform'),
                  ),
                ),
              })}
            />
          </FieldShell>
        )}
        <FieldShell id={`${id}-price`} label="Price" error={errors.price}>
          <input
            id={`${id}-price`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            className={inputClass}
            {...describedBy(`${id}-price`, errors.price)}
            {...register('purchaseInfo.price', {
              validate: onlyWhenTicked(() => bookFormRules.price(getValues('purchaseInfo.price'))),
            })}
          />
        </FieldShell>
        <FieldShell id={`${id}-currency`} label="Currency" error={errors.currency}>
          <select
            id={`${id}-currency`}
            className={selectClass}
            {...describedBy(`${id}-currency`, errors.currency)}
            {...register('purchaseInfo.currency')}
          >
            {BOOK_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={`${id}-seller`} label="Seller name" error={errors.sellerName}>
          <input
            id={`${id}-seller`}
            type="text"
            className={inputClass}
            {...describedBy(`${id}-seller`, errors.sellerName)}
            {...register('purchaseInfo.sellerName')}
          />
        </FieldShell>
        <FieldShell id={`${id}-date`} label="Purchase date" error={errors.purchaseDate}>
          <input
            id={`${id}-date`}
            type="date"
            className={inputClass}
            {...describedBy(`${id}-date`, errors.purchaseDate)}
            {...register('purchaseInfo.purchaseDate')}
          />
        </FieldShell>
        <FieldShell id={`${id}-condition`} label="Condition" error={errors.condition}>
          <select
            id={`${id}-condition`}
            className={selectClass}
            {...describedBy(`${id}-condition`, errors.condition)}
            {...register('purchaseInfo.condition')}
          >
            <option value="">Not specified</option>
            {BOOK_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {BOOK_CONDITION_LABELS[condition]}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={`${id}-notes`} label="Purchase notes" error={errors.notes} className="sm:col-span-2">
          <textarea
            id={`${id}-notes`}
            rows={2}
            className={inputClass}
            {...describedBy(`${id}-notes`, errors.notes)}
            {...register('purchaseInfo.notes')}
          />
        </FieldShell>
      </div>
    </FormSection>
  );
}
