import type { ReadingGoal } from '@bookshelf/contract';
import { Plus, Target } from 'lucide-react';
import { useState } from 'react';
import { primaryButton } from '../../../../components/ui/button-styles';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { useDeleteGoal } from '../../api/use-reading-goals';
import { DeleteGoalDialog } from './delete-goal-dialog';
import { GoalItem } from './goal-item';
import { NewGoalDialog } from './new-goal-dialog';
import { SectionCard } from './section-card';

/** Reading Goals with New Goal (core.md §2). */
export function GoalsSection({ goals, timeZone }: { goals: readonly ReadingGoal[]; timeZone: string }) {
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ReadingGoal | null>(null);
  const remove = useDeleteGoal();

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: (error) => {
        setDeleting(null);
        toast({ type: 'error', title: 'Failed to delete reading goal', message: errorMessage(error) });
      },
    });
  }

  return (
    <SectionCard
      title="Reading Goals"
      action={
        <button type="button" className={primaryButton} onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" />
          New Goal
        </button>
      }
    >
      {goals.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-gray-600 dark:text-gray-400">
          <Target aria-hidden className="size-8 text-gray-400 dark:text-gray-500" />
          <p>No reading goals yet. Set one to keep yourself on track.</p>
        </div>
      ) : (
        <ul aria-label="Reading goals" className="divide-y divide-gray-200 dark:divide-gray-800">
          {goals.map((goal) => (
            <GoalItem key={goal.id} goal={goal} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <NewGoalDialog open={creating} onOpenChange={setCreating} timeZone={timeZone} />
      <DeleteGoalDialog
        goal={deleting}
        busy={remove.isPending}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </SectionCard>
  );
}
