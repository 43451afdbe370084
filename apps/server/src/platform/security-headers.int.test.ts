import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

describe('Cross-Origin-Opener-Policy and the drive connect popup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
  });
  afterAll(() => t.close());

  it('keeps popups the app opens, and sends none on the page a provider returns the popup to', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/cloud-drives' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const popup = await t.app.inject({ method: 'GET', url: '/oauth/callback/google?code=c&state=s' });
    expect(popup.headers['cross-origin-opener-policy']).toBeUndefined();
    // Everything else of the security headers still applies there.
    expect(popup.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(popup.headers['x-content-type-options']).toBe('nosniff');
  });
});
