import type { FastifyReply } from 'fastify';

/** The encodings we send, in our order of preference (smallest body first). */
export type ContentCoding = 'br' | 'gzip' | 'identity';
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

type Weights = ReadonlyMap<string, number>;
const parsed = new Map<string, Weights>();
const PARSED_LIMIT = 256;

/** Accept-Encoding as coding → q (RFC 9110 §12.5.3); parsed once per distinct header, browsers send few. */
function weightsOf(header: string): Weights {
  let weights = parsed.get(header);
  if (weights) return weights;
  const map = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([01](?:\.\d{0,3})?)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    map.set(name === 'x-gzip' ? 'gzip' : name, Math.min(q, 1));
  }
  weights = map;
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  parsed.set(header, weights);
  return weights;
}

function weightOf(weights: Weights, coding: ContentCoding): number {
  const own = weights.get(coding);
  if (own !== undefined) return own;
  const any = weights.get('*');
  if (any !== undefined) return any;
  // Identity is acceptable unless refused by name or by "*;q=0"; other codings only when named.
  return coding === 'identity' ? 1 : 0;
}

/**
 * The coding to send among those `available` (listed in any order): br if the client accepts it, else gzip,
 * else identity. A q-value only says whether a coding is acceptable (q=0 refuses it): the smaller body wins
 * over a client's mild preference. Without Accept-Encoding only identity is chosen. When the client refuses
 * everything on offer the answer is identity anyway: an answer it may reject beats a 406 for a page.
 */
export function chooseCoding(
  header: string | string[] | undefined,
  available: readonly ContentCoding[],
): ContentCoding {
  if (header === undefined || available.length === 1) return 'identity';
  const weights = weightsOf(Array.isArray(header) ? header.join(',') : header);
  for (const coding of PREFERENCE) if (available.includes(coding) && weightOf(weights, coding) > 0) return coding;
  return 'identity';
}

/** Adds Accept-Encoding to the answer's Vary, keeping what other code put there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined || current === '') {
    reply.header('vary', 'Accept-Encoding');
    return;
  }
  const value = Array.isArray(current) ? current.join(', ') : String(current);
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) return;
  reply.header('vary', `${value}, Accept-Encoding`);
}
