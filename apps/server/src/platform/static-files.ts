import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseCoding, varyOnAcceptEncoding, type ContentCoding } from './content-coding.js';

/**
 * The built web app, held in memory with its precompressed variants (decision 024). The build never
 * changes while the server runs and is small (about 2 MB with its .br and .gz copies), so each answer is a
 * Buffer written in one go: no stat, open or stream per request.
 */
export interface StaticFile {
  /** The identity bytes (Range answers are cut from these). */
  body: Buffer;
  type: string;
  cacheControl: string;
  lastModified: string;
  /** Last-Modified in whole seconds, for If-Modified-Since. */
  modifiedSeconds: number;
  codings: ContentCoding[];
  variants: Partial<Record<ContentCoding, { body: Buffer; etag: string }>>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
};

const SUFFIX: Record<Exclude<ContentCoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite puts content-hashed files under /assets; everything there may be cached for a year. */
const cacheControlOf = (urlPath: string) => (urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache');

function listFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dot files and folders (the build stamp, Vite's .vite manifest) are the build's, not the browser's.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/** Reads the build: URL path (/assets/index-abc.js) → the file and its variants. */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const all = listFiles(root);
  const present = new Set(all);
  const files = new Map<string, StaticFile>();
  for (const file of all) {
    // A .br or .gz beside its original is a variant of it, not a file of its own.
    const variantOf = /\.(?:br|gz)$/.exec(file) ? file.slice(0, -3) : undefined;
    if (variantOf && present.has(variantOf)) continue;
    const urlPath = '/' + path.relative(root, file).split(path.sep).join('/');
    const body = readFileSync(file);
    const stat = statSync(file);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    const entry: StaticFile = {
      body,
      type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: cacheControlOf(urlPath),
      lastModified: stat.mtime.toUTCString(),
      modifiedSeconds: Math.floor(stat.mtimeMs / 1000),
      codings: ['identity'],
      // One ETag per variant: caches must not mix a compressed body up with the identity one.
      variants: { identity: { body, etag: `"${hash}"` } },
    };
    for (const coding of ['br', 'gzip'] as const) {
      const variant = file + SUFFIX[coding];
      if (!present.has(variant)) continue;
      entry.codings.push(coding);
      entry.variants[coding] = { body: readFileSync(variant), etag: `"${hash}-${coding === 'br' ? 'br' : 'gz'}"` };
    }
    files.set(urlPath, entry);
  }
  return files;
}

/** If-None-Match against one ETag, by the weak comparison RFC 9110 §13.1.2 asks for. */
function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A single `bytes=` range of a body of `size` bytes; null when unsatisfiable, undefined when ignored. */
function parseRange(header: string, size: number): { start: number; end: number } | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: RFC 9110 lets a server ignore Range and send the whole file.
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return undefined;
  if (start >= size) return null;
  return { start, end };
}

/** If-Range holds when it names the identity's strong ETag or the exact Last-Modified date. */
function ifRangeHolds(header: string | string[] | undefined, file: StaticFile): boolean {
  if (header === undefined) return true;
  const value = String(header).trim();
  return value === file.variants.identity!.etag || value === file.lastModified;
}

/**
 * Answers GET or HEAD for a built file: 304 when the client's copy is current, a 206 slice of the identity
 * bytes for a Range (never compressed: Content-Range counts the file's own bytes), else the variant the
 * client's Accept-Encoding prefers, with Vary so a shared cache keeps them apart.
 */
export function sendStaticFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  { ranges = true }: { ranges?: boolean } = {},
): FastifyReply {
  const headers = request.headers;
  const coding = chooseCoding(headers['accept-encoding'], file.codings);
  const variant = file.variants[coding]!;
  reply.header('cache-control', file.cacheControl).header('last-modified', file.lastModified);
  if (file.codings.length > 1) varyOnAcceptEncoding(reply);

  const ifNoneMatch = headers['if-none-match'];
  const ifModifiedSince = headers['if-modified-since'];
  if (
    ifNoneMatch !== undefined
      ? noneMatch(ifNoneMatch, variant.etag)
      : ifModifiedSince !== undefined && file.modifiedSeconds * 1000 <= Date.parse(ifModifiedSince)
  ) {
    return reply.code(304).header('etag', variant.etag).send();
  }

  reply.header('content-type', file.type);
  if (ranges) reply.header('accept-ranges', 'bytes');
  const range = ranges && request.method === 'GET' ? headers.range : undefined;
  if (range !== undefined && ifRangeHolds(headers['if-range'], file)) {
    const size = file.body.length;
    const wanted = parseRange(range, size);
    if (wanted === null) {
      return reply.code(416).header('content-range', `bytes */${size}`).header('content-length', 0).send();
    }
    if (wanted) {
      const slice = file.body.subarray(wanted.start, wanted.end + 1);
      return reply
        .code(206)
        .header('etag', file.variants.identity!.etag)
        .header('content-range', `bytes ${wanted.start}-${wanted.end}/${size}`)
        .header('content-length', slice.length)
        .send(slice);
    }
  }

  reply.header('etag', variant.etag).header('content-length', variant.body.length);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  // For HEAD the length above stays and no body goes out.
  return request.method === 'HEAD' ? reply.send() : reply.send(variant.body);
}
