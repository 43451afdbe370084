import { ReadingMessages } from '@bookshelf/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initialReaderState, type ReaderState } from '../../lib/reader-state';
import { readerFile, textContent } from '../../test/reader-fixtures';
import { ReaderDocument } from './reader-document';

const failed = (message: string): ReaderState => ({ ...initialReaderState(), phase: 'error', error: message });

function renderFailed(fileType: 'pdf' | 'epub', message: string) {
  const onClose = vi.fn();
  const onRetry = vi.fn();
  render(
    <ReaderDocument
      state={failed(message)}
      file={readerFile({ name: `Broken.${fileType}`, fileType })}
      content={textContent('').content}
      reflowable={fileType !== 'pdf'}
      onClose={onClose}
      onRetry={onRetry}
      onReady={vi.fn()}
      onLocation={vi.fn()}
      onError={vi.fn()}
    />,
  );
  return { onClose, onRetry };
}

describe('ReaderDocument — a file that cannot be shown', () => {
  it('shows a broken PDF one panel, the spec’s, with its ways out and the reader’s (issue 27)', () => {
    const { onClose, onRetry } = renderFailed('pdf', ReadingMessages.pdfLoadFailed);
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    const panel = alerts[0]!;
    expect(
      within(panel)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([ReadingMessages.cannotDisplayPdf]);
    expect(within(panel).getByText(ReadingMessages.pdfLoadFailed)).toBeTruthy();
    expect(screen.queryByText(ReadingMessages.documentLoadFailedTitle)).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Download PDF' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open in New Tab' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows any other format Failed to Load Document with the message', () => {
    renderFailed('epub', 'This book has no pages to show.');
    const panel = screen.getByRole('alert');
    expect(within(panel).getByRole('heading').textContent).toBe(ReadingMessages.documentLoadFailedTitle);
    expect(within(panel).getByText('This book has no pages to show.')).toBeTruthy();
  });
});
