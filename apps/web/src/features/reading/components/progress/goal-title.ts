import type { ReadingGoal } from '@bookshelf/contract';
import { formatCount, formatDay } from './format';

/** "Read 20 books", the goal's name in the list, its bar and its buttons. */
export const goalTitle = (goal: Pick<ReadingGoal, 'target' | 'unit'>) =>
  `Read ${formatCount(goal.target)} ${goal.unit}`;

export const goalDates = (goal: Pick<ReadingGoal, 'startDate' | 'endDate'>) =>
  `${formatDay(goal.startDate)} – ${formatDay(goal.endDate)}`;
