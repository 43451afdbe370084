import { describe, expect, it } from 'vitest';
import { rateLimitMessage } from './rate-limit.js';

describe('rateLimitMessage (social.md §8)', () => {
  it('words each window as the spec does, rounding the wait up', () => {
    expect(rateLimitMessage('sign-in', 'minute', 41.2)).toBe(
      'Rate limit exceeded for sign-in. Try again in 42 seconds.',
    );
    expect(rateLimitMessage('sign-in', 'hour', 601)).toBe(
      'Hourly rate limit exceeded for sign-in. Try again in 11 minutes.',
    );
    expect(rateLimitMessage('import', 'day', 7200)).toBe('Daily rate limit exceeded for import. Try again in 2 hours.');
  });

  it('never says "0 seconds"', () => {
    expect(rateLimitMessage('search', 'minute', 0)).toBe('Rate limit exceeded for search. Try again in 1 seconds.');
  });
});
