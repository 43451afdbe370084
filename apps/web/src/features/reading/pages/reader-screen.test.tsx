import { apiError, json, network } from '../../../test/fake-network';
import { BookPaths, FILE_BOOK_PATH, ReaderLimits, ReadingMessages } from '@bookshelf/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { dismissToast, getToasts } from '../../../lib/toast';
import { testBook } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-with-app';
import type { FileContentSource } from '../../cloud-drives/public';
import { READING_QUEUE_KEY } from '../lib/reading-queue';
import {
  answerReading,
  answerRemoveBookmark,
  bookmark,
  FILE_ID,
  pagedText,
  paths,
  readerFile,
  savedProgress,
  textContent,
} from '../test/reader-fixtures';
import { ReaderScreen } from './reader-screen';
import type { CloudFile } from '@bookshelf/contract';

beforeAll(async () => {
  // Loaded up front, as test/setup.ts does for the app's schemas, so no import races a test's clock.
  await Promise.all([import('../api/reader-schemas'), import('../engines/text/text-engine')]);
});

const toastTitles = () =>
  getToasts()
    .filter((t) => t.phase !== 'leaving')
    .map((t) => t.title);

beforeEach(() => {
  for (const t of getToasts()) dismissToast(t.id);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The Cloud Drives screen's part: an opener, and the reader until it is closed. */
function Harness({ file, content }: { file: CloudFile; content: FileContentSource }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open book
      </button>
      {open && <ReaderScreen file={file} content={content} onClose={() => setOpen(false)} />}
    </>
  );
}

interface OpenOptions {
  file?: CloudFile;
  text?: string;
  failures?: number;
}

function openReader({ file = readerFile(), text = pagedText(10), failures = 0 }: OpenOptions = {}) {
  const { content, load } = textContent(text, { failures });
  const view = renderWithApp(<Harness file={file} content={content} />);
  const opener = screen.getByRole('button', { name: 'Open book' });
  opener.focus();
  fireEvent.click(opener);
  return { ...view, load, opener };
}

const rendered = (page: number) => document.querySelector(`[data-rendered-page="${page}"]`);
const waitForPage = (page: number) => waitFor(() => expect(rendered(page)).not.toBeNull());
const pageInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Page number' });
const button = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });
const press = (key: string, target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key });
const close = () => fireEvent.click(button('Close reader'));
/** Moves the fake clock (autosave's interval, Date) on, inside act. */
const tick = async (ms: number) => {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
};

describe('ReaderScreen — the overlay', () => {
  it('opens as a named modal dialog with every header and footer control, focus inside', async () => {
    answerReading();
    const { opener } = openReader();
    const dialog = screen.getByRole('dialog', { name: 'Notes.txt' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await waitForPage(1);
    expect(screen.getAllByText('Page 1 of 10').length).toBeGreaterThan(0);
    for (const name of [
      'Close reader',
      'Zoom out',
      'Zoom in',
      'Theme: Light',
      'Reading settings',
      'Add bookmark',
      'Bookmarks 0',
      'Link to book',
      'Previous page',
      'Next page',
    ]) {
      expect(button(name)).toBeTruthy();
    }
    expect(screen.getByText('100%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `/api/cloud-drives/files/${FILE_ID}/content?download=1`,
    );
    expect(screen.queryByRole('button', { name: 'Rotate 90°' })).toBeNull();
    expect(pageInput().value).toBe('1');
    expect(screen.getByText('of 10')).toBeTruthy();
    expect(rendered(1)!.textContent).toMatch(/^P1 w0 w1/);
    // The page is announced politely.
    expect(dialog.querySelector('[aria-live="polite"]')!.textContent).toBe('Page 1 of 10');

    close();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('shows the loading state with the bytes arriving, then the page', async () => {
    answerReading();
    let release!: () => void;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    const text = pagedText(3);
    const content: FileContentSource = {
      url: '/content',
      downloadUrl: '/content?download=1',
      cached: async () => undefined,
      load: async (options) => {
        options?.onProgress?.({ loaded: 512, total: 2048 });
        await waiting;
        return new Blob([text]);
      },
    };
    renderWithApp(<ReaderScreen file={readerFile()} content={content} onClose={() => undefined} />);
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Loading document...')).toBeTruthy();
    await waitFor(() =>
      expect(within(status).getByRole('progressbar', { name: 'Download progress' }).getAttribute('aria-valuenow')).toBe(
        '25',
      ),
    );
    expect(button('Next page').disabled).toBe(true);
    release();
    await waitForPage(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('resumes at the saved page with the saved preferences', async () => {
    answerReading({
      progress: savedProgress({
        currentPage: 7,
        readingPreferences: { zoom: 150, theme: 'sepia', fontSize: 20, fontFamily: 'monospace', pageMode: 'single' },
      }),
    });
    openReader();
    await waitForPage(7);
    expect(pageInput().value).toBe('7');
    expect(screen.getByText('150%')).toBeTruthy();
    expect(button('Theme: Sepia')).toBeTruthy();
    const article = rendered(7) as HTMLElement;
    // Zoom scales the font: 20 px at 150%.
    expect(article.style.fontSize).toBe('30px');
    expect(article.style.fontFamily).toMatch(/monospace/);
    expect(article.closest('[data-reader-theme]')!.getAttribute('data-reader-theme')).toBe('sepia');
  });

  it('ignores unparseable saved preferences with a console warning and opens with the defaults', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answerReading({ progress: { ...savedProgress({ currentPage: 2 }), readingPreferences: '{"zoom": "huge"' } });
    openReader();
    await waitForPage(2);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/reader preferences/), expect.anything());
    expect(screen.getByText('100%')).toBeTruthy();
    expect(button('Theme: Light')).toBeTruthy();
  });

  it('still opens, at page 1, when the progress cannot be fetched', async () => {
    answerReading();
    network.answer(paths.progress, apiError(500, 'Database unavailable'));
    openReader();
    await waitForPage(1);
    expect(toastTitles()).toContain(ReadingMessages.fetchProgressFailed);
  });

  it('shows Unsupported Format with Download File for a file it cannot show', async () => {
    answerReading();
    openReader({ file: readerFile({ name: 'Old.doc', fileType: 'doc' }) });
    expect(screen.getByRole('heading', { name: 'Unsupported Format' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download File' }).getAttribute('href')).toBe(
      `/api/cloud-drives/files/${FILE_ID}/content?download=1`,
    );
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.requests(paths.progress)).toHaveLength(0);
  });

  it('says Failed to Load Document with the message, and Retry loads it again', async () => {
    answerReading();
    const { load } = openReader({ failures: 1 });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: ReadingMessages.documentLoadFailedTitle })).toBeTruthy();
    expect(within(alert).getByText('Failed to download file: 503 Service Unavailable')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitForPage(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers rotate for a PDF only', () => {
    answerReading();
    openReader({ file: readerFile({ name: 'Paper.pdf', fileType: 'pdf' }) });
    expect(button('Rotate 90°')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reading settings' })).toBeNull();
    expect(screen.getByText(ReadingMessages.loadingPdf)).toBeTruthy();
  });
});

describe('ReaderScreen — moving and looking', () => {
  it('follows every key, ignores them while typing, and Escape closes', async () => {
    answerReading();
    openReader();
    await waitForPage(1);
    const dialog = screen.getByRole('dialog');
    const expectPage = (n: number) => expect(pageInput().value).toBe(String(n));

    press('ArrowRight', dialog);
    expectPage(2);
    press('ArrowDown', dialog);
    expectPage(3);
    press(' ', dialog);
    expectPage(4);
    press('ArrowLeft', dialog);
    expectPage(3);
    press('ArrowUp', dialog);
    expectPage(2);
    press('End', dialog);
    expectPage(10);
    await waitForPage(10);
    press('Home', dialog);
    expectPage(1);
    press('+', dialog);
    press('=', dialog);
    expect(screen.getByText('150%')).toBeTruthy();
    press('-', dialog);
    expect(screen.getByText('125%')).toBeTruthy();

    // Typing in the page box is not the reader's.
    press('ArrowRight', pageInput());
    press('b', pageInput());
    expectPage(1);
    expect(screen.queryByPlaceholderText(ReadingMessages.bookmarkNotePlaceholder)).toBeNull();

    press('b', dialog);
    const note = screen.getByPlaceholderText(ReadingMessages.bookmarkNotePlaceholder);
    press('ArrowRight', note);
    expectPage(1);

    press('Escape', dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('disables Previous on page 1 and Next on the last, and clamps the page box', async () => {
    answerReading();
    openReader({ text: pagedText(3) });
    await waitForPage(1);
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(false);
    fireEvent.click(button('Next page'));
    fireEvent.click(button('Next page'));
    await waitForPage(3);
    expect(button('Next page').disabled).toBe(true);
    expect(button('Previous page').disabled).toBe(false);

    const input = pageInput();
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitForPage(1);
    expect(input.value).toBe('1');
    fireEvent.change(input, { target: { value: '99' } });
    fireEvent.blur(input);
    await waitForPage(3);
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitForPage(2);
  });

  it('zooms between 50% and 300%, the buttons disabled at the limits', async () => {
    answerReading();
    openReader();
    await waitForPage(1);
    const zoomIn = button('Zoom in');
    for (let i = 0; i < 8; i += 1) fireEvent.click(zoomIn);
    expect(screen.getByText(`${ReaderLimits.zoomMax}%`)).toBeTruthy();
    expect(zoomIn.disabled).toBe(true);
    const zoomOut = button('Zoom out');
    for (let i = 0; i < 10; i += 1) fireEvent.click(zoomOut);
    expect(screen.getByText(`${ReaderLimits.zoomMin}%`)).toBeTruthy();
    expect(zoomOut.disabled).toBe(true);
    expect((rendered(1) as HTMLElement).style.fontSize).toBe('8px');
  });

  it('opens the Contents panel, which says when a book has no table of contents (issue 27)', async () => {
    answerReading();
    openReader();
    await waitForPage(1);
    const toggle = button('Contents');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('complementary', { name: 'Contents' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByText('This book has no table of contents.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close contents' }));
    expect(screen.queryByRole('complementary', { name: 'Contents' })).toBeNull();
  });

  it('cycles the theme light, dark, sepia, light', async () => {
    answerReading();
    openReader();
    await waitForPage(1);
    const dialog = screen.getByRole('dialog');
    // The header and footer take the theme too (issue 27): the overlay scopes the dark looks to the reader's theme.
    expect(dialog.classList.contains('light')).toBe(true);
    fireEvent.click(button('Theme: Light'));
    expect(rendered(1)!.closest('[data-reader-theme]')!.getAttribute('data-reader-theme')).toBe('dark');
    expect(dialog.classList.contains('dark')).toBe(true);
    fireEvent.click(button('Theme: Dark'));
    expect(dialog.getAttribute('data-reader-theme')).toBe('sepia');
    expect(dialog.classList.contains('dark')).toBe(false);
    fireEvent.click(button('Theme: Sepia'));
    expect(button('Theme: Light')).toBeTruthy();
  });

  it('changes font size, family and page mode; scroll mode shows a column of pages', async () => {
    answerReading();
    openReader();
    await waitForPage(1);
    fireEvent.click(button('Reading settings'));
    fireEvent.change(screen.getByRole('slider', { name: /Font size/ }), { target: { value: '24' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Font family' }), { target: { value: 'sans-serif' } });
    const article = rendered(1) as HTMLElement;
    expect(article.style.fontSize).toBe('24px');
    expect(article.style.fontFamily).toMatch(/sans-serif/);
    fireEvent.change(screen.getByRole('combobox', { name: 'Page mode' }), { target: { value: 'scroll' } });
    await waitFor(() => expect(document.querySelectorAll('[data-rendered-page]').length).toBeGreaterThan(1));
    expect(screen.getByRole('region', { name: 'Page 2' })).toBeTruthy();
    // Escape closes the settings first, not the reader.
    press('Escape', screen.getByRole('dialog'));
    expect(screen.queryByRole('combobox', { name: 'Page mode' })).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('toggles fullscreen on the overlay with f, and Escape leaves fullscreen before closing', async () => {
    // jsdom has no Fullscreen API: this one acts as Chromium's does.
    let fullscreenElement: Element | null = null;
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
    onTestFinished(() => {
      delete (document as { fullscreenEnabled?: boolean }).fullscreenEnabled;
      delete (document as { fullscreenElement?: Element | null }).fullscreenElement;
    });
    const requestFullscreen = vi.fn(async () => {
      fullscreenElement = document.querySelector('[aria-modal="true"]');
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    HTMLElement.prototype.requestFullscreen = requestFullscreen;
    document.exitFullscreen = vi.fn(async () => {
      fullscreenElement = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });

    answerReading();
    openReader();
    await waitForPage(1);
    const dialog = screen.getByRole('dialog');
    press('f', dialog);
    await waitFor(() => expect(button('Exit fullscreen')).toBeTruthy());
    expect(requestFullscreen.mock.contexts[0]).toBe(dialog);
    press('Escape', dialog);
    await waitFor(() => expect(button('Enter fullscreen')).toBeTruthy());
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('ReaderScreen — bookmarks', () => {
  it('adds a bookmark with a trimmed note, closes and clears the box, lists it, jumps and removes', async () => {
    answerReading({ bookmarks: [bookmark({ pageNumber: 8, note: 'The twist' })] });
    openReader();
    await waitForPage(1);
    expect(await screen.findByRole('button', { name: 'Bookmarks 1' })).toBeTruthy();
    fireEvent.click(button('Next page'));
    fireEvent.click(button('Next page'));
    await waitForPage(3);

    fireEvent.click(button('Add bookmark'));
    const note = screen.getByPlaceholderText<HTMLTextAreaElement>(ReadingMessages.bookmarkNotePlaceholder);
    expect(document.activeElement).toBe(note);
    fireEvent.change(note, { target: { value: '  Remember this  ' } });
    fireEvent.click(button('Add Bookmark'));
    expect(screen.queryByPlaceholderText(ReadingMessages.bookmarkNotePlaceholder)).toBeNull();
    await waitFor(() => expect(network.requests(paths.addBookmark)).toHaveLength(1));
    expect(network.requests(paths.addBookmark)[0]!.body).toMatchObject({
      fileId: FILE_ID,
      pageNumber: 3,
      note: 'Remember this',
    });
    expect(await screen.findByRole('button', { name: 'Bookmarks 2' })).toBeTruthy();

    // The box opens empty again; Cancel closes it without adding.
    press('b', screen.getByRole('dialog'));
    const again = screen.getByPlaceholderText<HTMLTextAreaElement>(ReadingMessages.bookmarkNotePlaceholder);
    expect(again.value).toBe('');
    fireEvent.change(again, { target: { value: 'never mind' } });
    fireEvent.click(button('Cancel'));
    expect(screen.queryByPlaceholderText(ReadingMessages.bookmarkNotePlaceholder)).toBeNull();
    expect(network.requests(paths.addBookmark)).toHaveLength(1);

    fireEvent.click(button('Bookmarks 2'));
    const list = screen.getByRole('complementary', { name: 'Bookmarks' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Page 3Remember this', 'Page 8The twist']);
    fireEvent.click(within(list).getByRole('button', { name: /^Page 8/ }));
    await waitForPage(8);

    answerRemoveBookmark(bookmark().id);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove bookmark on page 8' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(network.requests(paths.removeBookmark(bookmark().id))).toHaveLength(1);
    expect(button('Bookmarks 1')).toBeTruthy();
  });

  it('says Failed to add bookmark when the server refuses', async () => {
    answerReading();
    network.answer(paths.addBookmark, apiError(400, 'note must be at most 1000 characters.'));
    openReader();
    await waitForPage(1);
    press('b', screen.getByRole('dialog'));
    fireEvent.click(button('Add Bookmark'));
    await waitFor(() => expect(toastTitles()).toContain(ReadingMessages.addBookmarkFailed));
  });
});

describe('ReaderScreen — progress and sessions', () => {
  const fakeClock = () =>
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });

  it('autosaves every 30 s when something changed, and only then', async () => {
    fakeClock();
    answerReading();
    openReader();
    await waitForPage(1);
    fireEvent.click(button('Next page'));
    await waitForPage(2);
    expect(network.requests(paths.save)).toHaveLength(0);
    await tick(ReaderLimits.autosaveMs - 1000);
    expect(network.requests(paths.save)).toHaveLength(0);
    await tick(1000);
    await waitFor(() => expect(network.requests(paths.save)).toHaveLength(1));
    expect(network.requests(paths.save)[0]!.body).toMatchObject({
      fileId: FILE_ID,
      currentPage: 2,
      totalPages: 10,
      percentage: 20,
      location: null,
      readingPreferences: { zoom: 100, theme: 'light', fontSize: 16, fontFamily: 'serif', pageMode: 'single' },
    });
    expect(network.requests(paths.save)[0]!.headers.get('x-time-zone')).toBeTruthy();
    // Nothing changed since: no save.
    await tick(ReaderLimits.autosaveMs);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.requests(paths.save)).toHaveLength(1);
    // A preference counts as a change.
    fireEvent.click(button('Zoom in'));
    await tick(ReaderLimits.autosaveMs);
    await waitFor(() => expect(network.requests(paths.save)).toHaveLength(2));
    expect(network.requests(paths.save)[1]!.body).toMatchObject({ readingPreferences: { zoom: 125 } });
  });

  it('does not save an unchanged place it resumed at', async () => {
    fakeClock();
    answerReading({
      progress: savedProgress({
        currentPage: 4,
        readingPreferences: { zoom: 100, theme: 'light', fontSize: 16, fontFamily: 'serif', pageMode: 'single' },
      }),
    });
    openReader();
    await waitForPage(4);
    await tick(ReaderLimits.autosaveMs);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.requests(paths.save)).toHaveLength(0);
  });

  it('saves the progress and the session on close: pagesRead from the pages on screen long enough, seconds spent', async () => {
    fakeClock();
    vi.setSystemTime(new Date('2026-03-01T10:00:00.000Z'));
    answerReading({ progress: savedProgress({ currentPage: 3 }) });
    openReader();
    await waitForPage(3);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 3; i += 1) press('ArrowRight', dialog);
    press('ArrowLeft', dialog);
    await waitForPage(5);
    vi.setSystemTime(new Date('2026-03-01T10:02:00.000Z'));
    close();
    await waitFor(() => expect(network.requests(paths.sessions)).toHaveLength(1));
    const session = network.requests(paths.sessions)[0]!.body as Record<string, unknown>;
    // Pages 3, 4 and 6 went by at once; page 5 was read for two minutes (issue 27).
    expect(session).toMatchObject({ fileId: FILE_ID, pagesRead: 1 });
    expect(session.timeSpent).toBeGreaterThanOrEqual(120);
    expect(session.timeSpent).toBeLessThan(125);
    expect(session.startTime).toMatch(/^2026-03-01T10:00:0/);
    expect(session.endTime).toMatch(/^2026-03-01T10:02:0/);
    await waitFor(() => expect(network.requests(paths.save)).toHaveLength(1));
    expect(network.requests(paths.save)[0]!.body).toMatchObject({ currentPage: 5 });
    // Sent once, whatever happens next.
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.requests(paths.sessions)).toHaveLength(1);
  });

  it('sends no session and no save for a file opened and closed at once', async () => {
    fakeClock();
    answerReading();
    openReader();
    await waitForPage(1);
    close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.requests(paths.save)).toHaveLength(0);
    expect(network.requests(paths.sessions)).toHaveLength(0);
  });

  it('never writes page 1 over the saved place it could not fetch, while the reader only looks', async () => {
    fakeClock();
    answerReading();
    network.answer(paths.progress, apiError(500, 'Database unavailable'));
    openReader();
    await waitForPage(1);
    await tick(ReaderLimits.autosaveMs);
    close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.requests(paths.save)).toHaveLength(0);
  });

  it('saves with a request that outlives the page when the tab is hidden, and sends the session then', async () => {
    fakeClock();
    answerReading();
    openReader();
    await waitForPage(1);
    fireEvent.click(button('Next page'));
    await waitForPage(2);
    // Long enough on page 2 for it to count as read (issue 27).
    await tick(6_000);
    const keepalive = vi.spyOn(globalThis, 'fetch');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(network.requests(paths.save)).toHaveLength(1));
    expect(keepalive.mock.calls.some(([, init]) => init?.keepalive === true)).toBe(true);
    await tick(5_000);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(network.requests(paths.sessions)).toHaveLength(1));
    expect(network.requests(paths.sessions)[0]!.body).toMatchObject({ pagesRead: 1 });
    close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.requests(paths.sessions)).toHaveLength(1);
  });

  it('says Failed to save reading progress once when a save is refused', async () => {
    fakeClock();
    answerReading();
    network.answer(paths.save, apiError(500, 'Database unavailable'));
    openReader();
    await waitForPage(1);
    fireEvent.click(button('Next page'));
    await tick(ReaderLimits.autosaveMs);
    await waitFor(() => expect(toastTitles()).toContain('Failed to save reading progress'));
    await tick(ReaderLimits.autosaveMs);
    await waitFor(() => expect(network.requests(paths.save)).toHaveLength(2));
    expect(toastTitles().filter((t) => t === 'Failed to save reading progress')).toHaveLength(1);
  });

  it('queues saves made offline and sends them when the browser is back online', async () => {
    fakeClock();
    answerReading();
    openReader();
    await waitForPage(1);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(button('Next page'));
    await tick(ReaderLimits.autosaveMs);
    await waitFor(() => expect(localStorage.getItem(READING_QUEUE_KEY)).not.toBeNull());
    expect(network.requests(paths.save)).toHaveLength(0);
    expect(toastTitles()).not.toContain('Failed to save reading progress');
    expect(JSON.parse(localStorage.getItem(READING_QUEUE_KEY)!).progress[0]).toMatchObject({ currentPage: 2 });

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(network.requests(paths.save)).toHaveLength(1));
    expect(network.requests(paths.save)[0]!.body).toMatchObject({ currentPage: 2 });
    await waitFor(() => expect(localStorage.getItem(READING_QUEUE_KEY)).toBeNull());
  });

  it('queues a session whose request fails for want of a network, and sends the queue when the reader next opens', async () => {
    fakeClock();
    answerReading();
    network.answer(paths.sessions, () => Promise.reject(new TypeError('Failed to fetch')));
    openReader();
    await waitForPage(1);
    fireEvent.click(button('Next page'));
    await tick(10_000);
    close();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(READING_QUEUE_KEY) ?? '{}').sessions).toHaveLength(1));

    answerReading();
    fireEvent.click(button('Open book'));
    await waitFor(() => expect(network.requests(paths.sessions)).toHaveLength(2));
    expect(network.requests(paths.sessions)[1]!.body).toMatchObject({ pagesRead: 1, fileId: FILE_ID });
    await waitFor(() => expect(localStorage.getItem(READING_QUEUE_KEY)).toBeNull());
  });

  it('resumes from an offline save the server has not seen', async () => {
    localStorage.setItem(
      READING_QUEUE_KEY,
      JSON.stringify({
        progress: [{ fileId: FILE_ID, currentPage: 6, totalPages: 10, lastReadAt: '2026-02-01T10:00:00.000Z' }],
        sessions: [],
      }),
    );
    answerReading({ progress: savedProgress({ currentPage: 2, lastReadAt: '2026-01-01T10:00:00.000Z' }) });
    openReader();
    await waitForPage(6);
    await waitFor(() => expect(network.requests(paths.save)).toHaveLength(1));
  });
});

describe('ReaderScreen — the linked book', () => {
  const book = testBook({ id: '00000000-0000-4000-8000-00000000000b', title: 'Field Notes', status: 'reading' });

  it('offers Mark as read for the linked book on the last page', async () => {
    answerReading();
    let current = book;
    network.answer(`GET ${BookPaths.one(book.id)}`, () => json(current));
    network.answer(`PATCH ${BookPaths.one(book.id)}`, () => {
      current = { ...book, status: 'read', dateRead: '2026-03-01T10:00:00.000Z' };
      return json(current);
    });
    openReader({ file: readerFile({ bookId: book.id }), text: pagedText(2) });
    await waitForPage(1);
    expect(await screen.findByText('Linked to Field Notes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
    press('End', screen.getByRole('dialog'));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(network.requests(`PATCH ${BookPaths.one(book.id)}`)).toHaveLength(1));
    expect(network.requests(`PATCH ${BookPaths.one(book.id)}`)[0]!.body).toEqual({ status: 'read' });
    await waitFor(() => expect(toastTitles()).toContain('Marked as read'));
    expect(await screen.findByText('“Field Notes” is marked as read.')).toBeTruthy();
  });

  it('links the file to a book picked from the library', async () => {
    answerReading();
    network.answer(`GET ${BookPaths.list}`, { items: [book], total: 1, limit: 20, offset: 0 });
    network.answer(`GET ${BookPaths.one(book.id)}`, book);
    const link = `PUT ${FILE_BOOK_PATH.replace('{id}', FILE_ID)}`;
    network.answer(link, { fileId: FILE_ID, bookId: book.id });
    openReader();
    await waitForPage(1);
    fireEvent.click(button('Link to book'));
    const dialog = await screen.findByRole('dialog', { name: 'Link to a book' });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Field Notes/ }));
    await waitFor(() => expect(network.requests(link)).toHaveLength(1));
    expect(network.requests(link)[0]!.body).toEqual({ bookId: book.id });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link to a book' })).toBeNull());
    expect(await screen.findByText('Linked to Field Notes')).toBeTruthy();
    expect(button('Linked book: Field Notes')).toBeTruthy();
  });

  it('creates a book named after the file, by Unknown unless changed, and links it', async () => {
    answerReading();
    network.answer(`GET ${BookPaths.list}`, { items: [], total: 0, limit: 20, offset: 0 });
    const created = { ...book, title: 'Notes', author: 'Ada' };
    network.answer(`POST ${BookPaths.list}`, json(created, 201));
    network.answer(`GET ${BookPaths.one(book.id)}`, created);
    const link = `PUT ${FILE_BOOK_PATH.replace('{id}', FILE_ID)}`;
    network.answer(link, { fileId: FILE_ID, bookId: book.id });
    openReader();
    await waitForPage(1);
    fireEvent.click(button('Link to book'));
    const dialog = await screen.findByRole('dialog', { name: 'Link to a book' });
    expect(await within(dialog).findByText('No books found')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Notes');
    const author = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Author' });
    expect(author.value).toBe('Unknown');
    fireEvent.change(author, { target: { value: 'Ada' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and link' }));
    await waitFor(() => expect(network.requests(link)).toHaveLength(1));
    expect(network.requests(`POST ${BookPaths.list}`)[0]!.body).toMatchObject({ title: 'Notes', author: 'Ada' });
    expect(network.requests(link)[0]!.body).toEqual({ bookId: book.id });
    // Keys pressed in the dialog were not the reader's: it is still open.
    expect(screen.getByRole('dialog', { name: 'Notes.txt' })).toBeTruthy();
  });
});
