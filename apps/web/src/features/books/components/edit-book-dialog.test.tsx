import { json, network } from '../../../test/fake-network';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { sampleBook, testAccount } from './book-form/sample-book';
import { EditBookDialog } from './edit-book-dialog';

function openEdit() {
  network.answer('GET /api/accounts', [testAccount()]);
  const onOpenChange = vi.fn();
  renderWithApp(<EditBookDialog book={sampleBook} open onOpenChange={onOpenChange} />);
  return onOpenChange;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('EditBookDialog', () => {
  it('is prefilled from the book, its custom platform selected', () => {
    openEdit();
    expect(screen.getByRole('dialog', { name: 'Edit Book' })).toBeTruthy();
    expect(field('Title').value).toBe('Dune');
    expect(field('Binding type').value).toBe('paperback');
    expect(screen.getByLabelText<HTMLInputElement>('Add purchase information').checked).toBe(true);
    expect(field('Platform').value).toBe('Corner Books');
    expect(field('Price').value).toBe('12.5');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '5 stars' }).checked).toBe(true);
  });

  it('sends only the changed fields, and an unticked section as null', async () => {
    network.answer(`PATCH /api/books/${sampleBook.id}`, json({ ...sampleBook, title: 'Dune Messiah' }));
    const onOpenChange = openEdit();
    fireEvent.change(field('Title'), { target: { value: 'Dune Messiah' } });
    fireEvent.click(screen.getByLabelText('Add purchase information'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(network.requests(`PATCH /api/books/${sampleBook.id}`)[0]!.body).toEqual({
      title: 'Dune Messiah',
      purchaseInfo: null,
    });
  });

  it('closes without a request when nothing changed', async () => {
    const onOpenChange = openEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(network.requests(`PATCH /api/books/${sampleBook.id}`)).toHaveLength(0);
  });
});
