import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { inlineScriptSources } from './inline-scripts.js';

// MDN's worked example of a CSP hash source: this script's text hashes to exactly this value.
const SCRIPT = "alert('Hello, world.');";
const SOURCE = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

function distWith(html: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-inline-'));
  writeFileSync(path.join(dist, 'index.html'), html);
  return dist;
}

describe('inlineScriptSources', () => {
  it('hashes each classic inline script of the shell, and no script with attributes', () => {
    const dist = distWith(
      `<html><head><script>${SCRIPT}</script><script type="module" src="/assets/index.js"></script>` +
        '<script src="/other.js"></script></head><body></body></html>',
    );
    try {
      expect(inlineScriptSources(dist)).toEqual([SOURCE]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('allows nothing extra without a web build', () => {
    expect(inlineScriptSources(undefined)).toEqual([]);
    expect(inlineScriptSources(path.join(tmpdir(), 'no-such-bookshelf-dist'))).toEqual([]);
  });
});

describe('the Content-Security-Policy of a server with a web build', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = distWith(`<!doctype html><html><head><script>${SCRIPT}</script></head><body>shell</body></html>`);
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('allows the shell’s own inline script by its hash, and still no other inline script', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = String(res.headers['content-security-policy']);
      const scriptSrc = policy.split(';').find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' ${SOURCE}`);
    }
  });
});
