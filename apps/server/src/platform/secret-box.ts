import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encrypts secrets at rest (drive tokens; SECURITY.md): AES-256-GCM with a random 96-bit nonce per value,
 * stored as `v1.<nonce>.<ciphertext>.<tag>` in base64url. GCM's tag makes a changed or swapped value fail to
 * open instead of decrypting to garbage.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws when the value was not sealed with this key or was altered. */
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  return {
    seal(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', nonce, body, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, nonce, body, tag, ...rest] = sealed.split('.');
      if (version !== 'v1' || nonce === undefined || body === undefined || tag === undefined || rest.length) {
        throw new Error('Not a sealed value');
      }
      // A full 16-byte tag only: GCM would otherwise check a truncated one, which is far easier to forge.
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), { authTagLength: 16 });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const KEY_FILE = 'encryption.key';

/**
 * ENCRYPTION_KEY (64 hex characters or 32 bytes in base64), or the key kept in DATA_DIR, made on first start
 * (readable by the server's user only). Losing that file loses the stored drive tokens: readers reconnect.
 */
export function loadEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return parseKey(configured);
  const file = path.join(dataDir, KEY_FILE);
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

export function parseKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64');
  return key;
}
