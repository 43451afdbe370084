import { STRANGERS, type Relation } from './rules.js';

/**
 * Where friendships and blocks come from. The access module asks once per request or list, for every owner
 * at once, so a page of fifty resources by twenty people costs one lookup.
 */
export interface RelationshipsPort {
  /** How `viewerId` stands to each owner; an owner missing from the answer is a stranger. */
  between(viewerId: string, ownerIds: readonly string[]): Promise<ReadonlyMap<string, Relation>>;
}

/**
 * Today's relationships: there are no friendships and no blocks yet (no tables for them: the friends issue
 * adds them and a port that reads them), so everyone is a stranger to everyone else.
 */
export const noRelationships: RelationshipsPort = {
  between: () => Promise.resolve(new Map<string, Relation>()),
};

export const relationIn = (relations: ReadonlyMap<string, Relation>, ownerId: string): Relation =>
  relations.get(ownerId) ?? STRANGERS;
