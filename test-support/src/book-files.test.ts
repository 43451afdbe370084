import { strFromU8, unzipSync } from 'fflate';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { BOOK_SCRIPT_MARKER, makeCbz, makeDocx, makeEpub, makeFb2, makeMobi, makePdf, makeText } from './book-files.js';

const text = (entries: Record<string, Uint8Array>, name: string) => strFromU8(entries[name]!);

describe('makePdf', () => {
  it('writes a PDF that pdf-lib loads again with every page', async () => {
    const bytes = await makePdf({ pages: 12, textPerPage: (n) => `Body of page ${n}` });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(12);
    // The last page's content stream shows its heading as text (a hex string in Helvetica), not as a picture.
    const contents = doc.getPage(11).node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const operators = streams
      .map((stream) => {
        expect(stream).toBeInstanceOf(PDFRawStream);
        return Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
      })
      .join('\n');
    expect(operators).toContain(`<${Buffer.from('Page 12').toString('hex').toUpperCase()}> Tj`);
    expect(operators).toContain(`<${Buffer.from('Body of page 12').toString('hex').toUpperCase()}> Tj`);
  });

  it('pads a PDF with pictures after page 1 to the size asked for', async () => {
    const target = 3 * 1024 * 1024;
    const bytes = await makePdf({ pages: 30, targetBytes: target });
    expect(bytes.length).toBeGreaterThan(target * 0.97);
    expect(bytes.length).toBeLessThan(target * 1.03);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(30);
    // Page 1 draws no picture: its resources name no image.
    const images = (n: number) =>
      doc
        .getPage(n)
        .node.Resources()
        ?.toString()
        .match(/\/Image-/g)?.length ?? 0;
    expect(images(0)).toBe(0);
    expect(images(1)).toBe(1);
  });
});

describe('makeEpub', () => {
  it('stores the mimetype first and uncompressed, then a container, package, nav and chapters', () => {
    const bytes = makeEpub({ chapters: 3, wordsPerChapter: 120, title: 'Rain & Lamps' });
    // The first local file header: signature, method 0 (stored), name "mimetype", then its content.
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(8)).toBe(0);
    const nameLength = bytes.readUInt16LE(26);
    const extraLength = bytes.readUInt16LE(28);
    expect(bytes.toString('latin1', 30, 30 + nameLength)).toBe('mimetype');
    const dataStart = 30 + nameLength + extraLength;
    expect(bytes.toString('latin1', dataStart, dataStart + 20)).toBe('application/epub+zip');

    const entries = unzipSync(bytes);
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining([
        'META-INF/container.xml',
        'OEBPS/content.opf',
        'OEBPS/nav.xhtml',
        'OEBPS/chapter-1.xhtml',
        'OEBPS/chapter-3.xhtml',
      ]),
    );
    expect(text(entries, 'META-INF/container.xml')).toContain('full-path="OEBPS/content.opf"');
    const opf = text(entries, 'OEBPS/content.opf');
    expect(opf).toContain('<dc:title>Rain &amp; Lamps</dc:title>');
    expect(opf).toContain('properties="nav"');
    expect(opf.match(/<itemref /g)).toHaveLength(3);
    const chapter = text(entries, 'OEBPS/chapter-2.xhtml');
    expect(chapter).toContain('<h1>Chapter 2</h1>');
    expect(
      chapter
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length,
    ).toBeGreaterThanOrEqual(120);
    expect(text(entries, 'OEBPS/chapter-1.xhtml')).not.toContain('<script');
  });

  it('adds scripts only when asked', () => {
    const entries = unzipSync(makeEpub({ chapters: 2, withScript: true }));
    const chapter = text(entries, 'OEBPS/chapter-1.xhtml');
    expect(chapter).toContain(`<script>window.top.${BOOK_SCRIPT_MARKER}='inline';</script>`);
    expect(chapter).toContain('onerror=');
    expect(text(entries, 'OEBPS/scripts/book.js')).toContain(BOOK_SCRIPT_MARKER);
    expect(text(entries, 'OEBPS/content.opf')).toContain('properties="scripted"');
  });

  it('pads a big book with incompressible pictures to the size asked for', () => {
    const target = 6 * 1024 * 1024;
    const bytes = makeEpub({ chapters: 4, targetBytes: target });
    expect(bytes.length).toBeGreaterThan(target * 0.98);
    expect(bytes.length).toBeLessThan(target * 1.02);
    const entries = unzipSync(bytes);
    const pictures = Object.keys(entries).filter((name) => name.startsWith('OEBPS/images/'));
    expect(pictures.length).toBeGreaterThanOrEqual(6);
    // Every picture is shown somewhere after the first chapter, so the first page does not wait for them.
    const shown = [2, 3, 4].map((n) => text(entries, `OEBPS/chapter-${n}.xhtml`)).join('');
    for (const picture of pictures) expect(shown).toContain(picture.replace('OEBPS/', ''));
    expect(text(entries, 'OEBPS/chapter-1.xhtml')).not.toContain('<img');
  });
});

describe('makeCbz', () => {
  it('zips one PNG per page in reading order', () => {
    const entries = unzipSync(makeCbz({ images: 3 }));
    expect(Object.keys(entries)).toEqual(['page-001.png', 'page-002.png', 'page-003.png']);
    for (const image of Object.values(entries)) expect(Buffer.from(image.subarray(1, 4)).toString()).toBe('PNG');
  });
});

describe('makeFb2', () => {
  it('writes a FictionBook with its title and sections', () => {
    const xml = makeFb2({ sections: 4, title: 'Night <Train>' }).toString('utf8');
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('<book-title>Night &lt;Train&gt;</book-title>');
    expect(xml.match(/<section>/g)).toHaveLength(4);
  });
});

describe('makeDocx', () => {
  it('writes the three parts of a minimal Word document', () => {
    const entries = unzipSync(makeDocx({ paragraphs: ['First words', 'Second & last'] }));
    expect(Object.keys(entries).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const document = text(entries, 'word/document.xml');
    expect(document.match(/<w:p>/g)).toHaveLength(2);
    expect(document).toContain('Second &amp; last');
    expect(text(entries, '_rels/.rels')).toContain('Target="word/document.xml"');
  });
});

describe('makeText', () => {
  it('writes exactly the number of words asked for', () => {
    const body = makeText({ words: 1001 }).toString('utf8');
    expect(body.split(/\s+/).filter(Boolean)).toHaveLength(1001);
  });

  it('fills a size with whole lines', () => {
    const bytes = makeText({ bytes: 100_000 });
    expect(bytes.length).toBeLessThanOrEqual(100_000);
    expect(bytes.length).toBeGreaterThan(99_800);
    expect(bytes.toString('utf8').endsWith('\n')).toBe(true);
  });
});

describe('makeMobi', () => {
  it('writes a Palm database whose text records hold the book', () => {
    const bytes = makeMobi({ chapters: 3, wordsPerChapter: 2000, title: 'Pocket Book' });
    expect(bytes.toString('latin1', 60, 68)).toBe('BOOKMOBI');
    const count = bytes.readUInt16BE(76);
    const offsets = Array.from({ length: count }, (_, i) => bytes.readUInt32BE(78 + i * 8));
    const record = (i: number) => bytes.subarray(offsets[i], offsets[i + 1] ?? bytes.length);
    const record0 = record(0);
    expect(record0.toString('latin1', 16, 20)).toBe('MOBI');
    expect(record0.readUInt16BE(0)).toBe(1); // uncompressed
    expect(record0.readUInt32BE(36)).toBe(6); // MOBI 6, not KF8
    const textRecords = record0.readUInt16BE(8);
    expect(textRecords).toBeGreaterThan(1);
    const titleAt = record0.readUInt32BE(84);
    expect(record0.toString('utf8', titleAt, titleAt + record0.readUInt32BE(88))).toBe('Pocket Book');
    const html = Buffer.concat(Array.from({ length: textRecords }, (_, i) => record(i + 1))).toString('utf8');
    expect(html.length).toBe(record0.readUInt32BE(4));
    expect(html.match(/<mbp:pagebreak\/>/g)).toHaveLength(2);
    expect(html).toContain('<h1>Chapter 3</h1>');
  });
});
