import { ReadingMessages } from '@bookshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { fetchFileProgress } from '../../api/file-progress';
import { readingKeys } from '../../api/query-keys';
import { flushReadingQueue } from '../../api/reading-outbox';
import { queuedProgressOf, readQueue } from '../../lib/reading-queue';
import { resumePoint, type ResumePoint } from '../../lib/resume-point';
import { useLatest } from '../../lib/use-latest';

/**
 * On open: sends what was saved offline, and fetches the saved progress to resume at (core.md §7: 404 is
 * none). A failure says Failed to fetch file progress (§8) and the file still opens, at page 1 or where an
 * offline save left it.
 */
export function useOpeningProgress(fileId: string, enabled: boolean, onOpened: (resume: ResumePoint) => void) {
  const queryClient = useQueryClient();
  const opened = useLatest(onOpened);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // Read before the queue is sent: the server may not have it yet when the progress answers.
    const queued = queuedProgressOf(readQueue(), fileId);
    void flushReadingQueue().then((sent) => {
      if (sent) void queryClient.invalidateQueries({ queryKey: readingKeys.all });
    });
    fetchFileProgress(fileId, controller.signal).then(
      (saved) => opened.current(resumePoint(saved, queued)),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(ReadingMessages.fetchProgressFailed, errorMessage(error));
        opened.current(resumePoint(null, queued));
      },
    );
    return () => controller.abort();
  }, [enabled, fileId, opened, queryClient]);
}
