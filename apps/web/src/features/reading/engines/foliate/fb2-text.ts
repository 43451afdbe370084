import { CloudDriveMessages } from '@bookshelf/contract';

/*
 * FictionBook files are often written with HTML's named entities (&nbsp;, &mdash;: FBReader's own MiniHelp.en.fb2
 * does) that XML does not define, and the upload check refuses any DTD that could define them. An XML parser
 * stops at the first one, so foliate got a book cut short there: a blank page, or only the title (issue 27).
 * Before foliate parses it, each such entity becomes the character HTML gives it, as a numeric reference.
 */

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** The text of an HTML named entity, as the browser's own HTML parser knows them all; null when none. */
export function htmlEntity(name: string): string | null {
  // HTML also reads a few entities without their semicolon (`&not` in `&notAnEntity;`): only a whole match counts.
  const text = new DOMParser().parseFromString(`&${name};|`, 'text/html').body.textContent ?? '';
  const value = text.endsWith('|') ? text.slice(0, -1) : '';
  return value !== '' && value !== `&${name};` && Array.from(value).length <= 2 ? value : null;
}

/** `xml` with every named entity XML lacks written as numeric references, or as literal text when unknown. */
export function withXmlEntities(xml: string, resolve: (name: string) => string | null = htmlEntity): string {
  const known = new Map<string, string>();
  return xml.replace(/&([A-Za-z][A-Za-z0-9]*);/g, (whole, name: string) => {
    if (XML_ENTITIES.has(name)) return whole;
    let replacement = known.get(name);
    if (replacement === undefined) {
      const text = resolve(name);
      replacement = text ? Array.from(text, (char) => `&#${char.codePointAt(0)};`).join('') : `&amp;${name};`;
      known.set(name, replacement);
    }
    return replacement;
  });
}

/** The encoding the XML declaration names (many FB2 files are windows-1251), else UTF-8. */
export function declaredEncoding(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const named = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (!named) return 'utf-8';
  try {
    return new TextDecoder(named).encoding;
  } catch {
    return 'utf-8';
  }
}

/**
 * The FB2 as UTF-8 text foliate can parse whole: decoded as declared, entities made XML's, the declaration saying
 * UTF-8. A file that still does not parse, or has no body, is not a valid FB2 (shown as Failed to Load Document).
 */
export function readableFb2(bytes: Uint8Array): string {
  const text = new TextDecoder(declaredEncoding(bytes)).decode(bytes);
  const fixed = withXmlEntities(text).replace(/^(\uFEFF?<\?xml[^>]*?\sencoding\s*=\s*["'])[^"']*/, '$1UTF-8');
  const doc = new DOMParser().parseFromString(fixed, 'application/xml');
  if (doc.querySelector('parsererror') || !doc.querySelector('body')) {
    throw new Error(CloudDriveMessages.notValidFile('fb2'));
  }
  return fixed;
}
