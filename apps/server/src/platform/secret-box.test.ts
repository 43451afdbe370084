import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, loadEncryptionKey, parseKey } from './secret-box.js';

const key = Buffer.alloc(32, 7);

describe('secret box', () => {
  it('opens what it sealed, with a new nonce each time', () => {
    const box = createSecretBox(key);
    const a = box.seal('ya29.token');
    const b = box.seal('ya29.token');
    expect(a).not.toBe(b);
    expect(a).not.toContain('ya29');
    expect(box.open(a)).toBe('ya29.token');
  });

  it('refuses a changed value and another key', () => {
    const sealed = createSecretBox(key).seal('secret');
    const parts = sealed.split('.');
    parts[2] = Buffer.from('SECRET').toString('base64url');
    expect(() => createSecretBox(key).open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(() => createSecretBox(key).open('plain')).toThrow(/Not a sealed value/);
    // The tag cut to 4 bytes, which GCM would check as such without a fixed tag length.
    const [v, nonce, body, tag] = sealed.split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => createSecretBox(key).open([v, nonce, body, short].join('.'))).toThrow();
  });

  it('takes 64 hex characters or base64, and nothing shorter', () => {
    expect(parseKey('00'.repeat(32))).toHaveLength(32);
    expect(parseKey(Buffer.alloc(32, 1).toString('base64'))).toHaveLength(32);
    expect(() => parseKey('abc')).toThrow(/32 bytes/);
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});

describe('loadEncryptionKey', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('generates a key into DATA_DIR once, readable by its owner only, and reads it back', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-key-'));
    dirs.push(dir);
    const first = loadEncryptionKey(undefined, dir);
    const file = path.join(dir, 'encryption.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('hex'));
    expect(loadEncryptionKey(undefined, dir).equals(first)).toBe(true);
  });

  it('prefers ENCRYPTION_KEY', () => {
    expect(loadEncryptionKey('11'.repeat(32), '/nonexistent').equals(Buffer.alloc(32, 0x11))).toBe(true);
  });
});
