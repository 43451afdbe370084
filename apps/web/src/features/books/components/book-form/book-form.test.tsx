import { network } from '../../../../test/fake-network';
import { BookMessages, OTHER_PLATFORM } from '@bookshelf/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../../lib/api-client';
import { renderWithApp } from '../../../../test/render-with-app';
import { BookForm } from './book-form';
import { emptyBookFormValues, formValuesToCreateRequest, type BookFormValues } from './book-form-values';
import { testAccount } from './sample-book';

function renderForm(onSubmit = vi.fn<(values: BookFormValues) => Promise<void>>().mockResolvedValue(undefined)) {
  network.answer('GET /api/accounts', [
    testAccount(),
    testAccount({ id: 'a2', name: 'Kindle', type: 'kindle', isDefault: false }),
    testAccount({ id: 'a3', name: 'Old Shop', type: 'local-bookstore', isDefault: false, isActive: false }),
  ]);
  renderWithApp(
    <BookForm defaultValues={emptyBookFormValues()} onSubmit={onSubmit} submitLabel="Add Book" busyLabel="Adding..." />,
  );
  return onSubmit;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Book' }));
const describedText = (label: string) =>
  document.getElementById(field(label).getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent;

describe('BookForm', () => {
  it('requires title and author, with the contract messages beside the fields', async () => {
    const onSubmit = renderForm();
    submit();
    expect(await screen.findByText(BookMessages.titleRequired)).toBeTruthy();
    expect(screen.getByText(BookMessages.authorRequired)).toBeTruthy();
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(describedText('Author')).toBe(BookMessages.authorRequired);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an ISBN with a wrong check digit beside the field, with the contract message', async () => {
    const onSubmit = renderForm();
    set('Title', 'Dune');
    set('Author', 'Frank Herbert');
    set('ISBN', '978-0-00-000000-1');
    submit();
    expect(await screen.findByText('ISBN must be a valid ISBN-10 or ISBN-13.')).toBeTruthy();
    expect(describedText('ISBN')).toBe(BookMessages.isbn);
    expect(field('ISBN').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes an ISBN-10 as printed on the book', async () => {
    const onSubmit = renderForm();
    set('Title', 'Dune');
    set('Author', 'Frank Herbert');
    set('ISBN', '0-441-17271-7');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].isbn).toBe('0-441-17271-7');
  });

  it('clears and disables the binding when the format becomes digital', () => {
    renderForm();
    set('Binding type', 'hardcover');
    expect(field('Binding type').value).toBe('hardcover');
    set('Format', 'digital');
    expect(field('Binding type').value).toBe('');
    expect(field('Binding type').disabled).toBe(true);
    set('Format', 'physical');
    expect(field('Binding type').disabled).toBe(false);
  });

  it('sets the currency from the platform, and lets it be changed afterwards', () => {
    renderForm();
    fireEvent.click(screen.getByLabelText('Add purchase information'));
    expect(field('Currency').value).toBe('INR');
    set('Platform', 'Waterstones');
    expect(field('Currency').value).toBe('GBP');
    set('Currency', 'EUR');
    expect(field('Currency').value).toBe('EUR');
    set('Platform', 'Amazon.com');
    expect(field('Currency').value).toBe('USD');
  });

  it('asks for a custom platform name when Other (Specify) is chosen', async () => {
    const onSubmit = renderForm();
    set('Title', 'Dune');
    set('Author', 'Frank Herbert');
    fireEvent.click(screen.getByLabelText('Add purchase information'));
    expect(screen.queryByLabelText('Custom platform name')).toBeNull();
    set('Platform', OTHER_PLATFORM);
    submit();
    expect(await screen.findByText(BookMessages.customPlatformRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    set('Custom platform name', 'Corner Books');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(formValuesToCreateRequest(onSubmit.mock.calls[0]![0]).purchaseInfo).toMatchObject({
      platform: OTHER_PLATFORM,
      customPlatform: 'Corner Books',
    });
  });

  it('asks for a custom edition type when the type is other', async () => {
    const onSubmit = renderForm();
    set('Title', 'Dune');
    set('Author', 'Frank Herbert');
    fireEvent.click(screen.getByLabelText('This is a special edition'));
    set('Edition type', 'other');
    submit();
    expect(await screen.findByText(BookMessages.customEditionTypeRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validates a hidden section only while it is ticked', async () => {
    const onSubmit = renderForm();
    set('Title', 'Dune');
    set('Author', 'Frank Herbert');
    fireEvent.click(screen.getByLabelText('Add purchase information'));
    set('Platform', OTHER_PLATFORM);
    fireEvent.click(screen.getByLabelText('Add purchase information'));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(formValuesToCreateRequest(onSubmit.mock.calls[0]![0])).not.toHaveProperty('purchaseInfo');
  });

  it('offers only active accounts and defaults to the Personal Collection', async () => {
    renderForm();
    expect(await screen.findByRole('option', { name: 'Kindle' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Old Shop/ })).toBeNull();
    expect(field('Account').value).toBe('default-personal');
  });

  it('adds tags on Enter and comma, trimmed and without duplicates', async () => {
    const onSubmit = renderForm();
    set('Title', 'Dune');
    set('Author', 'Frank Herbert');
    const tags = field('Tags');
    fireEvent.change(tags, { target: { value: ' classic ' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.change(tags, { target: { value: 'Classic, space,' } });
    expect(screen.getAllByRole('button', { name: /Remove tag/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove tag classic',
      'Remove tag space',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag classic' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].tags).toEqual(['space']);
  });

  it('sets the rating with the star radios, 0 meaning none', () => {
    renderForm();
    const four = screen.getByRole<HTMLInputElement>('radio', { name: '4 stars' });
    fireEvent.click(four);
    expect(four.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'No rating' }));
    expect(four.checked).toBe(false);
  });

  it('shows a server issue beside the field it names, and other failures in the Error box', async () => {
    const onSubmit = vi
      .fn<(values: BookFormValues) => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiRequestError(400, 'VALIDATION_ERROR', `Invalid body.purchaseInfo.price: ${BookMessages.price}`),
      )
      .mockRejectedValueOnce(new ApiRequestError(500, 'INTERNAL_ERROR', 'Something broke on our side.'));
    renderForm(onSubmit);
    set('Title', 'Dune');
    set('Author', 'Frank Herbert');
    fireEvent.click(screen.getByLabelText('Add purchase information'));
    set('Platform', 'Flipkart');
    set('Price', '5');
    submit();
    await waitFor(() => expect(describedText('Price')).toBe(BookMessages.price));
    expect(field('Price').getAttribute('aria-invalid')).toBe('true');
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'ErrorSomething broke on our side.');
  });
});
