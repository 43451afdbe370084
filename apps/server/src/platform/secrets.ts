import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret for a cookie, link or API token: 32 bytes, URL-safe. */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Secrets are stored as their SHA-256: a leaked database then holds no usable session, token or link.
 * A fast hash is right here (unlike passwords) because the secrets have 256 bits of entropy. Every request
 * with a session hashes its cookie: the one-shot `hash` takes 0.8 µs where createHash…digest took 2.0.
 */
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

/** Compares two strings without leaking, through timing, how much of them matched. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
