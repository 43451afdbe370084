import type { FastifyReply } from 'fastify';

/** RFC 5987's attr-char: everything else is percent-encoded in `filename*`. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` or `inline` with the file's name: a plain-ASCII `filename` for old clients (anything that could
 * end the quoted string or the header, or is not printable ASCII, becomes `_`) and the exact name as UTF-8 in
 * `filename*` (RFC 6266).
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\/;%]/g, '_').trim() || 'download';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * A file's bytes are whatever its owner put there: the browser must not guess another type from them, and a
 * document opened on its own address runs no script and gets no origin (CSP sandbox).
 */
export function untrustedFileHeaders(reply: FastifyReply, cacheControl: string): FastifyReply {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', cacheControl);
}
