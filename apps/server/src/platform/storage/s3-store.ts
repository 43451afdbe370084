import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import {
  assertValidKey,
  assertValidRange,
  BlobNotFoundError,
  BlobRangeError,
  byteCounter,
  DEFAULT_CONTENT_TYPE,
  existsVia,
  type BlobInfo,
  type BlobStore,
} from './blob-store.js';

export interface S3StorageConfig {
  /** An S3-compatible endpoint (MinIO, R2, a fake); AWS's own when undefined. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most self-hosted servers need. */
  forcePathStyle: boolean;
}

/** Multipart parts: 5 MiB is S3's minimum; 8 MiB x 10,000 parts allows 78 GiB, and 2 in flight keep part buffers at ~16 MiB (the SDK copies each part once more, so 16 MiB parts cost ~130 MiB per upload). */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const status = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/**
 * Where the `length` bytes of a ranged GetObject answer sit in the object. A Content-Range such as
 * `bytes 10-19/100` gives the start and the size; without one the server answered 200 with the whole object
 * (HTTP allows ignoring Range), so the bytes start at 0 and the size is their length. A Content-Range without
 * the size (`bytes 10-19/*`) or that cannot be read is refused rather than reported as a size of NaN.
 */
function placeRangedRead(contentRange: string | undefined, length: number) {
  if (contentRange === undefined) return { start: 0, end: length - 1, size: length };
  const match = /^bytes (\d+)-\d+\/(\d+)$/.exec(contentRange.trim());
  if (!match) throw new Error(`S3 answered a ranged read with a Content-Range we cannot use: ${contentRange}`);
  const start = Number(match[1]);
  return { start, end: start + length - 1, size: Number(match[2]) };
}

export function createS3Store(config: S3StorageConfig): BlobStore {
  const client = new S3Client({
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default checksums (CRC32 trailers in aws-chunked bodies) are not understood by every
    // S3-compatible server; send and check them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function stat(key: string): Promise<BlobInfo> {
    assertValidKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (error) {
      throw status(error) === 404 ? new BlobNotFoundError(key) : error;
    }
  }

  return {
    driver: 's3',

    async put(key, body, options = {}) {
      assertValidKey(key);
      // Upload sends one PutObject for a small body and a multipart upload for a large one, part by part, so the
      // stream's length need not be known and never sits in memory whole. A multipart upload becomes visible
      // only when completed: readers see the old object or the new one.
      const counter = byteCounter();
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body.pipe(counter), ContentType: options.contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      body.once('error', (error) => counter.destroy(error));
      await upload.done();
      return { size: counter.bytes };
    },

    async get(key, options = {}) {
      assertValidKey(key);
      assertValidRange(options.range);
      const { range } = options;
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        const stream = res.Body instanceof Readable ? res.Body : Readable.from([]);
        const length = res.ContentLength ?? 0;
        let placed = { start: 0, end: length - 1, size: length };
        try {
          if (range) placed = placeRangedRead(res.ContentRange, length);
        } catch (error) {
          stream.destroy();
          throw error;
        }
        return { ...placed, contentType: res.ContentType ?? DEFAULT_CONTENT_TYPE, stream };
      } catch (error) {
        if (status(error) === 404) throw new BlobNotFoundError(key);
        if (status(error) === 416 && range) {
          throw new BlobRangeError(
            range,
            await stat(key).then(
              (s) => s.size,
              () => undefined,
            ),
          );
        }
        throw error;
      }
    },

    stat,

    exists: existsVia(stat),

    async delete(key) {
      assertValidKey(key);
      // S3 answers 204 whether or not the object existed.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    close: () => client.destroy(),
  };
}
