import { ReadingPaths, type CreateReadingGoalRequest } from '@bookshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillReadingPath, progressRequest } from './progress-request';
import { readingKeys } from './query-keys';

const loadListSchema = () => import('./progress-schemas').then((m) => m.ReadingGoalListSchema);
const loadGoalSchema = () => import('./progress-schemas').then((m) => m.ReadingGoalSchema);
const loadNothing = () => import('zod/mini').then(({ z }) => z.undefined());

export const useReadingGoals = (userId: string) =>
  useQuery({
    queryKey: readingKeys.goals(),
    queryFn: ({ signal }) =>
      progressRequest(fillReadingPath(ReadingPaths.goals, { userId }), loadListSchema, { signal }),
  });

/** After any goal change the goals refresh; achievements and stats do not depend on goals. */
function useGoalMutation<T>(mutationFn: (value: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: readingKeys.goals() }),
  });
}

/** core.md §7: the goal's fields plus progress 0 and isCompleted false. */
export const useCreateGoal = () =>
  useGoalMutation((body: CreateReadingGoalRequest) =>
    progressRequest(ReadingPaths.createGoal, loadGoalSchema, {
      method: 'POST',
      body: { ...body, progress: 0, isCompleted: false },
    }),
  );

export const useUpdateGoalProgress = () =>
  useGoalMutation(({ id, progress }: { id: string; progress: number }) =>
    progressRequest(fillReadingPath(ReadingPaths.goal, { id }), loadGoalSchema, {
      method: 'PATCH',
      body: { progress },
    }),
  );

export const useDeleteGoal = () =>
  useGoalMutation((id: string) =>
    progressRequest(fillReadingPath(ReadingPaths.goal, { id }), loadNothing, { method: 'DELETE' }),
  );
