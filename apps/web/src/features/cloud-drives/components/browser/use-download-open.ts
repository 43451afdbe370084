import type { CloudFile } from '@bookshelf/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { loadFileContent, saveBlob, type LoadProgress } from '../../api/use-file-content';

export interface OpenProgress extends LoadProgress {
  file: CloudFile;
}

/**
 * Opening a file until the reader lands (issue 15): fetch it through the file cache and hand it to the browser
 * as a download, with progress on the way. One at a time; opening another cancels the first.
 */
export function useDownloadOpen() {
  const [progress, setProgress] = useState<OpenProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setProgress(null);
  }, []);

  const open = useCallback(async (file: CloudFile) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress({ file, loaded: 0, total: file.size });
    try {
      const blob = await loadFileContent(file, {
        signal: controller.signal,
        onProgress: (p) => {
          if (!controller.signal.aborted) setProgress({ file, ...p });
        },
      });
      if (!controller.signal.aborted) saveBlob(blob, file.name);
    } catch (error) {
      if (!controller.signal.aborted) {
        toast.error('Failed to open file', error instanceof Error ? error.message : errorMessage(error));
      }
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }, []);

  return { open, progress, cancel };
}
