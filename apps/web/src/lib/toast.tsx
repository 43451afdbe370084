import { createContext, lazy, Suspense, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { loadWithRetry } from './lazy-retry';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  duration?: number;
  action?: ToastAction;
}

export interface Toast extends ToastOptions {
  id: string;
  duration: number;
  /** entering → shown → leaving drives the enter and exit transitions. */
  phase: 'entering' | 'shown' | 'leaving';
}

/** Spec social.md §9: default 5000 ms, errors persist (0), enter delay 10 ms, exit 300 ms. */
export const TOAST_DEFAULT_DURATION_MS = 5_000;
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

export function dismissToast(id: string): void {
  const current = toasts.find((t) => t.id === id);
  if (!current || current.phase === 'leaving') return;
  setToasts(toasts.map((t) => (t.id === id ? { ...t, phase: 'leaving' } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.id !== id)), TOAST_EXIT_MS);
}

/** Shows a toast and returns its id, for dismissToast. */
export function toast(options: ToastOptions): string {
  lastId += 1;
  const id = `toast-${lastId}`;
  const duration = options.duration ?? (options.type === 'error' ? 0 : TOAST_DEFAULT_DURATION_MS);
  setToasts([...toasts, { ...options, id, duration, phase: 'entering' }]);
  // Mounted hidden first, then shown, so the transition has a starting point to animate from.
  setTimeout(() => {
    setToasts(toasts.map((t) => (t.id === id && t.phase === 'entering' ? { ...t, phase: 'shown' } : t)));
  }, TOAST_ENTER_DELAY_MS);
  if (duration > 0) setTimeout(() => dismissToast(id), duration);
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

const loadToastList = () => import('../components/ui/toast-list');
const ToastList = lazy(() => loadWithRetry(loadToastList).then((m) => ({ default: m.ToastList })));

/** Loaded soon after start-up rather than on the first toast, so a toast never waits for the network. */
const PRELOAD_AFTER_MS = 2_000;

/**
 * The stack of toasts; mount it once, inside ToastProvider. Its look lives in a chunk of its own: the landing
 * page shows no toast, and every byte of its first download counts.
 */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, getToasts, getToasts);
  useEffect(() => {
    const timer = setTimeout(() => void loadToastList().catch(() => undefined), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={list} onDismiss={dismissToast} />
    </Suspense>
  );
}
