import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text';

const utf16 = (text: string, littleEndian: boolean) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i += 1) view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
  return bytes;
};

describe('decodeText', () => {
  it('reads UTF-8, with or without its byte-order mark', () => {
    const text = 'Café — naïve 📚';
    expect(decodeText(new TextEncoder().encode(text))).toBe(text);
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toBe(text);
  });

  it('reads UTF-16 in either byte order when it starts with a byte-order mark', () => {
    expect(decodeText(utf16('Grüße', true))).toBe('Grüße');
    expect(decodeText(utf16('Grüße', false).buffer)).toBe('Grüße');
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8', () => {
    // (Node's decoder reads 0x80–0x9f as Latin-1 where browsers give Windows-1252's quotes, so none here.)
    expect(decodeText(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65]))).toBe('Café naïve');
  });
});
