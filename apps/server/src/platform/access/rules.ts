import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may see a resource besides its owner (social.md §3's privacy choices): nobody, the owner's friends,
 * everyone, or whoever presents the resource's link secret.
 */
export const VISIBILITIES = ['private', 'friends', 'public', 'link'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export type AccessAction = 'see' | 'change';

/** The caller: a signed-in user, or a visitor (userId null); either may present a link secret. */
export interface Viewer {
  userId: string | null;
  linkSecret?: string | undefined;
}

/** What the rules need to know about a resource; a feature describes its rows in these terms. */
export interface Resource {
  ownerId: string;
  visibility: Visibility;
  /** The secret of a `link` resource's share link; without one a link resource is seen by its owner only. */
  linkSecret?: string | null | undefined;
  /** Users the owner lets change it (collaborators, co-editors); none today. */
  editorIds?: readonly string[] | undefined;
}

/** How the viewer and the resource's owner stand to each other. A block either way counts. */
export interface Relation {
  friends: boolean;
  blocked: boolean;
}

export const STRANGERS: Relation = { friends: false, blocked: false };

const digest = (secret: string) => createHash('sha256').update(secret).digest();
/** Compares in constant time, so the answer's timing does not tell how much of a guessed secret was right. */
const sameSecret = (presented: string | undefined, expected: string | null | undefined) =>
  !!presented && !!expected && timingSafeEqual(digest(presented), digest(expected));

/**
 * The access rule, pure: may this viewer do this to this resource, given how they stand to its owner.
 * - The owner may always see and change their own.
 * - A block, either way, hides everything from the other, even what is public, and stops any change.
 * - Changing is for the owner and the editors the resource names.
 * - Seeing follows the visibility: public to all, friends to the owner's friends, link to whoever presents
 *   the link's secret, private to nobody else. Editors see what they may change.
 */
export function mayAccess(action: AccessAction, viewer: Viewer, resource: Resource, relation: Relation): boolean {
  const { userId } = viewer;
  if (userId !== null && userId === resource.ownerId) return true;
  if (relation.blocked) return false;
  const isEditor = userId !== null && (resource.editorIds?.includes(userId) ?? false);
  if (action === 'change' || isEditor) return isEditor;
  switch (resource.visibility) {
    case 'public':
      return true;
    case 'friends':
      return userId !== null && relation.friends;
    case 'link':
      return sameSecret(viewer.linkSecret, resource.linkSecret);
    case 'private':
      return false;
  }
}
