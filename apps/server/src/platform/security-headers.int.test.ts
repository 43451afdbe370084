import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

describe('security headers of the built files', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-web-headers-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Bookshelf</title><div id="root"></div>');
    for (const name of ['index-abc123.js', 'index-abc123.css', 'font-abc123.woff2', 'cover-abc123.png'])
      writeFileSync(path.join(dist, 'assets', name), 'x');
    for (const name of ['pdf.worker.min-abc123.mjs', 'sync.worker-abc123.js', 'logo-abc123.svg'])
      writeFileSync(path.join(dist, 'assets', name), 'x');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ startJobs: false, webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/books', '/index.html'])('sends the whole set with the page %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    '/assets/index-abc123.js',
    '/assets/index-abc123.css',
    '/assets/font-abc123.woff2',
    '/assets/cover-abc123.png',
  ])('sends only what applies to a subresource with %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'content-security-policy',
      'cross-origin-opener-policy',
      'x-frame-options',
      'origin-agent-cluster',
      'x-xss-protection',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'referrer-policy',
    ])
      expect(res.headers[documentOnly], documentOnly).toBeUndefined();
  });

  it.each([
    '/assets/pdf.worker.min-abc123.mjs',
    '/assets/sync.worker-abc123.js',
    '/assets/logo-abc123.svg',
    '/favicon.svg',
  ])('keeps the policy on %s, which runs as a worker or opens as a document of its own', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the whole set on API answers and on a missing asset', async () => {
    for (const url of ['/api/health', '/assets/index-gone.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });
});
