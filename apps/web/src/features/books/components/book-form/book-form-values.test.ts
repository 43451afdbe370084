import { BookMessages, OTHER_PLATFORM } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import {
  bookFormRules,
  bookToFormValues,
  changedBookFields,
  emptyBookFormValues,
  formFieldForIssuePath,
  formValuesToCreateRequest,
  formValuesToRequest,
  parseLimitedQuantity,
  parsePrice,
  type BookFormValues,
} from './book-form-values';
import { sampleBook } from './sample-book';

const values = (over: Partial<BookFormValues> = {}): BookFormValues => ({
  ...emptyBookFormValues(),
  title: ' Dune ',
  author: 'Frank Herbert',
  ...over,
});

describe('formValuesToRequest', () => {
  it('trims, drops empty text and defaults to an owned book in the Personal Collection', () => {
    expect(formValuesToCreateRequest(values())).toEqual({
      title: 'Dune',
      author: 'Frank Herbert',
      format: 'physical',
      status: 'owned',
      tags: [],
      accountId: 'default-personal',
    });
  });

  it('keeps the binding only for physical books', () => {
    expect(formValuesToRequest(values({ format: 'digital', bindingType: 'hardcover' })).bindingType).toBeNull();
    expect(formValuesToRequest(values({ bindingType: 'hardcover' })).bindingType).toBe('hardcover');
  });

  it('sends purchase info and special edition only when their boxes are ticked', () => {
    const unticked = values({
      purchaseInfo: { ...emptyBookFormValues().purchaseInfo, platform: 'Flipkart', price: '10' },
    });
    expect(formValuesToRequest(unticked).purchaseInfo).toBeNull();
    expect(formValuesToCreateRequest(unticked)).not.toHaveProperty('purchaseInfo');
    expect(formValuesToRequest(unticked).specialEdition).toBeNull();
    const ticked = formValuesToRequest({ ...unticked, hasPurchaseInfo: true });
    expect(ticked.purchaseInfo).toMatchObject({
      platform: 'Flipkart',
      price: 10,
      currency: 'INR',
      customPlatform: null,
    });
  });

  it('sends Other (Specify) with the custom platform name', () => {
    const request = formValuesToRequest(
      values({
        hasPurchaseInfo: true,
        purchaseInfo: { ...emptyBookFormValues().purchaseInfo, platform: OTHER_PLATFORM, customPlatform: ' Corner ' },
      }),
    );
    expect(request.purchaseInfo).toMatchObject({ platform: OTHER_PLATFORM, customPlatform: 'Corner' });
  });

  it('falls back to 0 for a non-numeric price and to empty for a non-numeric quantity', () => {
    expect(parsePrice('abc')).toBe(0);
    expect(parsePrice('')).toBe(0);
    expect(parsePrice('19.99')).toBe(19.99);
    expect(parseLimitedQuantity('x')).toBeNull();
    expect(parseLimitedQuantity('500')).toBe(500);
  });

  it('keeps the custom edition type only for type other, and stores rating 0 as none', () => {
    const edition = { ...emptyBookFormValues().specialEdition, customType: 'Sprayed edges' };
    expect(
      formValuesToRequest(values({ hasSpecialEdition: true, specialEdition: edition })).specialEdition?.customType,
    ).toBeNull();
    expect(
      formValuesToRequest(values({ hasSpecialEdition: true, specialEdition: { ...edition, type: 'other' } }))
        .specialEdition?.customType,
    ).toBe('Sprayed edges');
    expect(formValuesToRequest(values({ rating: 0 })).rating).toBeNull();
  });

  it('dedupes tags and sends a current value only when one is given', () => {
    const request = formValuesToRequest(
      values({ tags: ['Space', ' space ', 'classic'], currentValue: { amount: '30', currency: 'GBP' } }),
    );
    expect(request.tags).toEqual(['Space', 'classic']);
    expect(request.currentValue).toEqual({ amount: 30, currency: 'GBP' });
  });
});

describe('bookToFormValues', () => {
  it('round-trips a book without changes', () => {
    const form = bookToFormValues(sampleBook);
    expect(form.hasPurchaseInfo).toBe(true);
    expect(form.purchaseInfo.platform).toBe('Corner Books');
    expect(form.hasSpecialEdition).toBe(false);
    expect(form.rating).toBe(5);
    const before = formValuesToRequest(form);
    expect(changedBookFields(before, formValuesToRequest(bookToFormValues(sampleBook)))).toEqual({});
  });

  it('lists only the changed fields, and an unticked section as null', () => {
    const form = bookToFormValues(sampleBook);
    const before = formValuesToRequest(form);
    const after = formValuesToRequest({ ...form, title: 'Dune Messiah', hasPurchaseInfo: false });
    expect(changedBookFields(before, after)).toEqual({ title: 'Dune Messiah', purchaseInfo: null });
  });
});

describe('bookFormRules', () => {
  it('uses the contract messages', () => {
    expect(bookFormRules.title('  ')).toBe(BookMessages.titleRequired);
    expect(bookFormRules.author('')).toBe(BookMessages.authorRequired);
    expect(bookFormRules.customPlatform('', OTHER_PLATFORM)).toBe(BookMessages.customPlatformRequired);
    expect(bookFormRules.customPlatform('', 'Flipkart')).toBe(true);
    expect(bookFormRules.customEditionType('', 'other')).toBe(BookMessages.customEditionTypeRequired);
    expect(bookFormRules.price('-1')).toBe(BookMessages.price);
    expect(bookFormRules.price('1.005')).toBe(BookMessages.price);
    expect(bookFormRules.price('abc')).toBe(true);
    expect(bookFormRules.limitedQuantity('1.5')).toBe(BookMessages.limitedQuantity);
    expect(bookFormRules.limitedQuantity('')).toBe(true);
    expect(bookFormRules.pages('0')).toBe(BookMessages.pages);
    expect(bookFormRules.isbn('978-0-306-40615-8')).toBe(BookMessages.isbn);
    expect(bookFormRules.isbn('12345')).toBe(BookMessages.isbn);
    expect(bookFormRules.isbn(' 0 306 40615 2 ')).toBe(true);
    expect(bookFormRules.isbn('')).toBe(true);
  });
});

describe('formFieldForIssuePath', () => {
  it('maps server issue paths to form fields', () => {
    expect(formFieldForIssuePath('body.title')).toBe('title');
    expect(formFieldForIssuePath('body.purchaseInfo.price')).toBe('purchaseInfo.price');
    expect(formFieldForIssuePath('body.tags.3')).toBe('tags');
    expect(formFieldForIssuePath('body.currentValue')).toBe('currentValue.amount');
    expect(formFieldForIssuePath('body.images.0')).toBeNull();
  });
});
