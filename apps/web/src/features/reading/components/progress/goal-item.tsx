import { goalPercent, ReadingMessages, UpdateGoalProgressRequestSchema, type ReadingGoal } from '@bookshelf/contract';
import { CircleCheck, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { iconButton } from '../../../../components/ui/button-styles';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { useUpdateGoalProgress } from '../../api/use-reading-goals';
import { formatCount } from './format';
import { GoalBar } from './goal-bar';
import { goalDates, goalTitle } from './goal-title';

/** One goal: its bar and figures, the Completed badge, and its two actions (update progress, delete). */
export function GoalItem({ goal, onDelete }: { goal: ReadingGoal; onDelete: (goal: ReadingGoal) => void }) {
  const [editing, setEditing] = useState(false);
  const title = goalTitle(goal);
  const percent = goalPercent(goal.progress, goal.target);
  const figures = `${formatCount(goal.progress)} of ${formatCount(goal.target)} ${goal.unit}`;
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {title}
            {goal.isCompleted && (
              <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900/60 dark:text-green-200">
                <CircleCheck aria-hidden className="size-3.5" />
                Completed
              </span>
            )}
          </p>
          <p className="text-xs text-gray-600 dark:text-gray-400">{goalDates(goal)}</p>
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={iconButton}
            aria-label={`Update progress of ${title}`}
            title="Update progress"
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
          >
            <Pencil aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Delete ${title}`}
            title="Delete goal"
            onClick={() => onDelete(goal)}
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
      </div>
      <GoalBar
        progress={goal.progress}
        target={goal.target}
        isCompleted={goal.isCompleted}
        label={`${title} progress`}
        valueText={`${figures}, ${percent}%`}
      />
      <p className="flex justify-between text-sm text-gray-700 tabular-nums dark:text-gray-300">
        <span>{figures}</span>
        <span>{percent}%</span>
      </p>
      {editing && <ProgressForm goal={goal} title={title} onDone={() => setEditing(false)} />}
    </li>
  );
}

/** PATCH {progress} (core.md §7): a count the reader corrects by hand, e.g. books read elsewhere. */
function ProgressForm({ goal, title, onDone }: { goal: ReadingGoal; title: string; onDone: () => void }) {
  const id = useId();
  const update = useUpdateGoalProgress();
  const [value, setValue] = useState(String(goal.progress));
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = UpdateGoalProgressRequestSchema.safeParse({
      progress: value.trim() === '' ? Number.NaN : Number(value),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { id: goal.id, progress: parsed.data.progress },
      {
        onSuccess: onDone,
        onError: (e) => toast({ type: 'error', title: ReadingMessages.updateGoalFailed, message: errorMessage(e) }),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
          Progress ({goal.unit})
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-label={`Progress (${goal.unit}) of ${title}`}
          disabled={update.isPending}
          onChange={(e) => setValue(e.target.value)}
          className={inputClass}
        />
      </div>
      <button type="submit" className={primaryButtonClass} disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save'}
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onDone}>
        Cancel
      </button>
      {error && (
        <p id={`${id}-error`} className="w-full text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
