import { SPECIAL_EDITION_TYPE_LABELS, SPECIAL_EDITION_TYPES } from '@bookshelf/contract';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { inputClass } from '../../../../components/ui/form-styles';
import { bookFormRules, type BookFormValues } from './book-form-values';
import { checkboxClass, describedBy, FieldShell, FormSection, selectClass } from './form-controls';
import { useFieldError } from './use-field-error';

/** Special and collector editions (core.md §3–5); sent only while "This is a special edition" is ticked. */
export function SpecialEditionSection() {
  const id = useId();
  const { register, getValues } = useFormContext<BookFormValues>();
  const type = useWatch<BookFormValues, 'specialEdition.type'>({ name: 'specialEdition.type' });
  const errors = {
    type: useFieldError('specialEdition.type'),
    customType: useFieldError('specialEdition.customType'),
    details: useFieldError('specialEdition.details'),
    editionNumber: useFieldError('specialEdition.editionNumber'),
    limitedQuantity: useFieldError('specialEdition.limitedQuantity'),
  };
  const onlyWhenTicked = (check: () => true | string) => () => !getValues('hasSpecialEdition') || check();

  return (
    <FormSection title="Special edition">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id={`${id}-type`} label="Edition type" required error={errors.type}>
          <select
            id={`${id}-type`}
            className={selectClass}
            {...describedBy(`${id}-type`, errors.type)}
            {...register('specialEdition.type')}
          >
            {SPECIAL_EDITION_TYPES.map((value) => (
              <option key={value} value={value}>
                {SPECIAL_EDITION_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </FieldShell>
        {type === 'other' && (
          <FieldShell id={`${id}-custom`} label="Custom edition type" required error={errors.customType}>
            <input
              id={`${id}-custom`}
              type="text"
              className={inputClass}
              {...describedBy(`${id}-custom`, errors.customType)}
              {...register('specialEdition.customType', {
                validate: onlyWhenTicked(() =>
                  bookFormRules.customEditionType(
                    getValues('specialEdition.customType'),
                    getValues('specialEdition.type'),
                  ),
                ),
              })}
            />
          </FieldShell>
        )}
        <FieldShell id={`${id}-number`} label="Edition number" hint="For example 1st/1st" error={errors.editionNumber}>
          <input
            id={`${id}-number`}
            type="text"
            className={inputClass}
            {...describedBy(`${id}-number`, errors.editionNumber, true)}
            {...register('specialEdition.editionNumber')}
          />
        </FieldShell>
        <FieldShell id={`${id}-quantity`} label="Limited quantity" error={errors.limitedQuantity}>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className={inputClass}
            {...describedBy(`${id}-quantity`, errors.limitedQuantity)}
            {...register('specialEdition.limitedQuantity', {
              validate: onlyWhenTicked(() =>
                bookFormRules.limitedQuantity(getValues('specialEdition.limitedQuantity')),
              ),
            })}
          />
        </FieldShell>
        <FieldShell id={`${id}-details`} label="Edition details" error={errors.details} className="sm:col-span-2">
          <textarea
            id={`${id}-details`}
            rows={2}
            className={inputClass}
            {...describedBy(`${id}-details`, errors.details)}
            {...register('specialEdition.details')}
          />
        </FieldShell>
        <label className="inline-flex items-center gap-2 text-sm text-gray-700 sm:col-span-2 dark:text-gray-300">
          <input type="checkbox" className={checkboxClass} {...register('specialEdition.certificateOfAuthenticity')} />
          Certificate of authenticity
        </label>
      </div>
    </FormSection>
  );
}
