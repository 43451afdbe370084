import { describe, expect, it } from 'vitest';
import { classifyError, GENERIC_ERROR_TEXT } from './error-classifier.js';

describe('classifyError: every row of the spec table (social.md §8)', () => {
  it.each([
    [
      'Network request failed',
      'Connection Error',
      'Network connection failed. Please check your internet connection and try again.',
      'error',
      'Retry',
    ],
    [
      'Failed to fetch',
      'Connection Error',
      'Network connection failed. Please check your internet connection and try again.',
      'error',
      'Retry',
    ],
    [
      'OAuth token expired',
      'Authentication Error',
      'Your session has expired. Please reconnect your cloud drive.',
      'error',
      'Reconnect',
    ],
    [
      'oauth: invalid state parameter',
      'Authentication Error',
      'Authentication failed due to a security check. Please try connecting again.',
      'error',
      'Reconnect',
    ],
    [
      '401 Unauthorized',
      'Authentication Error',
      'Authentication failed. Please try connecting your cloud drive again.',
      'error',
      'Reconnect',
    ],
    [
      'Rate limit exceeded for drive',
      'Rate Limited',
      'Too many requests. Please wait a moment before trying again.',
      'warning',
      undefined,
    ],
    [
      '429 Too Many Requests',
      'Rate Limited',
      'Too many requests. Please wait a moment before trying again.',
      'warning',
      undefined,
    ],
    [
      'File not found on drive',
      'File Not Found',
      'The requested file could not be found. It may have been moved or deleted.',
      'error',
      'Refresh',
    ],
    [
      'Request failed with status 404',
      'File Not Found',
      'The requested file could not be found. It may have been moved or deleted.',
      'error',
      'Refresh',
    ],
    [
      'Insufficient permission',
      'Access Denied',
      "You don't have permission to access this file or folder.",
      'error',
      undefined,
    ],
    ['Forbidden', 'Access Denied', "You don't have permission to access this file or folder.", 'error', undefined],
    ['status 403', 'Access Denied', "You don't have permission to access this file or folder.", 'error', undefined],
    [
      'Quota exceeded',
      'Storage Full',
      'Storage limit reached. Please free up space in your cloud drive.',
      'warning',
      undefined,
    ],
    [
      'Storage is full',
      'Storage Full',
      'Storage limit reached. Please free up space in your cloud drive.',
      'warning',
      undefined,
    ],
    [
      'Unsupported file',
      'Unsupported Format',
      'This file format is not supported. Please try a different file.',
      'warning',
      undefined,
    ],
    [
      'Bad format',
      'Unsupported Format',
      'This file format is not supported. Please try a different file.',
      'warning',
      undefined,
    ],
    [
      'Sync did not complete',
      'Sync Failed',
      'Failed to sync files. Please try refreshing your connection.',
      'error',
      'Retry Sync',
    ],
  ] as const)('%s → %s', (message, title, text, severity, actionLabel) => {
    const classified = classifyError(new Error(message));
    expect(classified.title).toBe(title);
    expect(classified.text).toBe(text);
    expect(classified.severity).toBe(severity);
    expect(classified.action?.label).toBe(actionLabel);
  });

  it('sends Reconnect to /cloud-drives and Retry Sync as a retry-sync event', () => {
    expect(classifyError('token revoked').action).toEqual({
      label: 'Reconnect',
      kind: 'navigate',
      to: '/cloud-drives',
    });
    expect(classifyError('sync failed').action).toEqual({ label: 'Retry Sync', kind: 'retry-sync' });
  });

  it('checks rows in the spec order: a network error mentioning a token is a connection error', () => {
    expect(classifyError('network error while refreshing token').title).toBe('Connection Error');
  });

  it('keeps the message of anything else under the title Error, or a generic text when there is none', () => {
    expect(classifyError(new Error('Book not found'))).toEqual({
      kind: 'generic',
      title: 'Error',
      text: 'Book not found',
      severity: 'error',
    });
    expect(classifyError(undefined).text).toBe(GENERIC_ERROR_TEXT);
    expect(classifyError('   ').text).toBe(GENERIC_ERROR_TEXT);
  });
});
