/*
 * Book scripts never run. The page's Content-Security-Policy is what stops them: foliate shows each section in
 * an iframe whose sandbox allows scripts (a WebKit bug needs it) at a blob: address, and a blob: document keeps
 * the CSP of the page that made it, whose script-src allows only our own files. On top of that, an EPUB's
 * sections reach the iframe without their scripts, event handlers or javascript: links, so a server without the
 * CSP (the dev server) runs none either.
 */

const MARKUP_TYPES = new Set(['application/xhtml+xml', 'text/html', 'image/svg+xml']);

export const isMarkup = (type: string) => MARKUP_TYPES.has(type.split(';')[0]!.trim().toLowerCase());

const SCRIPT_URL = /^\s*(?:javascript|vbscript):/i;
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'];

/** The document with its scripts taken out: script elements, on* handlers and script: URLs. */
export function withoutScripts(markup: string, type: string): string {
  const mime = type.split(';')[0]!.trim().toLowerCase() as DOMParserSupportedType;
  const doc = new DOMParser().parseFromString(markup, mime);
  if (doc.querySelector('parsererror')) {
    // Not well-formed: keep the text, drop anything that looks like a script.
    return markup
      .replace(/<script\b[\s\S]*?(?:<\/script\s*>|$)/gi, '')
      .replace(/\son\w+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
  }
  for (const script of doc.querySelectorAll('script')) script.remove();
  // A refresh would take the section's frame to another address.
  for (const meta of doc.querySelectorAll('meta[http-equiv]')) {
    if (meta.getAttribute('http-equiv')?.toLowerCase() === 'refresh') meta.remove();
  }
  for (const element of doc.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || (URL_ATTRIBUTES.includes(name) && SCRIPT_URL.test(attribute.value))) {
        element.removeAttributeNode(attribute);
      }
    }
  }
  return mime === 'text/html'
    ? `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`
    : new XMLSerializer().serializeToString(doc);
}

/** Makes every (X)HTML or SVG resource of a book pass through `withoutScripts` on its way to the iframe. */
export function stripScriptsFrom(transformTarget: EventTarget | undefined): void {
  transformTarget?.addEventListener('data', (event) => {
    const detail = (event as CustomEvent<{ data: unknown; type: string }>).detail;
    if (!isMarkup(detail.type)) return;
    detail.data = Promise.resolve(detail.data).then((data) =>
      typeof data === 'string' ? withoutScripts(data, detail.type) : data,
    );
  });
}
