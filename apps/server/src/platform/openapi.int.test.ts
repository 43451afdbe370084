import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { OPENAPI_COMPONENTS } from './openapi-components.js';
import { DOCUMENTED_ROOTS } from './openapi.js';

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a document generated from the routes’ zod schemas at /api/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health']?.get).toMatchObject({
      responses: {
        200: { content: { 'application/json': { schema: expect.anything() } } },
      },
    });
    expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
  });

  it('names the contract’s schemas as components, registered by the server rather than the contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, { responses: Record<string, { content: unknown }> }>>;
    }>();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(Object.keys(OPENAPI_COMPONENTS)));
    expect(JSON.stringify(doc.paths['/api/books/{id}']?.get?.responses[200])).toContain('#/components/schemas/Book');
  });

  it('serves a browsable UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page = res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location! }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('validator.swagger.io'); // the docs page's own policy, not helmet's
    expect(csp).not.toContain('upgrade-insecure-requests'); // would blank the page on http://<lan-address>
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self'");
  });

  it('keeps upgrade-insecure-requests on the docs page behind https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://books.example.org' });
    const first = await secure.app.inject({ method: 'GET', url: '/api/docs' });
    const res =
      first.statusCode === 302 ? await secure.app.inject({ method: 'GET', url: first.headers.location! }) : first;
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('validator.swagger.io');
    expect(csp).toContain('upgrade-insecure-requests');
    await secure.close();
  });

  it('documents only the API and the protocol roots, never the web app’s built files', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body></body></html>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    const withWeb = await createTestApp({ webDistDir: dist });
    try {
      // The files are served: they are routes the document could have listed.
      expect((await withWeb.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
      const paths = Object.keys(
        (await withWeb.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
          paths: Record<string, unknown>;
        }>().paths,
      );
      expect(paths).toContain('/api/books');
      const outside = paths.filter((p) => !DOCUMENTED_ROOTS.some((root) => p === root || p.startsWith(`${root}/`)));
      expect(outside).toEqual([]);
    } finally {
      await withWeb.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
