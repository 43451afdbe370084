import { ErrorCode } from '@bookshelf/contract';
import { AppError, notFound } from '../errors.js';
import { noAdmins, type AdminsPort } from './admins.js';
import { relationIn, type RelationshipsPort } from './relationships.js';
import { mayAccess, STRANGERS, type AccessAction, type Relation, type Resource, type Viewer } from './rules.js';

/**
 * How a feature's rows meet the rules: what each row is in the rules' terms, and the 404 text of the feature
 * (core.md §8) when a row is missing or hidden.
 */
export interface AccessPolicy<T> {
  resource(item: T): Resource;
  notFound: string;
}

const CHANGE_FORBIDDEN = 'You can see this but not change it.';
export const ADMIN_ONLY = 'Only an administrator of this Bookshelf can see this.';

/**
 * The one place that decides who may see or change what (decision 019). Routes load a resource, then ask
 * here; a resource the caller may not see answers 404 exactly like a missing one (DESIGN.md), so its
 * existence does not leak. Lists stay scoped in SQL, the efficient filter, and may pass what they loaded
 * through the batched forms.
 */
export function createAccess({
  relationships,
  admins = noAdmins,
}: {
  relationships: RelationshipsPort;
  /** Who administers the instance (decision 032); nobody when absent. */
  admins?: AdminsPort;
}) {
  async function relationsFor(viewer: Viewer, ownerIds: readonly string[]): Promise<ReadonlyMap<string, Relation>> {
    const others = [...new Set(ownerIds)].filter((id) => id !== viewer.userId);
    if (viewer.userId === null || others.length === 0) return new Map();
    return relationships.between(viewer.userId, others);
  }

  async function allowed(action: AccessAction, viewer: Viewer, resource: Resource): Promise<boolean> {
    if (viewer.userId === resource.ownerId) return mayAccess(action, viewer, resource, STRANGERS);
    const relations = await relationsFor(viewer, [resource.ownerId]);
    return mayAccess(action, viewer, resource, relationIn(relations, resource.ownerId));
  }

  async function filter<T extends S, S>(
    action: AccessAction,
    viewer: Viewer,
    items: readonly T[],
    policy: AccessPolicy<S>,
  ) {
    const resources = items.map((item) => policy.resource(item));
    const relations = await relationsFor(
      viewer,
      resources.map((r) => r.ownerId),
    );
    return items.filter((_, i) => {
      const resource = resources[i]!;
      return mayAccess(action, viewer, resource, relationIn(relations, resource.ownerId));
    });
  }

  return {
    /**
     * Instance-wide views that belong to no user (real users' page speed): administrators only. The caller
     * is signed in already (requireUser answered 401 otherwise); anyone else gets a 403, since the page's
     * existence is no secret.
     */
    async requireAdmin(viewer: Viewer): Promise<void> {
      if (viewer.userId === null || !(await admins.isAdmin(viewer.userId))) {
        throw new AppError(403, ErrorCode.forbidden, ADMIN_ONLY);
      }
    },

    canSee: (viewer: Viewer, resource: Resource) => allowed('see', viewer, resource),
    canChange: (viewer: Viewer, resource: Resource) => allowed('change', viewer, resource),

    /** The item, when the viewer may see it; otherwise the feature's 404, the same as for a missing one. */
    async requireVisible<T extends S, S>(viewer: Viewer, item: T | undefined, policy: AccessPolicy<S>): Promise<T> {
      if (item === undefined || !(await allowed('see', viewer, policy.resource(item)))) {
        throw notFound(policy.notFound);
      }
      return item;
    },

    /**
     * The item, when the viewer may change it. Hidden or missing is a 404; seen but not theirs to change is a
     * 403, which tells them nothing they could not already see.
     */
    async requireChangeable<T extends S, S>(viewer: Viewer, item: T | undefined, policy: AccessPolicy<S>): Promise<T> {
      if (item === undefined) throw notFound(policy.notFound);
      const resource = policy.resource(item);
      if (!(await allowed('see', viewer, resource))) throw notFound(policy.notFound);
      if (!(await allowed('change', viewer, resource))) {
        throw new AppError(403, ErrorCode.forbidden, CHANGE_FORBIDDEN);
      }
      return item;
    },

    /** The items of a list the viewer may see, in their order: one relationship lookup for all of them. */
    filterVisible: <T extends S, S>(viewer: Viewer, items: readonly T[], policy: AccessPolicy<S>) =>
      filter('see', viewer, items, policy),
    /** The items of a list the viewer may change, in their order. */
    filterChangeable: <T extends S, S>(viewer: Viewer, items: readonly T[], policy: AccessPolicy<S>) =>
      filter('change', viewer, items, policy),

    /**
     * Which of these ids the viewer may see (Immich's access repository, batched): `load` reads the rows of
     * those ids, whoever owns them; ids with no row, or a hidden one, are left out.
     */
    async visibleIds<T extends S & { id: string }, S>(
      viewer: Viewer,
      ids: readonly string[],
      load: (ids: readonly string[]) => Promise<readonly T[]>,
      policy: AccessPolicy<S>,
    ): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      return new Set((await filter('see', viewer, await load([...new Set(ids)]), policy)).map((item) => item.id));
    },
  };
}

export type Access = ReturnType<typeof createAccess>;

/** Owner-only today: a resource kept private to the user whose id it carries. */
export const ownedPrivately = (ownerId: string): Resource => ({ ownerId, visibility: 'private' });

export const viewerOf = (userId: string | null, linkSecret?: string): Viewer => ({ userId, linkSecret });
