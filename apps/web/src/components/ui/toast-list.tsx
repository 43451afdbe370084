import { createPortal } from 'react-dom';
import {
  TOAST_ELEMENT_ATTRIBUTE,
  TOAST_HOTKEY,
  type Toast,
  type ToastHold,
  type ToastType,
} from '../../lib/toast-model';

const ACCENT: Record<ToastType, string> = {
  success: 'border-l-green-500',
  error: 'border-l-red-500',
  warning: 'border-l-amber-500',
  info: 'border-l-indigo-500',
};

interface ToastListProps {
  toasts: readonly Toast[];
  onDismiss: (id: string) => void;
  /** Stops and restarts a toast's clock while the pointer is over it or focus is in it. */
  onHold?: (id: string, reason: ToastHold, held: boolean) => void;
  /** The reader is done with the toast they moved to: focus goes back where it was. */
  onLeave?: () => void;
}

/**
 * How the toasts look; lib/toast.tsx loads it on demand. It mounts straight into <body> only while there
 * are toasts, so a toast raised over an open modal dialog is not among the page parts the dialog hid from
 * assistive technology when it opened.
 */
export function ToastList({ toasts, onDismiss, onHold = () => undefined, onLeave = () => undefined }: ToastListProps) {
  const close = (id: string) => {
    onDismiss(id);
    onLeave();
  };
  return createPortal(
    <div className="pointer-events-none fixed right-4 bottom-4 z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.type === 'error' ? 'alert' : 'status'}
          aria-atomic="true"
          data-type={t.type}
          {...{ [TOAST_ELEMENT_ATTRIBUTE]: '' }}
          onMouseEnter={() => onHold(t.id, 'hover', true)}
          onMouseLeave={() => onHold(t.id, 'hover', false)}
          onFocus={() => onHold(t.id, 'focus', true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) onHold(t.id, 'focus', false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onLeave();
          }}
          className={`pointer-events-auto flex items-start gap-3 rounded-lg border border-l-4 border-gray-200 bg-white p-3 text-sm text-gray-900 shadow-lg transition duration-300 motion-reduce:transition-none dark:border-gray-800 dark:bg-gray-900 dark:text-gray-100 ${ACCENT[t.type]} ${t.phase === 'shown' ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0'}`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-medium">{t.title}</p>
            {t.message && <p className="mt-0.5 break-words text-gray-600 dark:text-gray-400">{t.message}</p>}
            {t.action && <span className="sr-only">Press {TOAST_HOTKEY.label} to reach it.</span>}
            {t.action && (
              <button
                type="button"
                aria-keyshortcuts={TOAST_HOTKEY.label}
                onClick={() => {
                  t.action?.onClick();
                  close(t.id);
                }}
                className="mt-2 rounded-md font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
              >
                {t.action.label}
              </button>
            )}
          </div>
          <button
            type="button"
            aria-label="Dismiss"
            title="Dismiss"
            onClick={() => close(t.id)}
            className="-m-1 rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
          >
            {/* Drawn inline: an icon library here would weigh on every page's first download. */}
            <svg aria-hidden viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 4l8 8M12 4l-8 8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
