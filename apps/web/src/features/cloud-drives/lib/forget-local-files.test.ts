import { afterEach, describe, expect, it } from 'vitest';
import { FileCache } from './file-cache';
import { fileCache, setFileCacheForTests } from './file-cache-instance';
import { createMemoryStore } from './file-cache-memory';
import { forgetCachedFiles, forgetLocalFiles } from './forget-local-files';
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

  it('drops a disconnected drive’s files and keeps the others', async () => {
    setFileCacheForTests(new FileCache(createMemoryStore()));
    const meta = (fileId: string) => ({ fileId, fileName: 'a.pdf', fileType: 'pdf', contentType: 'application/pdf' });
    await fileCache().put('google_1:2026-01-01T00:00:00.000Z', new Blob(['a']), meta('google_1'));
    await fileCache().put('google_1:2026-02-01T00:00:00.000Z', new Blob(['b']), meta('google_1'));
    await fileCache().put('onedrive_2:2026-01-01T00:00:00.000Z', new Blob(['c']), meta('onedrive_2'));

    await forgetCachedFiles(['google_1']);

    expect(await fileCache().keys()).toEqual(['onedrive_2:2026-01-01T00:00:00.000Z']);
  });
});
