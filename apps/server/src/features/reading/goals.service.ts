import {
  GOAL_UNITS,
  ReaderLimits,
  ReadingMessages,
  type CreateReadingGoalRequest,
  type GoalType,
  type ReadingGoal,
} from '@bookshelf/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { Access } from '../../platform/access/access.js';
import { invalidField, notFound } from '../../platform/errors.js';
import { INT_MAX, type GoalRow, type GoalsRepository } from './goals.repository.js';
import { GOALS } from './reading-access.js';
import type { ReadingPorts } from './reading.ports.js';

/**
 * Reading goals (core.md §3 ReadingGoal, §4 Goals; issue 15). Progress is never stored: it is computed when
 * read, from the reader's sessions on the goal's days (pages, whole minutes) or the books they finished then
 * (the books feature counts them), plus the adjustment a PATCH leaves (decision 051).
 */
export function createGoalsService({
  db,
  goals,
  access,
  ports,
}: {
  db: Database;
  goals: GoalsRepository;
  access: Access;
  ports: Pick<ReadingPorts, 'countReadBooks'>;
}) {
  /** Each goal's computed progress, before adjustment; books goals ask the books feature, once for all. */
  async function computed(userId: string, rows: readonly GoalRow[], timeZone: string): Promise<number[]> {
    const booksGoals = rows.filter((r) => r.type === 'books');
    const counts = await ports.countReadBooks(userId, booksGoals, timeZone);
    const byId = new Map(booksGoals.map((g, i) => [g.id, counts[i] ?? 0]));
    return rows.map((r) => (r.type === 'books' ? (byId.get(r.id) ?? 0) : r.fromSessions));
  }

  async function list(userId: string, timeZone: string, id?: string): Promise<ReadingGoal[]> {
    const rows = await goals.goals(userId, timeZone, id);
    const values = await computed(userId, rows, timeZone);
    return rows.map((row, i) => {
      // Sessions past any real reading (pages summing beyond the int range) show as the most an int holds.
      const progress = Math.min(INT_MAX, Math.max(0, values[i]! + row.progressAdjustment));
      return {
        id: row.id,
        type: row.type as GoalType,
        target: row.target,
        progress,
        unit: row.unit,
        startDate: row.startDate,
        endDate: row.endDate,
        isCompleted: progress >= row.target,
      };
    });
  }

  async function one(userId: string, id: string, timeZone: string): Promise<ReadingGoal> {
    const [goal] = await list(userId, timeZone, id);
    if (!goal) throw notFound(ReadingMessages.goalNotFound);
    return goal;
  }

  return {
    list,

    /** The body's progress and isCompleted are accepted and ignored: both follow the reader's reading. */
    async create(userId: string, body: CreateReadingGoalRequest, timeZone: string): Promise<ReadingGoal> {
      const id = await inTransaction(db, (tx) =>
        goals.create(
          {
            userId,
            type: body.type,
            target: body.target,
            unit: body.unit || GOAL_UNITS[body.type],
            startDate: body.startDate,
            endDate: body.endDate,
          },
          ReaderLimits.goalsMax,
          tx,
        ),
      );
      if (!id) throw invalidField('body.type', ReadingMessages.goalsFull);
      return one(userId, id, timeZone);
    },

    /** Sets the progress shown now; the reader's later sessions (or finished books) add to it. */
    async setProgress(userId: string, id: string, progress: number, timeZone: string): Promise<ReadingGoal> {
      const goal = await access.requireChangeable({ userId }, await goals.goal(id), GOALS);
      const [books = 0] =
        goal.type === 'books'
          ? await ports.countReadBooks(userId, await goals.goals(userId, timeZone, id), timeZone)
          : [];
      if (!(await goals.setProgress(userId, id, progress, timeZone, books))) {
        throw notFound(ReadingMessages.goalNotFound);
      }
      return one(userId, id, timeZone);
    },

    async remove(userId: string, id: string): Promise<void> {
      await access.requireChangeable({ userId }, await goals.goal(id), GOALS);
      if (!(await goals.remove(userId, id))) throw notFound(ReadingMessages.goalNotFound);
    },
  };
}

export type GoalsService = ReturnType<typeof createGoalsService>;
