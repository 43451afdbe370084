import { makeBook, type FoliateBook } from 'foliate-js/view.js';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../../../test/stub-resize-observer';
import { readerFile, textContent } from '../../test/reader-fixtures';
import type { EngineProps } from '../engine-types';
import { FoliateEngine } from './foliate-engine';

/*
 * foliate-js draws only in a real browser, so here its two entry points are stand-ins the test settles by hand:
 * makeBook (opening the file) and <foliate-view>'s open, to close the reader while either is still pending.
 */
const foliate = vi.hoisted(() => {
  const settle = <T,>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };
  return {
    settle,
    book: settle<unknown>(),
    viewOpen: settle<void>(),
    views: [] as HTMLElement[],
    init: vi.fn(async () => undefined),
    close: vi.fn(),
  };
});

beforeAll(() => stubResizeObserver());

vi.mock('foliate-js/view.js', () => {
  class FakeView extends HTMLElement {
    isFixedLayout = false;
    renderer = document.createElement('div');
    constructor() {
      super();
      foliate.views.push(this);
    }
    open = () => foliate.viewOpen.promise;
    init = foliate.init;
    close = foliate.close;
  }
  if (!customElements.get('foliate-view')) customElements.define('foliate-view', FakeView);
  return { makeBook: vi.fn(() => foliate.book.promise) };
});

afterEach(() => {
  foliate.book = foliate.settle();
  foliate.viewOpen = foliate.settle();
  foliate.views.length = 0;
  vi.clearAllMocks();
});

const book = (): FoliateBook & { destroy: () => void } => ({
  sections: [{ id: 0, size: 10, load: () => '' }],
  destroy: vi.fn(),
});

function renderEngine() {
  const { content, load } = textContent('bytes');
  const props: EngineProps = {
    file: readerFile({ name: 'Book.epub', fileType: 'epub' }),
    content,
    page: 1,
    initialLocation: null,
    zoom: 100,
    rotation: 0,
    theme: 'light',
    fontSize: 16,
    fontFamily: 'serif',
    pageMode: 'single',
    onReady: vi.fn(),
    onLocation: vi.fn(),
    onError: vi.fn(),
  };
  return { ...render(<FoliateEngine {...props} />), load, props };
}

describe('FoliateEngine closed while the book opens', () => {
  it('destroys a book that finishes opening after the reader closed, and shows no view', async () => {
    const { unmount, props } = renderEngine();
    await waitFor(() => expect(makeBook).toHaveBeenCalledTimes(1));
    unmount();
    const opened = book();
    foliate.book.resolve(opened);
    await waitFor(() => expect(opened.destroy).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(foliate.views).toHaveLength(0);
    expect(document.querySelector('foliate-view')).toBeNull();
    expect(props.onError).not.toHaveBeenCalled();
  });

  it('takes down the view and the book when it closes while the view opens, and goes no further', async () => {
    const { container, unmount } = renderEngine();
    const opened = book();
    foliate.book.resolve(opened);
    await waitFor(() => expect(container.querySelector('foliate-view')).not.toBeNull());
    const [view] = foliate.views;
    unmount();
    expect(view!.isConnected).toBe(false);
    expect(foliate.close).toHaveBeenCalledTimes(1);
    expect(opened.destroy).toHaveBeenCalledTimes(1);
    foliate.viewOpen.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(foliate.init).not.toHaveBeenCalled();
    expect(opened.destroy).toHaveBeenCalledTimes(1);
  });
});
