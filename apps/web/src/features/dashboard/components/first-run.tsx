import type { Job } from '@bookshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { BookPlus, Sparkles } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles';
import { JobProgress } from '../../../components/ui/job-progress';
import { announceSampleLibrary } from '../../../lib/jobs/sample-library';
import { toast } from '../../../lib/toast';
import { useLoadSampleLibrary } from '../api/use-load-sample-library';
import { ADD_BOOK_SEARCH, bookKeys } from '../../books/public';

const card = 'flex flex-col rounded-xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900';

/**
 * The dashboard of a library without a single book: rather than six zero counts, the ways to begin. Import
 * joins them when the import feature lands.
 */
export function FirstRun() {
  const loadSample = useLoadSampleLibrary();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string>();

  /** The load is a job: the answer names it, and the card follows its progress until it has finished. */
  function load() {
    loadSample.mutate(undefined, {
      onSuccess: (job) => setJobId(job.id),
      onError: (error) => toast.error('Could not load the sample library', error.message),
    });
  }

  const finished = useCallback(
    (job: Job) => {
      setJobId(undefined);
      void queryClient.invalidateQueries({ queryKey: bookKeys.all });
      announceSampleLibrary(job);
    },
    [queryClient],
  );

  return (
    <section aria-labelledby="first-run-title" className="space-y-4">
      <div>
        <h2 id="first-run-title" className="text-lg font-semibold">
          Start your library
        </h2>
        <p className="mt-1 text-gray-600 dark:text-gray-400">
          Bookshelf keeps track of the books you own, read, lend and wish for. Begin with one of these.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={card}>
          <BookPlus aria-hidden className="size-6 text-indigo-600 dark:text-indigo-400" />
          <h3 className="mt-3 font-semibold">Add your first book</h3>
          <p className="mt-1 flex-1 text-sm text-gray-600 dark:text-gray-400">
            Type in a book you own or are reading: a title and an author are enough.
          </p>
          {/* Only the address's search changes: the Add Book dialog opens over this page. */}
          <Link to={{ search: ADD_BOOK_SEARCH }} className={`${primaryButton} mt-4 self-start`}>
            Add Book
          </Link>
        </div>
        <div className={card}>
          <Sparkles aria-hidden className="size-6 text-indigo-600 dark:text-indigo-400" />
          <h3 className="mt-3 font-semibold">Look around with sample books</h3>
          <p className="mt-1 flex-1 text-sm text-gray-600 dark:text-gray-400">
            Load a sample library of 23 books to see the dashboard, the library and its filters at work.
          </p>
          {jobId ? (
            <div className="mt-4">
              <JobProgress jobId={jobId} label="Adding sample books" onFinished={finished} cancellable />
            </div>
          ) : (
            <button
              type="button"
              onClick={load}
              disabled={loadSample.isPending}
              className={`${secondaryButton} mt-4 self-start`}
            >
              {loadSample.isPending ? 'Loading sample library...' : 'Load sample library'}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
