import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastList } from '../components/ui/toast-list';
import {
  dismissToast,
  getToasts,
  holdToast,
  toast,
  TOAST_ACTION_DURATION_MS,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_ENTER_DELAY_MS,
  TOAST_EXIT_MS,
  Toaster,
  ToastProvider,
  useToast,
} from './toast';

const phaseOf = (id: string) => getToasts().find((t) => t.id === id)?.phase;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  getToasts().forEach((t) => dismissToast(t.id));
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('toast timing (spec social.md §4, §9)', () => {
  it('appears after 10 ms, closes after 5000 ms and is gone 300 ms later', () => {
    const id = toast.success('Tag added');
    expect(phaseOf(id)).toBe('entering');
    vi.advanceTimersByTime(TOAST_ENTER_DELAY_MS);
    expect(phaseOf(id)).toBe('shown');

    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS - TOAST_ENTER_DELAY_MS - 1);
    expect(phaseOf(id)).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(phaseOf(id)).toBe('leaving');
    vi.advanceTimersByTime(TOAST_EXIT_MS - 1);
    expect(phaseOf(id)).toBe('leaving');
    vi.advanceTimersByTime(1);
    expect(phaseOf(id)).toBeUndefined();
  });

  it('keeps errors until they are dismissed', () => {
    const id = toast.error('Logout failed');
    expect(getToasts().find((t) => t.id === id)?.duration).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(phaseOf(id)).toBe('shown');

    dismissToast(id);
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(phaseOf(id)).toBeUndefined();
  });

  it('honours a custom duration, and stacks toasts in order', () => {
    const first = toast({ type: 'info', title: 'Sync started', duration: 1_000 });
    const second = toast.warning('Connection removed locally.', 'There may have been an issue revoking access.');
    expect(getToasts().map((t) => t.title)).toEqual(['Sync started', 'Connection removed locally.']);
    vi.advanceTimersByTime(1_000 + TOAST_EXIT_MS);
    expect(phaseOf(first)).toBeUndefined();
    expect(phaseOf(second)).toBe('shown');
  });
});

describe('a toast with an action (WCAG 2.2.1, docs/decisions/011)', () => {
  const undo = () => toast({ type: 'success', title: 'Deleted "Dune"', action: { label: 'Undo', onClick: vi.fn() } });
  const renderList = () => render(<ToastList toasts={getToasts()} onDismiss={dismissToast} onHold={holdToast} />);

  /** Still shown until just before `ms` from now, and leaving at `ms`. */
  function expectLeavingAfter(id: string, ms: number) {
    vi.advanceTimersByTime(ms - 1);
    expect(phaseOf(id)).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(phaseOf(id)).toBe('leaving');
  }

  it('stays 10 s instead of 5 s', () => {
    expectLeavingAfter(undo(), TOAST_ACTION_DURATION_MS);
  });

  it('waits while the pointer is over it, then runs on from where it stood', () => {
    const id = undo();
    renderList();
    vi.advanceTimersByTime(4_000);
    fireEvent.mouseEnter(screen.getByRole('status'));
    vi.advanceTimersByTime(60_000);
    expect(phaseOf(id)).toBe('shown');
    fireEvent.mouseLeave(screen.getByRole('status'));
    expectLeavingAfter(id, TOAST_ACTION_DURATION_MS - 4_000);
  });

  it('waits while focus is on its buttons, moving between them included', () => {
    const id = undo();
    renderList();
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    vi.advanceTimersByTime(60_000);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    vi.advanceTimersByTime(60_000);
    expect(phaseOf(id)).toBe('shown');
    act(() => screen.getByRole('button', { name: 'Dismiss' }).blur());
    vi.advanceTimersByTime(TOAST_ACTION_DURATION_MS);
    expect(phaseOf(id)).toBe('leaving');
  });

  it("keeps plain toasts at the spec's 5000 ms and errors with an action persistent", () => {
    const plain = toast.success('Tag added');
    const failed = toast({ type: 'error', title: 'Sync failed', action: { label: 'Retry', onClick: vi.fn() } });
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS);
    expect(phaseOf(plain)).toBe('leaving');
    vi.advanceTimersByTime(60_000);
    expect(phaseOf(failed)).toBe('shown');
  });

  it('is reached with Alt+T, names its action and shortcut, and gives focus back when done', async () => {
    const page = document.createElement('button');
    page.textContent = 'Somewhere on the page';
    document.body.append(page);
    page.focus();
    const onClick = vi.fn();
    toast({ type: 'success', title: '3 books deleted', action: { label: 'Undo', onClick } });
    render(<Toaster />);
    await act(async () => vi.advanceTimersByTime(TOAST_ENTER_DELAY_MS));
    const button = screen.getByRole('button', { name: 'Undo' });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Alt+T');
    expect(screen.getByRole('status').textContent).toContain('Press Alt+T to reach it.');

    fireEvent.keyDown(document, { key: '†', code: 'KeyT', altKey: true });
    expect(document.activeElement).toBe(button);
    // Focus holds it open however long the reader takes.
    vi.advanceTimersByTime(60_000);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(page);
    page.remove();
  });
});

describe('toast list', () => {
  it('announces errors as alerts and the rest politely, each with a Dismiss button', () => {
    toast.error('Logout failed');
    toast.success('Files synced', '12 files');
    act(() => {
      vi.advanceTimersByTime(TOAST_ENTER_DELAY_MS);
    });
    render(<ToastList toasts={getToasts()} onDismiss={dismissToast} />);

    expect(screen.getByRole('alert').textContent).toContain('Logout failed');
    expect(screen.getByRole('status').textContent).toContain('Files synced12 files');
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);

    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(getToasts()[0]?.phase).toBe('leaving');
  });

  it('runs the action and closes the toast', () => {
    const onClick = vi.fn();
    toast({ type: 'error', title: 'Sync failed', action: { label: 'Retry', onClick } });
    render(<ToastList toasts={getToasts()} onDismiss={dismissToast} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(getToasts()[0]?.phase).toBe('leaving');
  });
});

describe('useToast', () => {
  it('throws outside its provider (spec social.md §8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useToast())).toThrow('useToast must be used within a ToastProvider.');
  });

  it('gives the toast functions inside the provider', () => {
    const { result } = renderHook(() => useToast(), { wrapper: ToastProvider });
    const id = result.current.toast({ type: 'info', title: 'Hello' });
    expect(getToasts().map((t) => t.id)).toContain(id);
    result.current.dismiss(id);
    expect(phaseOf(id)).toBe('leaving');
  });
});
