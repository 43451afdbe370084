/** Tests only: readers with drive files to read, and the requests the reader sends. */
import { randomUUID } from 'node:crypto';
import { ReadingPaths, TIME_ZONE_HEADER, type ReadingSession } from '@bookshelf/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { driveConnections, driveFiles } from '../../db/schema/index.js';
import type { App } from '../../app.js';
import { signUp, type Browser } from '../../test/browser.js';

/** A reader with a drive of their own holding these files (rows as a sync would have left them). */
export async function readerWithFiles(app: App, db: Database, names: string[] = ['Book.pdf']) {
  const reader = await signUp(app);
  const [connection] = await db
    .insert(driveConnections)
    .values({ userId: reader.me.id, provider: 'google', accountName: 'Drive', externalAccountId: randomUUID() })
    .returning({ id: driveConnections.id });
  const rows = names.map((name) => ({
    id: `google_${randomUUID()}`,
    connectionId: connection!.id,
    externalId: randomUUID(),
    name,
    fileType: 'pdf',
    size: 1000,
    modifiedAt: new Date('2024-05-01T10:00:00Z'),
  }));
  await db.insert(driveFiles).values(rows);
  return { ...reader, files: rows.map((r) => r.id) };
}

/** A contract path with its `{param}`s filled in. */
export const pathOf = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** Headers with the browser's zone, as the web sends them. */
export const inZone = (timeZone: string | undefined) => (timeZone ? { headers: { [TIME_ZONE_HEADER]: timeZone } } : {});

/** Posts a finished session that started at `start` and lasted `seconds`. */
export async function addSession(
  browser: Browser,
  fileId: string,
  start: string,
  { seconds = 1800, pages = 10, timeSpent = seconds }: { seconds?: number; pages?: number; timeSpent?: number } = {},
): Promise<ReadingSession> {
  const startTime = new Date(start);
  const res = await browser.post(ReadingPaths.sessions, {
    fileId,
    startTime: startTime.toISOString(),
    endTime: new Date(startTime.getTime() + seconds * 1000).toISOString(),
    pagesRead: pages,
    timeSpent,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The path of a 400's first field problem. */
export const issuePath = (res: LightMyRequestResponse) =>
  res.json<{ error: { issues?: { path: string }[] } }>().error.issues?.[0]?.path;

export const errorMessage = (res: LightMyRequestResponse) => res.json<{ error: { message: string } }>().error.message;
