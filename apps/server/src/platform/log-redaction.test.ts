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
});
