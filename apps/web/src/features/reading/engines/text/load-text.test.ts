import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { textOf } from './load-text';

/** The smallest Word document mammoth reads: content types, the package relation and one body. */
function docx(paragraphs: string[]): Uint8Array {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

describe('textOf', () => {
  it('decodes plain text', async () => {
    expect(await textOf(new Blob(['Hello, reader.']), 'txt')).toBe('Hello, reader.');
  });

  it('reads the text of a Word document through mammoth', async () => {
    const text = await textOf(new Blob([new Uint8Array(docx(['First paragraph.', 'Second one.']))]), 'docx');
    expect(text.trim().split(/\n+/)).toEqual(['First paragraph.', 'Second one.']);
  });

  it('fails on a broken Word document', async () => {
    await expect(textOf(new Blob(['not a zip']), 'docx')).rejects.toThrow();
  });
});
