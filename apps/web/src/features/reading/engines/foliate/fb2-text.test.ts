import { realBook } from '@bookshelf/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredEncoding, readableFb2, withXmlEntities } from './fb2-text';

describe('withXmlEntities', () => {
  it('writes HTML’s named entities as numeric references and keeps XML’s own', () => {
    expect(withXmlEntities('a&nbsp;b&mdash;c &amp; &lt;d&gt; &quot;&apos; &#160; &#x2014;')).toBe(
      'a&#160;b&#8212;c &amp; &lt;d&gt; &quot;&apos; &#160; &#x2014;',
    );
    expect(withXmlEntities('&notAnEntity;')).toBe('&amp;notAnEntity;');
  });

  it('leaves text without named entities as it was', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('&')),
        (text) => withXmlEntities(text) === text,
      ),
    );
  });
});

describe('readableFb2', () => {
  it('makes FBReader-style FB2 with undefined entities parse whole', () => {
    const bytes = new Uint8Array(realBook('fb2UndefinedEntity'));
    expect(
      new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'application/xml').querySelector('parsererror'),
    ).not.toBeNull();
    const doc = new DOMParser().parseFromString(readableFb2(bytes), 'application/xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelectorAll('body:not([name]) > section')).toHaveLength(4);
    expect(doc.querySelector('section > p')!.textContent).toContain('FBReader\u00a0shows');
  });

  it('reads a windows-1251 FB2 as declared and declares UTF-8 after', () => {
    const text = '<?xml version="1.0" encoding="windows-1251"?><FictionBook><body><p>Привет</p></body></FictionBook>';
    const bytes = new Uint8Array(
      [...text].map((c) => (c.charCodeAt(0) >= 0x410 ? c.charCodeAt(0) - 0x410 + 0xc0 : c.charCodeAt(0))),
    );
    expect(declaredEncoding(bytes)).toBe('windows-1251');
    const readable = readableFb2(bytes);
    expect(readable).toContain('Привет');
    expect(readable).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  });

  it('calls a file that still does not parse, or has no body, not a valid FB2', () => {
    expect(() => readableFb2(new TextEncoder().encode('<FictionBook><body><p>cut'))).toThrow(
      'This file is not a valid FB2',
    );
    expect(() => readableFb2(new TextEncoder().encode('<FictionBook/>'))).toThrow('This file is not a valid FB2');
  });
});
