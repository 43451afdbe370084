import { decodeText } from '../../lib/decode-text';

/** A Blob's bytes; FileReader where Blob lacks arrayBuffer() (older Safari, jsdom). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * A text file's characters: plain text decoded (UTF-8, or UTF-16 with its byte-order mark), a Word .docx
 * through mammoth's raw text, which loads only when a .docx is opened.
 */
export async function textOf(blob: Blob, fileType: string): Promise<string> {
  const bytes = await bytesOf(blob);
  if (fileType !== 'docx') return decodeText(bytes);
  const { default: mammoth } = await import('mammoth');
  // The browser build of mammoth reads `arrayBuffer`, the Node one (tests) `buffer`.
  const input = { arrayBuffer: bytes, buffer: bytes };
  const result = await mammoth.extractRawText(input);
  return result.value;
}
