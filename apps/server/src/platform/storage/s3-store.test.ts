import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { blobStoreContract } from '../../test/blob-store-contract.js';
import { createStorage } from './create-storage.js';
import { createS3Store } from './s3-store.js';

// A real S3-protocol server (s3rver) on 127.0.0.1 with a random port, its objects in a temporary folder. It runs
// in its own process so that the memory the contract measures is the driver's, not the server's.
const S3RVER = `
  import S3rver from 's3rver';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1],
    configureBuckets: [{ name: 'bookshelf' }] });
  const { port } = await server.run();
  console.log(port);
`;

blobStoreContract('s3', async () => {
  const directory = await mkdtemp(path.join(tmpdir(), 'bookshelf-s3rver-'));
  const server = spawn(process.execPath, ['--input-type=module', '-e', S3RVER, directory], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [firstLine] = (await once(server.stdout, 'data')) as [Buffer];
  const port = Number(firstLine.toString().trim());
  const store = createStorage({
    dataDir: directory,
    s3: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'bookshelf',
      // s3rver checks signatures against its fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
  });
  expect(store.driver).toBe('s3');
  return {
    store,
    async cleanup() {
      store.close();
      server.kill();
      await once(server, 'exit');
      await rm(directory, { recursive: true, force: true });
    },
  };
});

/** An S3 endpoint that answers every GET with `answer` (what a non-conforming server sends to a Range). */
async function oddS3Server(answer: { status: number; headers: Record<string, string>; body: string }) {
  const server = createServer((_req, res) =>
    res
      .writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) })
      .end(answer.body),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const store = createS3Store({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'us-east-1',
    bucket: 'odd',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
    forcePathStyle: true,
  });
  return { store, close: () => new Promise((resolve) => server.close(resolve)) };
}

it('takes a 200 answer to a ranged read as the whole object from its first byte', async () => {
  const odd = await oddS3Server({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'whole object' });
  try {
    const read = await odd.store.get('k', { range: { start: 2, end: 4 } });
    expect({ size: read.size, start: read.start, end: read.end }).toEqual({ size: 12, start: 0, end: 11 });
    expect((await read.stream.toArray()).join('')).toBe('whole object');
  } finally {
    await odd.close();
  }
});

it('refuses a ranged read whose Content-Range does not give the size, instead of a size of NaN', async () => {
  const odd = await oddS3Server({ status: 206, headers: { 'content-range': 'bytes 2-4/*' }, body: 'ole' });
  try {
    await expect(odd.store.get('k', { range: { start: 2, end: 4 } })).rejects.toThrow(
      'Content-Range we cannot use: bytes 2-4/*',
    );
  } finally {
    await odd.close();
  }
});
