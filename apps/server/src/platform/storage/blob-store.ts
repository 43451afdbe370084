import { Transform, type Readable } from 'node:stream';

/** What is known about a stored blob. */
export interface BlobInfo {
  size: number;
  /** As given to `put`; `application/octet-stream` when none was (what S3 itself answers). */
  contentType: string;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Inclusive byte positions, as in an HTTP Range header; `end` defaults to the last byte. */
export interface BlobRange {
  start: number;
  end?: number;
}

export interface BlobRead extends BlobInfo {
  /** The bytes asked for, streamed; the caller must consume or destroy it. */
  stream: Readable;
  /** The inclusive byte positions this stream holds (the range with `end` clamped to the blob). */
  start: number;
  end: number;
}

/**
 * Where uploads (photos, book files) live: on disk under DATA_DIR by default, in an S3-compatible bucket when
 * S3_* is set (docs/decisions/017-blob-storage.md). Everything streams, so a multi-gigabyte file never sits in
 * memory; keys are validated by every driver the same way.
 */
export interface BlobStore {
  readonly driver: 'disk' | 's3';
  /** Stores the stream under `key`, replacing any blob there only once the whole stream has arrived. */
  put(key: string, body: Readable, options?: { contentType?: string | undefined }): Promise<{ size: number }>;
  /** The blob (or a byte range of it); BlobNotFoundError when there is none, BlobRangeError past its end. */
  get(key: string, options?: { range?: BlobRange | undefined }): Promise<BlobRead>;
  /** Size and type; BlobNotFoundError when there is none. */
  stat(key: string): Promise<BlobInfo>;
  exists(key: string): Promise<boolean>;
  /** Removes the blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections (the S3 driver's); the store is not used afterwards. */
  close(): void;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob stored under ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

export class InvalidBlobKeyError extends Error {
  constructor(readonly key: string) {
    super(
      `Invalid blob key ${JSON.stringify(key.slice(0, 100))}: use segments of letters, digits, '.', '_' and '-' ` +
        `separated by '/', each starting with a letter or digit, at most 512 characters`,
    );
    this.name = 'InvalidBlobKeyError';
  }
}

/** A range that starts past the blob's last byte or ends before it starts (HTTP 416). */
export class BlobRangeError extends Error {
  constructor(
    readonly range: BlobRange,
    readonly size: number | undefined,
  ) {
    super(`Range ${range.start}-${range.end ?? ''} is not satisfiable${size === undefined ? '' : ` (size ${size})`}`);
    this.name = 'BlobRangeError';
  }
}

// Each segment starts with a letter or digit: no '..', no '.', no hidden names (the disk driver keeps its temporary
// and metadata files under names starting with '.'), no absolute paths, no backslashes, no empty segments.
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key)) throw new InvalidBlobKeyError(key);
}

/** Checks a range before anything is read; `end` is clamped later to the blob's last byte. */
export function assertValidRange(range: BlobRange | undefined): void {
  if (!range) return;
  const { start, end } = range;
  const position = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!position(start) || (end !== undefined && (!position(end) || end < start))) {
    throw new BlobRangeError(range, undefined);
  }
}

/** The inclusive positions a read returns for a blob of `size` bytes; BlobRangeError when none. */
export function resolveRange(range: BlobRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  if (range.start >= size) throw new BlobRangeError(range, size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** `exists` for a driver, from its `stat`. */
export const existsVia = (stat: (key: string) => Promise<BlobInfo>) => async (key: string) => {
  try {
    await stat(key);
    return true;
  } catch (error) {
    if (error instanceof BlobNotFoundError) return false;
    throw error;
  }
};

/** A pass-through that counts the bytes of a put, so both drivers report the size they stored. */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}
