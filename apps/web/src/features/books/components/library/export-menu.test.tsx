import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExportMenu } from './export-menu';

describe('ExportMenu', () => {
  it('offers the library as CSV and as JSON downloads', () => {
    render(<ExportMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Export library' }));
    const csv = screen.getByRole('link', { name: /CSV/ });
    const json = screen.getByRole('link', { name: /JSON/ });
    expect(csv.getAttribute('href')).toBe('/api/books/export?format=csv');
    expect(json.getAttribute('href')).toBe('/api/books/export?format=json');
    expect(csv.hasAttribute('download')).toBe(true);
  });
});
