/**
 * The domain events that cross feature boundaries (DESIGN.md: features do not import each other).
 * A feature that publishes adds its event here; interested features subscribe through the bus in
 * apps/server/src/platform/events.ts. Payloads carry ids, not rows, so a subscriber reads fresh data.
 */
export interface DomainEvents {
  'user.registered': { userId: string };
}
export type DomainEventName = keyof DomainEvents;
