/**
 * The generic error classifier of spec social.md §8: turns an error message into what the user is shown.
 * Rows are checked in the spec's order and the first match wins; matching ignores case.
 */

export type ErrorKind =
  | 'connection'
  | 'authentication'
  | 'rate-limited'
  | 'not-found'
  | 'access-denied'
  | 'storage-full'
  | 'unsupported-format'
  | 'sync-failed'
  | 'generic';

export type ErrorAction =
  | { label: 'Retry'; kind: 'reload' }
  | { label: 'Reconnect'; kind: 'navigate'; to: '/cloud-drives' }
  | { label: 'Refresh'; kind: 'refresh' }
  | { label: 'Retry Sync'; kind: 'retry-sync' };

export interface ClassifiedError {
  kind: ErrorKind;
  title: string;
  text: string;
  severity: 'error' | 'warning';
  action?: ErrorAction;
}

export const GENERIC_ERROR_TEXT = 'An unexpected error occurred. Please try again.';

interface Rule {
  matches: readonly string[];
  classify: (message: string) => ClassifiedError;
}

const has = (message: string, needles: readonly string[]) => needles.some((n) => message.includes(n));

const RULES: readonly Rule[] = [
  {
    matches: ['network', 'fetch'],
    classify: () => ({
      kind: 'connection',
      title: 'Connection Error',
      text: 'Network connection failed. Please check your internet connection and try again.',
      severity: 'error',
      action: { label: 'Retry', kind: 'reload' },
    }),
  },
  {
    matches: ['oauth', 'unauthorized', 'token'],
    classify: (message) => ({
      kind: 'authentication',
      title: 'Authentication Error',
      text: message.includes('expired')
        ? 'Your session has expired. Please reconnect your cloud drive.'
        : message.includes('invalid state')
          ? 'Authentication failed due to a security check. Please try connecting again.'
          : 'Authentication failed. Please try connecting your cloud drive again.',
      severity: 'error',
      action: { label: 'Reconnect', kind: 'navigate', to: '/cloud-drives' },
    }),
  },
  {
    matches: ['rate limit', 'too many requests'],
    classify: () => ({
      kind: 'rate-limited',
      title: 'Rate Limited',
      text: 'Too many requests. Please wait a moment before trying again.',
      severity: 'warning',
    }),
  },
  {
    matches: ['file not found', '404'],
    classify: () => ({
      kind: 'not-found',
      title: 'File Not Found',
      text: 'The requested file could not be found. It may have been moved or deleted.',
      severity: 'error',
      action: { label: 'Refresh', kind: 'refresh' },
    }),
  },
  {
    matches: ['permission', 'forbidden', '403'],
    classify: () => ({
      kind: 'access-denied',
      title: 'Access Denied',
      text: "You don't have permission to access this file or folder.",
      severity: 'error',
    }),
  },
  {
    matches: ['quota', 'storage'],
    classify: () => ({
      kind: 'storage-full',
      title: 'Storage Full',
      text: 'Storage limit reached. Please free up space in your cloud drive.',
      severity: 'warning',
    }),
  },
  {
    matches: ['unsupported', 'format'],
    classify: () => ({
      kind: 'unsupported-format',
      title: 'Unsupported Format',
      text: 'This file format is not supported. Please try a different file.',
      severity: 'warning',
    }),
  },
  {
    matches: ['sync'],
    classify: () => ({
      kind: 'sync-failed',
      title: 'Sync Failed',
      text: 'Failed to sync files. Please try refreshing your connection.',
      severity: 'error',
      action: { label: 'Retry Sync', kind: 'retry-sync' },
    }),
  },
];

/** Classifies an error (or its message). Anything unmatched keeps its own message under the title Error. */
export function classifyError(error: unknown): ClassifiedError {
  const original = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const message = original.toLowerCase();
  const rule = RULES.find((r) => has(message, r.matches));
  if (rule) return rule.classify(message);
  return { kind: 'generic', title: 'Error', text: original.trim() || GENERIC_ERROR_TEXT, severity: 'error' };
}
