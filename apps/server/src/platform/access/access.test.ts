import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createAccess, ownedPrivately, viewerOf, type AccessPolicy } from './access.js';
import { noRelationships, type RelationshipsPort } from './relationships.js';
import type { Relation, Visibility } from './rules.js';

interface Post {
  id: string;
  authorId: string;
  visibility: Visibility;
}
const posts: AccessPolicy<Post> = {
  resource: (p) => ({ ownerId: p.authorId, visibility: p.visibility }),
  notFound: 'Post not found',
};

/** Relationships given as data: ann is friends with bob and has blocked cat. Counts the lookups. */
function relationshipsOf(pairs: Record<string, Relation>) {
  const calls: string[][] = [];
  const port: RelationshipsPort = {
    between: (viewerId, ownerIds) => {
      calls.push([...ownerIds]);
      return Promise.resolve(
        new Map(ownerIds.flatMap((o) => (pairs[`${viewerId}>${o}`] ? [[o, pairs[`${viewerId}>${o}`]!]] : []))),
      );
    },
  };
  return { port, calls };
}
const social = () =>
  relationshipsOf({
    'bob>ann': { friends: true, blocked: false },
    'cat>ann': { friends: false, blocked: true },
  });

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.statusCode : 500),
  );

describe('access service', () => {
  it('answers 404 for a missing item and for one the viewer may not see, with the feature’s message', async () => {
    const access = createAccess({ relationships: noRelationships });
    const hidden = { id: 'p1', authorId: 'ann', visibility: 'private' as const };
    await expect(access.requireVisible(viewerOf('bob'), undefined, posts)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Post not found',
    });
    await expect(access.requireVisible(viewerOf('bob'), hidden, posts)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Post not found',
    });
    await expect(access.requireVisible(viewerOf('ann'), hidden, posts)).resolves.toBe(hidden);
  });

  it('answers 403 only to a change of something the viewer can already see', async () => {
    const access = createAccess({ relationships: noRelationships });
    const open = { id: 'p1', authorId: 'ann', visibility: 'public' as const };
    const hidden = { ...open, visibility: 'private' as const };
    expect(await status(access.requireChangeable(viewerOf('bob'), open, posts))).toBe(403);
    expect(await status(access.requireChangeable(viewerOf('bob'), hidden, posts))).toBe(404);
    expect(await status(access.requireChangeable(viewerOf('ann'), hidden, posts))).toBe(200);
  });

  it('knows no friendships or blocks today: a friends-only item is its owner’s alone', async () => {
    const access = createAccess({ relationships: noRelationships });
    expect(await access.canSee(viewerOf('bob'), { ownerId: 'ann', visibility: 'friends' })).toBe(false);
    expect(await access.canSee(viewerOf('ann'), ownedPrivately('ann'))).toBe(true);
  });

  it('follows the relationships its port reports: friends see, the blocked do not, even what is public', async () => {
    const access = createAccess({ relationships: social().port });
    expect(await access.canSee(viewerOf('bob'), { ownerId: 'ann', visibility: 'friends' })).toBe(true);
    expect(await access.canSee(viewerOf('cat'), { ownerId: 'ann', visibility: 'public' })).toBe(false);
    expect(await access.canSee(viewerOf(null), { ownerId: 'ann', visibility: 'public' })).toBe(true);
    expect(await access.canChange(viewerOf('bob'), { ownerId: 'ann', visibility: 'public' })).toBe(false);
  });

  it('checks a link item against the secret the viewer presents', async () => {
    const access = createAccess({ relationships: noRelationships });
    const shared = { ownerId: 'ann', visibility: 'link' as const, linkSecret: 'k3y' };
    expect(await access.canSee(viewerOf(null, 'k3y'), shared)).toBe(true);
    expect(await access.canSee(viewerOf('bob', 'k3x'), shared)).toBe(false);
  });

  it('filters a list in its order with one relationship lookup for all owners, none for the viewer’s own', async () => {
    const { port, calls } = social();
    const access = createAccess({ relationships: port });
    const list: Post[] = [
      { id: '1', authorId: 'ann', visibility: 'friends' },
      { id: '2', authorId: 'dan', visibility: 'friends' },
      { id: '3', authorId: 'bob', visibility: 'private' },
      { id: '4', authorId: 'ann', visibility: 'public' },
      { id: '5', authorId: 'dan', visibility: 'public' },
    ];
    expect((await access.filterVisible(viewerOf('bob'), list, posts)).map((p) => p.id)).toEqual(['1', '3', '4', '5']);
    expect(calls).toEqual([['ann', 'dan']]);
    expect(await access.filterChangeable(viewerOf('bob'), list, posts)).toEqual([list[2]]);
    expect(await access.filterVisible(viewerOf('cat'), list, posts)).toEqual([list[4]]);
  });

  it('answers which of a set of ids the viewer may see, whoever owns them', async () => {
    const access = createAccess({ relationships: social().port });
    const rows: Post[] = [
      { id: 'a', authorId: 'ann', visibility: 'friends' },
      { id: 'b', authorId: 'dan', visibility: 'private' },
    ];
    const load = (ids: readonly string[]) => Promise.resolve(rows.filter((r) => ids.includes(r.id)));
    expect(await access.visibleIds(viewerOf('bob'), ['a', 'b', 'missing', 'a'], load, posts)).toEqual(new Set(['a']));
    expect(await access.visibleIds(viewerOf('bob'), [], load, posts)).toEqual(new Set());
  });
});
