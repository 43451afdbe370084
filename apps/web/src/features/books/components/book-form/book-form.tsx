import {
  BINDING_TYPE_LABELS,
  BINDING_TYPES,
  BOOK_CURRENCIES,
  BOOK_FORMAT_LABELS,
  BOOK_FORMATS,
  BOOK_STATUS_FORM_LABELS,
  BOOK_STATUSES,
  OTHER_PLATFORM,
} from '@bookshelf/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { ErrorBox } from '../../../../components/ui/error-box';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { errorMessage } from '../../../../lib/error-message';
import { useAddCustomPlatform } from '../../../money/public';
import { AccountField } from './account-field';
import { bookFormRules, formFieldForIssuePath, type BookFormValues } from './book-form-values';
import { checkboxClass, describedBy, FieldShell, selectClass } from './form-controls';
import { PurchaseSection } from './purchase-section';
import { RatingInput } from './rating-input';
import { serverIssues } from './server-issues';
import { SpecialEditionSection } from './special-edition-section';
import { TagInput } from './tag-input';
import { errorOf } from './use-field-error';

export interface BookFormProps {
  defaultValues: BookFormValues;
  /** Saves the book; a thrown ApiRequestError is shown beside the field it names, or in the Error box. */
  onSubmit: (values: BookFormValues) => Promise<void>;
  onCancel?: () => void;
  submitLabel: string;
  busyLabel: string;
  /** Platform names already used on the reader's books, offered first (core.md §9). */
  customPlatforms?: readonly string[];
  /** A cover picked outside the form (ISBN lookup's choice): put into Cover URL whenever it changes. */
  chosenCoverUrl?: string | null;
  /** Photos picked with the book (Add New Book); the form only shows them, its owner uploads them. */
  photos?: ReactNode;
}

/** Every field of a book (core.md §3–5), shared by the Add New Book and Edit Book dialogs. */
export function BookForm({
  defaultValues,
  onSubmit,
  onCancel,
  submitLabel,
  busyLabel,
  customPlatforms = [],
  chosenCoverUrl,
  photos,
}: BookFormProps) {
  const form = useForm<BookFormValues>({ defaultValues });
  const { register, handleSubmit, setError, control, setValue, formState } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const format = useWatch({ control, name: 'format' });
  const hasPurchaseInfo = useWatch({ control, name: 'hasPurchaseInfo' });
  const hasSpecialEdition = useWatch({ control, name: 'hasSpecialEdition' });
  useEffect(() => {
    if (chosenCoverUrl !== undefined) setValue('coverUrl', chosenCoverUrl ?? '', { shouldDirty: true });
  }, [chosenCoverUrl, setValue]);

  const addPlatform = useAddCustomPlatform();
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
      // A platform named with Other (Specify) joins the reader's list, once (core.md §5); the book is saved
      // whether or not that works, so a failure here is not the form's.
      const custom = values.purchaseInfo.customPlatform.trim();
      if (values.hasPurchaseInfo && values.purchaseInfo.platform === OTHER_PLATFORM && custom) {
        addPlatform.mutate({ name: custom, defaultCurrency: values.purchaseInfo.currency });
      }
    } catch (error) {
      let shown = false;
      for (const issue of serverIssues(error)) {
        const field = formFieldForIssuePath(issue.path);
        if (!field) continue;
        setError(field, { type: 'server', message: issue.message }, { shouldFocus: !shown });
        shown = true;
      }
      if (!shown) setFailure(errorMessage(error));
    }
  });

  const ids = {
    title: `${id}-title`,
    author: `${id}-author`,
    isbn: `${id}-isbn`,
    cover: `${id}-cover`,
    format: `${id}-format`,
    binding: `${id}-binding`,
    genre: `${id}-genre`,
    year: `${id}-year`,
    publisher: `${id}-publisher`,
    pages: `${id}-pages`,
    status: `${id}-status`,
    tags: `${id}-tags`,
    notes: `${id}-notes`,
    review: `${id}-review`,
    value: `${id}-value`,
    valueCurrency: `${id}-value-currency`,
  };
  const errors = {
    title: errorOf(formState.errors, 'title'),
    author: errorOf(formState.errors, 'author'),
    isbn: errorOf(formState.errors, 'isbn'),
    coverUrl: errorOf(formState.errors, 'coverUrl'),
    format: errorOf(formState.errors, 'format'),
    bindingType: errorOf(formState.errors, 'bindingType'),
    genre: errorOf(formState.errors, 'genre'),
    publishedYear: errorOf(formState.errors, 'publishedYear'),
    publisher: errorOf(formState.errors, 'publisher'),
    pages: errorOf(formState.errors, 'pages'),
    rating: errorOf(formState.errors, 'rating'),
    status: errorOf(formState.errors, 'status'),
    tags: errorOf(formState.errors, 'tags'),
    notes: errorOf(formState.errors, 'notes'),
    review: errorOf(formState.errors, 'review'),
    value: errorOf(formState.errors, 'currentValue.amount'),
    valueCurrency: errorOf(formState.errors, 'currentValue.currency'),
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
        {failure && <ErrorBox message={failure} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldShell id={ids.title} label="Title" required error={errors.title}>
            <input
              id={ids.title}
              type="text"
              aria-required
              className={inputClass}
              {...describedBy(ids.title, errors.title)}
              {...register('title', { validate: bookFormRules.title })}
            />
          </FieldShell>
          <FieldShell id={ids.author} label="Author" required error={errors.author}>
            <input
              id={ids.author}
              type="text"
              aria-required
              className={inputClass}
              {...describedBy(ids.author, errors.author)}
              {...register('author', { validate: bookFormRules.author })}
            />
          </FieldShell>
          <FieldShell id={ids.isbn} label="ISBN" error={errors.isbn}>
            <input
              id={ids.isbn}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className={inputClass}
              {...describedBy(ids.isbn, errors.isbn)}
              {...register('isbn', { validate: bookFormRules.isbn })}
            />
          </FieldShell>
          <FieldShell id={ids.cover} label="Cover URL" error={errors.coverUrl}>
            <input
              id={ids.cover}
              type="url"
              placeholder="https://"
              className={inputClass}
              {...describedBy(ids.cover, errors.coverUrl)}
              {...register('coverUrl', { validate: bookFormRules.coverUrl })}
            />
          </FieldShell>
          <FieldShell id={ids.format} label="Format" error={errors.format}>
            <select
              id={ids.format}
              className={selectClass}
              {...describedBy(ids.format, errors.format)}
              {...register('format', {
                // core.md §4: digital and audiobook books have no binding.
                onChange: (event: { target: { value: string } }) => {
                  if (event.target.value !== 'physical') setValue('bindingType', '');
                },
              })}
            >
              {BOOK_FORMATS.map((value) => (
                <option key={value} value={value}>
                  {BOOK_FORMAT_LABELS[value]}
                </option>
              ))}
            </select>
          </FieldShell>
          <FieldShell
            id={ids.binding}
            label="Binding type"
            error={errors.bindingType}
            hint={format === 'physical' ? undefined : 'Only physical books have a binding.'}
          >
            <select
              id={ids.binding}
              disabled={format !== 'physical'}
              className={selectClass}
              {...describedBy(ids.binding, errors.bindingType, format !== 'physical')}
              {...register('bindingType')}
            >
              <option value="">Not specified</option>
              {BINDING_TYPES.map((value) => (
                <option key={value} value={value}>
                  {BINDING_TYPE_LABELS[value]}
                </option>
              ))}
            </select>
          </FieldShell>
          <FieldShell id={ids.genre} label="Genre" error={errors.genre}>
            <input
              id={ids.genre}
              type="text"
              className={inputClass}
              {...describedBy(ids.genre, errors.genre)}
              {...register('genre')}
            />
          </FieldShell>
          <FieldShell id={ids.year} label="Published year" error={errors.publishedYear}>
            <input
              id={ids.year}
              type="number"
              inputMode="numeric"
              step={1}
              className={inputClass}
              {...describedBy(ids.year, errors.publishedYear)}
              {...register('publishedYear', { validate: bookFormRules.publishedYear })}
            />
          </FieldShell>
          <FieldShell id={ids.publisher} label="Publisher" error={errors.publisher}>
            <input
              id={ids.publisher}
              type="text"
              className={inputClass}
              {...describedBy(ids.publisher, errors.publisher)}
              {...register('publisher')}
            />
          </FieldShell>
          <FieldShell id={ids.pages} label="Pages" error={errors.pages}>
            <input
              id={ids.pages}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className={inputClass}
              {...describedBy(ids.pages, errors.pages)}
              {...register('pages', { validate: bookFormRules.pages })}
            />
          </FieldShell>
          <FieldShell id={ids.status} label="Status" error={errors.status}>
            <select
              id={ids.status}
              className={selectClass}
              {...describedBy(ids.status, errors.status)}
              {...register('status')}
            >
              {BOOK_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {BOOK_STATUS_FORM_LABELS[value]}
                </option>
              ))}
            </select>
          </FieldShell>
          <AccountField />
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="rating"
              render={({ field }) => <RatingInput value={field.value} onChange={field.onChange} />}
            />
            {errors.rating && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.rating}</p>}
          </div>
          <FieldShell
            id={ids.tags}
            label="Tags"
            error={errors.tags}
            hint="Press Enter or type a comma to add a tag."
            className="sm:col-span-2"
          >
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagInput
                  id={ids.tags}
                  value={field.value}
                  onChange={field.onChange}
                  {...describedBy(ids.tags, errors.tags, true)}
                />
              )}
            />
          </FieldShell>
          <FieldShell id={ids.value} label="Current value" error={errors.value}>
            <input
              id={ids.value}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="0.00"
              className={inputClass}
              {...describedBy(ids.value, errors.value)}
              {...register('currentValue.amount', { validate: bookFormRules.currentValue })}
            />
          </FieldShell>
          <FieldShell id={ids.valueCurrency} label="Value currency" error={errors.valueCurrency}>
            <select
              id={ids.valueCurrency}
              className={selectClass}
              {...describedBy(ids.valueCurrency, errors.valueCurrency)}
              {...register('currentValue.currency')}
            >
              {BOOK_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </FieldShell>
          <FieldShell id={ids.notes} label="Notes" error={errors.notes} className="sm:col-span-2">
            <textarea
              id={ids.notes}
              rows={3}
              className={inputClass}
              {...describedBy(ids.notes, errors.notes)}
              {...register('notes')}
            />
          </FieldShell>
          <FieldShell id={ids.review} label="Review" error={errors.review} className="sm:col-span-2">
            <textarea
              id={ids.review}
              rows={3}
              className={inputClass}
              {...describedBy(ids.review, errors.review)}
              {...register('review')}
            />
          </FieldShell>
        </div>

        <div className="space-y-3">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-gray-800 dark:text-gray-200">
            <input type="checkbox" className={checkboxClass} {...register('hasPurchaseInfo')} />
            Add purchase information
          </label>
          {hasPurchaseInfo && <PurchaseSection customPlatforms={customPlatforms} />}
        </div>
        <div className="space-y-3">
          <label className="inline-flex items-center gap-2 text-sm font-medium text-gray-800 dark:text-gray-200">
            <input type="checkbox" className={checkboxClass} {...register('hasSpecialEdition')} />
            This is a special edition
          </label>
          {hasSpecialEdition && <SpecialEditionSection />}
        </div>
        {photos}

        <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end dark:border-gray-800">
          {onCancel && (
            <button type="button" onClick={onCancel} className={secondaryButtonClass}>
              Cancel
            </button>
          )}
          <button type="submit" disabled={formState.isSubmitting} className={primaryButtonClass}>
            {formState.isSubmitting ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
