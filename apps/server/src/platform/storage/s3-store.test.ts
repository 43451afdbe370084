import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { blobStoreContract } from '../../test/blob-store-contract.js';
import { createStorage } from './create-storage.js';

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
