import { afterEach, describe, expect, it } from 'vitest';
import { FileCache } from './file-cache';
import { fileCache, setFileCacheForTests } from './file-cache-instance';
import { createMemoryStore } from './file-cache-memory';
import { forgetLocalFiles } from './forget-local-files';
import { fileAccessTimes, recordFileAccess } from './prefetch-access-log';

describe('forgetLocalFiles (sign-out)', () => {
  afterEach(() => setFileCacheForTests(null));

  it('empties the file cache and the record of opened files', async () => {
    setFileCacheForTests(new FileCache(createMemoryStore()));
    const metadata = { fileId: 'uploads_1', fileName: 'a.txt', fileType: 'txt', contentType: 'text/plain' };
    expect(await fileCache().put('uploads_1:1', new Blob(['private']), metadata)).toBe(true);
    recordFileAccess('uploads_1');

    await forgetLocalFiles();

    expect(await fileCache().keys()).toEqual([]);
    expect(fileAccessTimes().size).toBe(0);
  });
});
