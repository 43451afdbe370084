import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mayAccess,
  STRANGERS,
  VISIBILITIES,
  type AccessAction,
  type Relation,
  type Resource,
  type Viewer,
} from './rules.js';

const OWNER = 'owner';
const users = fc.constantFrom('owner', 'friend', 'stranger', 'editor');
const viewers = fc.record({
  userId: fc.option(users, { nil: null }),
  linkSecret: fc.option(fc.constantFrom('s3cret', 'guess', ''), { nil: undefined }),
});
const resources = fc.record({
  ownerId: fc.constant(OWNER),
  visibility: fc.constantFrom(...VISIBILITIES),
  linkSecret: fc.option(fc.constantFrom('s3cret', 'other'), { nil: null }),
  editorIds: fc.option(fc.subarray(['editor', 'friend']), { nil: undefined }),
});
const relations = fc.record({ friends: fc.boolean(), blocked: fc.boolean() });
const actions = fc.constantFrom<AccessAction>('see', 'change');

const property = (check: (action: AccessAction, viewer: Viewer, resource: Resource, relation: Relation) => void) =>
  fc.assert(fc.property(actions, viewers, resources, relations, check));
const isEditor = (viewer: Viewer, resource: Resource) =>
  viewer.userId !== null && (resource.editorIds?.includes(viewer.userId) ?? false);

describe('access rules', () => {
  it('lets an owner see and change their own, whatever the visibility or relation', () => {
    property((action, viewer, resource, relation) => {
      if (viewer.userId === OWNER) expect(mayAccess(action, viewer, resource, relation)).toBe(true);
    });
  });

  it('never lets anyone else through a block, either way, even to something public', () => {
    property((action, viewer, resource, relation) => {
      if (viewer.userId !== OWNER && relation.blocked) {
        expect(mayAccess(action, viewer, resource, relation)).toBe(false);
      }
    });
  });

  it('keeps a private resource from everyone but its owner and editors', () => {
    property((action, viewer, resource, relation) => {
      const editor = isEditor(viewer, resource);
      if (resource.visibility === 'private' && viewer.userId !== OWNER && !editor) {
        expect(mayAccess(action, viewer, resource, relation)).toBe(false);
      }
    });
  });

  it('lets only the owner and named editors change, whatever the visibility', () => {
    property((_action, viewer, resource, relation) => {
      const editor = isEditor(viewer, resource);
      expect(mayAccess('change', viewer, resource, relation)).toBe(
        viewer.userId === OWNER || (editor && !relation.blocked),
      );
    });
  });

  it('shows a friends-only resource to signed-in friends, never to visitors or strangers', () => {
    property((_action, viewer, resource, relation) => {
      const editor = isEditor(viewer, resource);
      if (resource.visibility !== 'friends' || viewer.userId === OWNER || editor) return;
      expect(mayAccess('see', viewer, resource, relation)).toBe(
        viewer.userId !== null && relation.friends && !relation.blocked,
      );
    });
  });

  it('shows a link resource to whoever presents its secret, and to no one when it has none', () => {
    property((_action, viewer, resource, relation) => {
      const editor = isEditor(viewer, resource);
      if (resource.visibility !== 'link' || viewer.userId === OWNER || editor || relation.blocked) return;
      const presented = !!resource.linkSecret && viewer.linkSecret === resource.linkSecret;
      expect(mayAccess('see', viewer, resource, relation)).toBe(presented);
    });
  });

  it('shows a public resource to visitors and strangers alike', () => {
    const resource: Resource = { ownerId: OWNER, visibility: 'public' };
    expect(mayAccess('see', { userId: null }, resource, STRANGERS)).toBe(true);
    expect(mayAccess('see', { userId: 'stranger' }, resource, STRANGERS)).toBe(true);
    expect(mayAccess('change', { userId: 'stranger' }, resource, STRANGERS)).toBe(false);
  });

  it('does not take an empty presented secret for an empty stored one', () => {
    const resource: Resource = { ownerId: OWNER, visibility: 'link', linkSecret: '' };
    expect(mayAccess('see', { userId: null, linkSecret: '' }, resource, STRANGERS)).toBe(false);
  });

  it('treats a friend of the owner as a stranger for a private resource', () => {
    const resource: Resource = { ownerId: OWNER, visibility: 'private' };
    expect(mayAccess('see', { userId: 'friend' }, resource, { friends: true, blocked: false })).toBe(false);
  });
});
