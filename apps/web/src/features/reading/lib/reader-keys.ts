/** What a key does in the reader (core.md §2 Reader). */
export type ReaderKeyAction =
  'previous' | 'next' | 'first' | 'last' | 'escape' | 'zoomIn' | 'zoomOut' | 'bookmark' | 'fullscreen';

const BY_KEY: Record<string, ReaderKeyAction> = {
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  ArrowRight: 'next',
  ArrowDown: 'next',
  ' ': 'next',
  Home: 'first',
  End: 'last',
  Escape: 'escape',
  '+': 'zoomIn',
  '=': 'zoomIn',
  '-': 'zoomOut',
  b: 'bookmark',
  B: 'bookmark',
  f: 'fullscreen',
  F: 'fullscreen',
};

/** Where keys type text rather than drive the reader: an input, textarea, select or editable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** Controls that Space and Enter already press: there, Space presses the control and does not turn the page. */
const isPressable = (target: EventTarget | null) =>
  !!target &&
  typeof (target as Element).closest === 'function' &&
  (target as Element).closest('button, a[href], summary, [role="button"], [role="link"]') !== null;

export interface KeyLike {
  key: string;
  target: EventTarget | null;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * The reader's action for a key press, or null: keys are ignored while typing (§2), and with Ctrl, Cmd or Alt
 * held they stay the browser's (Ctrl + is the browser's zoom, Cmd F its search).
 */
export function readerKeyAction(event: KeyLike): ReaderKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  const action = BY_KEY[event.key] ?? null;
  if (event.key === ' ' && isPressable(event.target)) return null;
  return action;
}
