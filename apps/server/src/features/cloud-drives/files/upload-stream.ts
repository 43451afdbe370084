import { Readable } from 'node:stream';

/** An upload went past its cap while streaming to storage. */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

/** The first bytes of a stream and the iterator that goes on after them. */
export interface StreamHead {
  head: Buffer;
  /** Whether `head` is the whole stream. */
  ended: boolean;
  rest: AsyncIterator<Buffer>;
}

/**
 * Reads at least `bytes` of the stream (or all of it when shorter) without ending it: the rest is read from
 * `rest` by whoever goes on, so the type can be decided before a byte is stored.
 */
export async function readHead(source: AsyncIterable<Buffer>, bytes: number): Promise<StreamHead> {
  const rest = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await rest.next();
    if (next.done) return { head: Buffer.concat(chunks), ended: true, rest };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), ended: false, rest };
}

/** The head and then the rest, failing with UploadTooLargeError as soon as more than `maxBytes` have come. */
export function cappedBody({ head, ended, rest }: StreamHead, maxBytes: number): Readable {
  return Readable.from(
    (async function* () {
      let total = head.length;
      if (total > maxBytes) throw new UploadTooLargeError(maxBytes);
      if (head.length > 0) yield head;
      if (ended) return;
      for (;;) {
        const next = await rest.next();
        if (next.done) return;
        total += next.value.length;
        if (total > maxBytes) throw new UploadTooLargeError(maxBytes);
        yield next.value;
      }
    })(),
    { objectMode: false },
  );
}

/** Reads the rest of a stream into nothing (a refused file: the next part of the form comes after it). */
export async function drain({ ended, rest }: StreamHead): Promise<void> {
  if (ended) return;
  while (!(await rest.next()).done);
}

/** A small stream (a zip's tail or directory, bounded by its caller) as one buffer. */
export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
