import { describe, expect, it } from 'vitest';
import { BOOK_DOCUMENT_POLICY, bookDocument, stripScriptsFrom, withoutScripts } from './without-scripts';

const XHTML = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title><script src="book.js"></script>
<meta http-equiv="refresh" content="0;url=https://example.com/"/></head>
<body onload="steal()"><p>Kept text</p><img src="a.png" onerror="steal()" alt="a"/>
<a href="javascript:steal()">link</a><a href="chapter-2.xhtml">next</a><script>steal()</script></body></html>`;

describe('withoutScripts', () => {
  it('takes out script elements, handlers, script links and refreshes, and keeps the rest', () => {
    const out = withoutScripts(XHTML, 'application/xhtml+xml');
    expect(out).not.toMatch(/<script|onload|onerror|javascript:|refresh/i);
    expect(out).toContain('<p>Kept text</p>');
    expect(out).toContain('href="chapter-2.xhtml"');
    expect(out).toContain('src="a.png"');
  });

  it('cleans HTML and SVG too', () => {
    expect(withoutScripts('<p onclick="x()">Hi</p><script>x()</script>', 'text/html')).not.toMatch(/onclick|<script/);
    const svg = withoutScripts(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script><rect onmouseover="x()"/></svg>',
      'image/svg+xml',
    );
    expect(svg).not.toMatch(/script|onmouseover/);
    expect(svg).toContain('<rect');
  });

  it('strips what looks like a script from markup that does not parse', () => {
    const out = withoutScripts('<p>open <b>x</p><script>x()</script><i onclick="y()">', 'application/xhtml+xml');
    expect(out).not.toMatch(/<script|onclick/);
    expect(out).toContain('open');
  });
});

describe('bookDocument', () => {
  const policyOf = (doc: Document) => doc.querySelector('head > meta[http-equiv="Content-Security-Policy"]');

  it('puts the book-only policy first in the head, before anything that loads, and takes the scripts out', () => {
    const tracked = XHTML.replace('<title>T</title>', '<link rel="stylesheet" href="https://cdn.example/x.css"/>');
    const out = bookDocument(tracked, 'application/xhtml+xml');
    expect(out).not.toMatch(/<script|onload|onerror|javascript:/i);
    const doc = new DOMParser().parseFromString(out, 'application/xhtml+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelector('head')!.firstElementChild).toBe(policyOf(doc));
    expect(policyOf(doc)!.getAttribute('content')).toBe(BOOK_DOCUMENT_POLICY);
    expect(policyOf(doc)!.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
  });

  it('allows pictures, styles and fonts only from the book itself and no script', () => {
    const directives = Object.fromEntries(
      BOOK_DOCUMENT_POLICY.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['img-src']).toEqual(['blob:', 'data:']);
    expect(directives['script-src']).toEqual(["'none'"]);
    expect(Object.values(directives).flat()).not.toContain('https:');
  });

  it('gives a head to a section without one (comics, generated HTML)', () => {
    const html = bookDocument('<html><body><img src="https://tracker.example/p.gif"></body></html>', 'text/html');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(policyOf(doc)).not.toBeNull();
    const bare = bookDocument('<p>cut <b>x', 'application/xhtml+xml');
    expect(bare).toContain('cut');
  });
});

describe('stripScriptsFrom', () => {
  it('rewrites the markup a book hands to its sections, and nothing else', async () => {
    const target = new EventTarget();
    stripScriptsFrom(target);
    const send = (data: unknown, type: string) => {
      const detail = { data, type };
      target.dispatchEvent(new CustomEvent('data', { detail }));
      return detail.data;
    };
    expect(await send(Promise.resolve(XHTML), 'application/xhtml+xml')).not.toContain('<script');
    expect(await send('body { color: red }', 'text/css')).toBe('body { color: red }');
    const blob = new Blob(['x']);
    expect(await send(blob, 'application/xhtml+xml')).toBe(blob);
  });
});
