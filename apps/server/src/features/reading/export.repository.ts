import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoOf, localDayOf } from './reading-sql.js';

export interface ExportedSession {
  id: string;
  fileId: string | null;
  /** The file's name when it is still stored (a file gone from its drive keeps its sessions, nameless). */
  fileName: string | null;
  /** The local day it started on in the reader's zone. */
  date: string;
  startTime: string;
  endTime: string;
  pagesRead: number;
  timeSpent: number;
}

/** The reader's sessions for the export, oldest first, with their files' names and local days. */
export function createExportRepository(db: Database) {
  return {
    async sessions(userId: string, timeZone: string): Promise<ExportedSession[]> {
      const rows = rowsOf<{
        id: string;
        file_id: string | null;
        file_name: string | null;
        date: string;
        start_time: string;
        end_time: string;
        pages_read: number;
        time_spent: number;
      }>(
        await db.execute(sql`
          select s.id, s.file_id, f.name as file_name, ${localDayOf(sql`s.start_time`, timeZone)}::text as date,
            ${isoOf(sql`s.start_time`)} as start_time, ${isoOf(sql`s.end_time`)} as end_time,
            s.pages_read, s.time_spent
          from reading_sessions s left join drive_files f on f.id = s.file_id
          where s.user_id = ${userId}
          order by s.start_time, s.id`),
      );
      return rows.map((r) => ({
        id: r.id,
        fileId: r.file_id,
        fileName: r.file_name,
        date: r.date,
        startTime: r.start_time,
        endTime: r.end_time,
        pagesRead: Number(r.pages_read),
        timeSpent: Number(r.time_spent),
      }));
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
