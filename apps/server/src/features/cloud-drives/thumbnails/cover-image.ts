import path from 'node:path/posix';
import { BadArchiveError, type ZipArchive, type ZipEntry } from './zip-archive.js';

/**
 * Where a book keeps its cover (issue 27, as Calibre-Web and Kavita find it): an EPUB's package document names
 * it (EPUB 3 `properties="cover-image"`, EPUB 2 `<meta name="cover">`, else its first image); an FB2 has a
 * `<coverpage>` pointing at one of its base64 `<binary>` parts; a CBZ's cover is its first page.
 *
 * XML here is read as text, never parsed: a document with a DTD (entities, XXE, billion laughs) is refused
 * before anything is looked up in it (SECURITY.md).
 */

const IMAGE_NAME = /\.(jpe?g|png|webp|gif|avif)$/i;

/** A DOCTYPE or entity declaration anywhere: no book we read. */
const hasDtd = (xml: string) => /<!DOCTYPE|<!ENTITY/i.test(xml);

/** The attributes of one tag, as written (namespace prefixes kept). */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    found.set(match[1]!.toLowerCase(), decodeXmlText(match[2] ?? match[3] ?? ''));
  }
  return found;
}

/** The five predefined entities and numeric references, the only ones a DTD-less document can use. */
function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? whole;
  });
}

/** Every start tag named `name` (any namespace prefix). */
const tagsNamed = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${name}\\b[^>]*>`, 'gi'))].map((m) => attributes(m[0]));

const byName = (zip: ZipArchive, name: string): ZipEntry | undefined => {
  const wanted = name.normalize('NFC');
  return zip.entries.find((e) => e.name.normalize('NFC') === wanted);
};

const pageOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A text entry of the archive, with a DTD refused. */
async function xmlEntry(zip: ZipArchive, entry: ZipEntry): Promise<string> {
  const xml = (await zip.read(entry)).toString('utf8');
  if (hasDtd(xml)) throw new BadArchiveError('a DTD in an XML part');
  return xml;
}

/** The EPUB's cover image bytes, or null when it names none and holds no image. */
export async function epubCover(zip: ZipArchive): Promise<Buffer | null> {
  const container = byName(zip, 'META-INF/container.xml');
  if (!container) return null;
  const rootfile = tagsNamed(await xmlEntry(zip, container), 'rootfile')[0]?.get('full-path');
  const opfEntry = rootfile ? byName(zip, rootfile) : undefined;
  if (!rootfile || !opfEntry) return null;
  const opf = await xmlEntry(zip, opfEntry);
  const items = tagsNamed(opf, 'item');
  const isImage = (item: Map<string, string>) =>
    (item.get('media-type') ?? '').startsWith('image/') || IMAGE_NAME.test(item.get('href') ?? '');
  const coverId = tagsNamed(opf, 'meta')
    .find((m) => m.get('name') === 'cover')
    ?.get('content');
  const chosen =
    items.find((i) => (i.get('properties') ?? '').split(/\s+/).includes('cover-image')) ??
    items.find((i) => coverId !== undefined && i.get('id') === coverId && isImage(i)) ??
    items.find((i) => isImage(i) && /cover/i.test(`${i.get('id') ?? ''} ${i.get('href') ?? ''}`)) ??
    items.find(isImage);
  const href = chosen?.get('href');
  if (!href) return null;
  // Hrefs are relative to the package document and may be percent-encoded.
  let relative: string;
  try {
    relative = decodeURIComponent(href.split('#')[0]!);
  } catch {
    return null;
  }
  const entry = byName(zip, path.normalize(path.join(path.dirname(rootfile), relative)));
  return entry ? zip.read(entry) : null;
}

/** A comic's first page: the first image in natural order ("page 2" before "page 10"). */
export async function cbzCover(zip: ZipArchive): Promise<Buffer | null> {
  const pages = zip.entries
    .filter((e) => IMAGE_NAME.test(e.name) && !e.name.endsWith('/') && !/(^|\/)(__MACOSX|\.)/.test(e.name))
    .sort((a, b) => pageOrder.compare(a.name, b.name));
  return pages[0] ? zip.read(pages[0]) : null;
}

/** An FB2's cover: the binary its `<coverpage>` image points at (`l:href="#id"`), decoded from base64. */
export function fb2Cover(document: Buffer): Buffer | null {
  const xml = document.toString('utf8');
  if (hasDtd(xml.slice(0, 4096))) throw new BadArchiveError('a DTD in an XML document');
  const coverpage = /<(?:[\w.-]+:)?coverpage\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?coverpage>/i.exec(xml)?.[1];
  if (!coverpage) return null;
  const image = tagsNamed(coverpage, 'image')[0];
  const href = image && [...image.entries()].find(([name]) => name === 'href' || name.endsWith(':href'))?.[1];
  if (!href?.startsWith('#')) return null;
  const id = href.slice(1);
  for (const match of xml.matchAll(/<(?:[\w.-]+:)?binary\b([^>]*)>([\s\S]*?)<\/(?:[\w.-]+:)?binary>/gi)) {
    if (attributes(match[1]!).get('id') === id) return Buffer.from(match[2]!.replace(/\s+/g, ''), 'base64');
  }
  return null;
}
