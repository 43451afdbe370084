import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

it('logs a drive popup’s return without its OAuth code and state', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const t = await createTestApp({ startJobs: false, logger: { level: 'info', stream } });
  try {
    await t.app.inject({ method: 'GET', url: '/oauth/callback/google?code=4%2F0-the-code&state=the-state' });
  } finally {
    await t.close();
  }
  const logged = lines.join('');
  expect(logged).toContain('/oauth/callback/google?code=[redacted]&state=[redacted]');
  expect(logged).not.toContain('the-code');
  expect(logged).not.toContain('the-state');
});

it('logs a shared wishlist’s request without its token (issue 27)', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const t = await createTestApp({ startJobs: false, logger: { level: 'info', stream } });
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/wishlist/shared/the-share-token-123' });
    expect(res.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/wishlist/the-share-token-123' });
  } finally {
    await t.close();
  }
  const logged = lines.join('');
  expect(logged).toContain('/api/wishlist/shared/[redacted]');
  expect(logged).not.toContain('the-share-token-123');
});
