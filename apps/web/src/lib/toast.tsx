import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ToastList } from '../components/ui/toast-list';
import {
  TOAST_ELEMENT_ATTRIBUTE,
  TOAST_HOTKEY,
  type Toast,
  type ToastHold,
  type ToastOptions,
  type ToastType,
} from './toast-model';

export * from './toast-model';

/** Spec social.md §9: default 5000 ms, errors persist (0), enter delay 10 ms, exit 300 ms. */
export const TOAST_DEFAULT_DURATION_MS = 5_000;
/**
 * A toast with an action (Undo, Retry, View) stays longer than the spec's 5000 ms and waits while it is
 * hovered or focused: its button may be the only way back (WCAG 2.2.1; docs/decisions/011).
 */
export const TOAST_ACTION_DURATION_MS = 10_000;
export const TOAST_ENTER_DELAY_MS = 10;
export const TOAST_EXIT_MS = 300;

/*
 * A module-level store rather than React state, so code outside components (a mutation's onError, a retry
 * helper) can raise a toast, and so no toast library weighs on the landing page's first download.
 */
let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
let lastId = 0;

function setToasts(next: readonly Toast[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => toasts;

interface Countdown {
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  holds: Set<ToastHold>;
}

const countdowns = new Map<string, Countdown>();

function runCountdown(id: string, countdown: Countdown): void {
  if (countdown.timer !== undefined || countdown.holds.size > 0) return;
  countdown.startedAt = Date.now();
  countdown.timer = setTimeout(() => dismissToast(id), countdown.remaining);
}

/** Holds a toast open while it is hovered or has focus, and lets its clock run on from where it stood. */
export function holdToast(id: string, reason: ToastHold, held: boolean): void {
  const countdown = countdowns.get(id);
  if (!countdown) return;
  if (!held) {
    countdown.holds.delete(reason);
    runCountdown(id, countdown);
    return;
  }
  countdown.holds.add(reason);
  if (countdown.timer === undefined) return;
  clearTimeout(countdown.timer);
  countdown.timer = undefined;
  countdown.remaining = Math.max(0, countdown.remaining - (Date.now() - countdown.startedAt));
}

export function dismissToast(id: string): void {
  const current = toasts.find((t) => t.id === id);
  if (!current || current.phase === 'leaving') return;
  clearTimeout(countdowns.get(id)?.timer);
  countdowns.delete(id);
  setToasts(toasts.map((t) => (t.id === id ? { ...t, phase: 'leaving' } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.id !== id)), TOAST_EXIT_MS);
}

/** Shows a toast and returns its id, for dismissToast. */
export function toast(options: ToastOptions): string {
  lastId += 1;
  const id = `toast-${lastId}`;
  const duration =
    options.duration ??
    (options.type === 'error' ? 0 : options.action ? TOAST_ACTION_DURATION_MS : TOAST_DEFAULT_DURATION_MS);
  setToasts([...toasts, { ...options, id, duration, phase: 'entering' }]);
  // Mounted hidden first, then shown, so the transition has a starting point to animate from.
  setTimeout(() => {
    setToasts(toasts.map((t) => (t.id === id && t.phase === 'entering' ? { ...t, phase: 'shown' } : t)));
  }, TOAST_ENTER_DELAY_MS);
  if (duration > 0) {
    const countdown: Countdown = { remaining: duration, startedAt: 0, timer: undefined, holds: new Set() };
    countdowns.set(id, countdown);
    runCountdown(id, countdown);
  }
  return id;
}

const shorthand =
  (type: ToastType) =>
  (title: string, message?: string): string =>
    toast(message === undefined ? { type, title } : { type, title, message });

toast.success = shorthand('success');
toast.error = shorthand('error');
toast.warning = shorthand('warning');
toast.info = shorthand('info');

export interface ToastApi {
  toast: typeof toast;
  dismiss: typeof dismissToast;
}

const ToastContext = createContext<ToastApi | null>(null);
const api: ToastApi = { toast, dismiss: dismissToast };

export function ToastProvider({ children }: { children: ReactNode }) {
  return <ToastContext.Provider value={api}>{children}</ToastContext.Provider>;
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  // Spec social.md §8: the hook throws outside its provider, which is where <Toaster /> lives.
  if (!value) throw new Error('useToast must be used within a ToastProvider.');
  return value;
}

/**
 * The stack of toasts; mount it once, inside ToastProvider. Its look is in the entry: as a chunk of its own,
 * fetched soon after start-up so that a toast never waits for the network (or for a network that is gone),
 * every first load downloaded it anyway, with half a kilobyte of headers on top (bench/bundle counts them).
 */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, getToasts, getToasts);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // By key position: on a Mac, Alt+T types a character instead of "t".
      if (event.altKey !== TOAST_HOTKEY.altKey || event.code !== TOAST_HOTKEY.code) return;
      if (focusNewestToast()) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  if (list.length === 0) return null;
  return <ToastList toasts={list} onDismiss={dismissToast} onHold={holdToast} onLeave={returnFocus} />;
}

/** Where focus was before Alt+T took it to a toast, so leaving the toast puts it back. */
let focusBeforeToast: HTMLElement | null = null;

function focusNewestToast(): boolean {
  const shown = document.querySelectorAll<HTMLElement>(`[${TOAST_ELEMENT_ATTRIBUTE}]`);
  const newest = shown[shown.length - 1];
  const target = newest?.querySelector<HTMLElement>('button');
  if (!target) return false;
  if (!newest?.contains(document.activeElement) && document.activeElement instanceof HTMLElement) {
    focusBeforeToast = document.activeElement;
  }
  target.focus();
  return true;
}

/** Sends focus back to where the reader was before Alt+T, when the toast they are in goes away. */
function returnFocus(): void {
  const element = focusBeforeToast;
  focusBeforeToast = null;
  if (element?.isConnected) element.focus();
}
