import { z } from 'zod/mini';

/**
 * What travels on the live_events channel between instances: never the event itself (a NOTIFY payload is
 * capped at 8,000 bytes), only which row to read, or a control notice.
 */
const NoticeSchema = z.union([
  /** An event was stored for this user. */
  z.object({ userId: z.string(), id: z.number() }),
  /** Some of this user's sessions or tokens were revoked: their open streams must be checked now. */
  z.object({ userId: z.string(), revoked: z.literal(true) }),
  /**
   * This user's data version was bumped (migration 0007's triggers send it at the commit of every write to
   * their books, accounts or profile): in-memory caches of it must forget it.
   */
  z.object({ userId: z.string(), changed: z.literal(true) }),
  /** An instance checking that its LISTEN connection still hears the channel. */
  z.object({ ping: z.string() }),
]);
export type Notice = z.infer<typeof NoticeSchema>;
/** The notices an instance acts on (pings only check the listener). */
export type StreamNotice = Exclude<Notice, { ping: string }>;

export const revokedNotice = (userId: string) => JSON.stringify({ userId, revoked: true } satisfies Notice);
export const pingNotice = (ping: string) => JSON.stringify({ ping } satisfies Notice);

/** The notice in a payload, or undefined for anything else (another version's notice, garbage). */
export function parseNotice(payload: string): Notice | undefined {
  try {
    const parsed = NoticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
export const changedNotice = (userId: string) => JSON.stringify({ userId, changed: true } satisfies Notice);
