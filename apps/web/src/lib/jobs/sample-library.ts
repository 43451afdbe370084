import type { Job } from '@bookshelf/contract';
import { toast } from '../toast';
import { jobResultNumber } from './job-result';

/**
 * What the reader is told when the sample library's job has finished, whichever way it ended. Shared by the
 * first dashboard and the empty library, the two places that offer the sample library.
 */
export function announceSampleLibrary(job: Job): void {
  const added = jobResultNumber(job, 'added');
  if (added !== undefined)
    toast.success('Sample library loaded', `${added === 1 ? '1 book' : `${added} books`} added to your library.`);
  else if (job.state === 'cancelled')
    toast.info('Stopped loading the sample library', 'The books added so far stay. Load it again to add the rest.');
  else toast.error('Could not load the sample library', job.error ?? 'The job did not finish.');
}
