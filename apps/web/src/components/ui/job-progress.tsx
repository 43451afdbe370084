import { isFinishedJob, type Job } from '@bookshelf/contract';
import { useEffect, useRef } from 'react';
import { useCancelJob } from '../../lib/jobs/use-cancel-job';
import { useJob } from '../../lib/jobs/use-job';
import { secondaryButton } from './button-styles';
import { ProgressBar } from './progress-bar';

interface JobProgressProps {
  jobId: string;
  /** What the job does, while it has not said more ("Adding sample books"). */
  label: string;
  /** Called once when the job has finished, whichever way (succeeded, dead or cancelled). */
  onFinished: (job: Job) => void;
  /** Offers a Cancel button: the job stops at its next step, and onFinished hears of it as cancelled. */
  cancellable?: boolean;
}

/** A running job's phase and count ("Adding sample books… 20 of 23") with its bar. */
export function JobProgress({ jobId, label, onFinished, cancellable = false }: JobProgressProps) {
  const job = useJob(jobId).data;
  const cancel = useCancelJob(jobId);
  const told = useRef(false);
  useEffect(() => {
    if (!job || told.current || !isFinishedJob(job)) return;
    told.current = true;
    onFinished(job);
  }, [job, onFinished]);

  const phase = job?.progress.phase ?? label;
  const current = job?.progress.current ?? 0;
  const total = job?.progress.total ?? null;
  const text = total === null ? `${phase}…` : `${phase}… ${current} of ${total}`;
  return (
    <div className="w-full max-w-xs space-y-1.5">
      <p aria-live="polite" className="text-sm text-gray-600 dark:text-gray-400">
        {text}
      </p>
      <ProgressBar value={current} max={total ?? 0} label={label} valueText={text} />
      {cancellable && (
        <button
          type="button"
          onClick={() => cancel.mutate()}
          disabled={cancel.isPending || cancel.isSuccess || (job !== undefined && isFinishedJob(job))}
          aria-label={`Cancel: ${label}`}
          className={`${secondaryButton} mt-1`}
        >
          {cancel.isPending || cancel.isSuccess ? 'Cancelling...' : 'Cancel'}
        </button>
      )}
    </div>
  );
}
