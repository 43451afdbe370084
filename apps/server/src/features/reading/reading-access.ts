import { ReadingMessages } from '@bookshelf/contract';
import { ownedPrivately, type Access, type AccessPolicy } from '../../platform/access/access.js';

/**
 * Reading progress is its reader's alone (issue 15), decided by the one access module (decision 019): another
 * reader's statistics, bookmark or goal answers 404 exactly like a missing one, never 403.
 */
const readerPolicy = (notFound: string): AccessPolicy<{ userId: string }> => ({
  resource: (row) => ownedPrivately(row.userId),
  notFound,
});

const PAGES = readerPolicy(ReadingMessages.otherUser);
export const BOOKMARKS = readerPolicy(ReadingMessages.bookmarkNotFound);
export const GOALS = readerPolicy(ReadingMessages.goalNotFound);

/** Resolves when the `{userId}` of a path is the caller's own; another reader's is a 404. */
export async function requireSelf(access: Access, callerId: string, pathUserId: string): Promise<void> {
  await access.requireVisible({ userId: callerId }, { userId: pathUserId.toLowerCase() }, PAGES);
}
