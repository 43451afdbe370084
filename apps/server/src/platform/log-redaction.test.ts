import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it('hides OAuth codes, states and tokens, and keeps everything else', () => {
    expect(redactUrl('/oauth/callback/google?code=4/0Ab-x&state=s3cr3t&scope=drive')).toBe(
      '/oauth/callback/google?code=[redacted]&state=[redacted]&scope=drive',
    );
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/books?search=code&limit=5')).toBe('/api/books?search=code&limit=5');
    expect(redactUrl('/api/cloud-drives/files?connectionId=a,b')).toBe('/api/cloud-drives/files?connectionId=a,b');
  });

  it('hides a shared wishlist’s token in its API path and its page’s path (issue 27)', () => {
    expect(redactUrl('/api/wishlist/shared/Zx9-secret_tok?currency=EUR')).toBe(
      '/api/wishlist/shared/[redacted]?currency=EUR',
    );
    expect(redactUrl('/wishlist/Zx9-secret_tok')).toBe('/wishlist/[redacted]');
    expect(redactUrl('/wishlist/Zx9-secret_tok?token=x')).toBe('/wishlist/[redacted]?token=[redacted]');
    // The reader's own wishlist and its API keep their paths.
    expect(redactUrl('/wishlist')).toBe('/wishlist');
    expect(redactUrl('/wishlist?sort=price')).toBe('/wishlist?sort=price');
    expect(redactUrl('/api/wishlist/share')).toBe('/api/wishlist/share');
    expect(redactUrl('/api/wishlist/order')).toBe('/api/wishlist/order');
  });
});
