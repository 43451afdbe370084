/*
 * Book scripts never run, and a book loads nothing from outside itself (decision 054-book-frames). foliate
 * shows each section in an iframe at a blob: address, sandboxed without allow-scripts (our build takes it out of
 * foliate); a blob: document keeps the CSP of the page that made it, whose script-src allows only our own files;
 * every section of every format carries a policy of its own allowing only the book's blob: resources and no
 * script (bookDocument); and its scripts, event handlers and javascript: links are taken out before display, so a
 * server without the CSP (the dev server) runs none either.
 */

const MARKUP_TYPES = new Set(['application/xhtml+xml', 'text/html', 'image/svg+xml']);

export const isMarkup = (type: string) => MARKUP_TYPES.has(type.split(';')[0]!.trim().toLowerCase());

const SCRIPT_URL = /^\s*(?:javascript|vbscript):/i;
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'];

/**
 * What a section's document may load (issue 27): only the book's own resources, which foliate hands it as blob:
 * (or data:) URLs. A picture at https://… would tell a third party who reads what, and when; no script at all.
 * It adds to the page's policy, which the blob: document inherits and which allows https: pictures for covers.
 */
export const BOOK_DOCUMENT_POLICY =
  "default-src 'none'; img-src blob: data:; media-src blob: data:; font-src blob: data:; " +
  "style-src blob: data: 'unsafe-inline'; script-src 'none'; frame-src 'none'; form-action 'none'";

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** Removes what looks like a script from markup that does not parse. */
const scrubText = (markup: string) =>
  markup.replace(/<script\b[\s\S]*?(?:<\/script\s*>|$)/gi, '').replace(/\son\w+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');

const parse = (markup: string, type: string) => {
  const mime = type.split(';')[0]!.trim().toLowerCase() as DOMParserSupportedType;
  return { mime, doc: new DOMParser().parseFromString(markup, mime) };
};

const serialize = (doc: Document, mime: string) =>
  mime === 'text/html'
    ? `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`
    : new XMLSerializer().serializeToString(doc);

/** The document with its scripts taken out: script elements, on* handlers and script: URLs. */
export function withoutScripts(markup: string, type: string): string {
  const { mime, doc } = parse(markup, type);
  // Not well-formed: keep the text, drop anything that looks like a script.
  if (doc.querySelector('parsererror')) return scrubText(markup);
  cleanDocument(doc);
  return serialize(doc, mime);
}

/**
 * A section as its frame gets it: without scripts, and with BOOK_DOCUMENT_POLICY as the first thing in its head,
 * before any element that could load something.
 */
export function bookDocument(markup: string, type: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${BOOK_DOCUMENT_POLICY}"/>`;
  const { mime, doc } = parse(markup, type);
  // A document that does not parse shows nothing from its markup in an XML frame; an HTML one is read leniently
  // with the policy first.
  if (doc.querySelector('parsererror')) return mime === 'text/html' ? meta + scrubText(markup) : scrubText(markup);
  cleanDocument(doc);
  const root = doc.documentElement;
  const ns = root.namespaceURI ?? XHTML_NS;
  let head: Element | null = doc.querySelector('head');
  if (!head) {
    head = doc.createElementNS(ns, 'head');
    root.insertBefore(head, root.firstChild);
  }
  const policy = doc.createElementNS(ns, 'meta');
  policy.setAttribute('http-equiv', 'Content-Security-Policy');
  policy.setAttribute('content', BOOK_DOCUMENT_POLICY);
  head.insertBefore(policy, head.firstChild);
  return serialize(doc, mime);
}

function cleanDocument(doc: Document): void {
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
