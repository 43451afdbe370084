import { describe, expect, it } from 'vitest';
import { stripScriptsFrom, withoutScripts } from './without-scripts';

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
