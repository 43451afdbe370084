import { exportFileName, localDay, type ReadingExport, type ReadingExportFormat } from '@bookshelf/contract';
import { sessionsToCsv } from './export-csv.js';
import type { ExportRepository } from './export.repository.js';
import type { GoalsService } from './goals.service.js';
import type { ProgressRepository } from './progress.repository.js';
import { toBookmark, toFileProgress } from './progress.service.js';
import type { StatsService } from './stats.service.js';

export interface ExportFile {
  filename: string;
  type: string;
  body: string;
}

/**
 * core.md §7 export: everything the reader's progress holds as JSON (ReadingExportSchema), or their sessions
 * as CSV; named reading-progress-{day}.{format} after today in the reader's zone.
 */
export function createExportService({
  exports,
  progress,
  stats,
  goals,
  now,
}: {
  exports: ExportRepository;
  progress: ProgressRepository;
  stats: StatsService;
  goals: GoalsService;
  now: () => Date;
}) {
  return {
    async export(userId: string, format: ReadingExportFormat, timeZone: string): Promise<ExportFile> {
      const at = now();
      const filename = exportFileName(localDay(at, timeZone), format);
      const sessions = await exports.sessions(userId, timeZone);
      if (format === 'csv') return { filename, type: 'text/csv; charset=utf-8', body: sessionsToCsv(sessions) };
      const document: ReadingExport = {
        exportedAt: at.toISOString(),
        timeZone,
        stats: await stats.stats(userId, 'all', timeZone),
        progress: (await progress.allProgress(userId)).map(toFileProgress),
        bookmarks: (await progress.allBookmarks(userId)).map(toBookmark),
        sessions: sessions.map(({ id, fileId, startTime, endTime, pagesRead, timeSpent }) => ({
          id,
          fileId,
          startTime,
          endTime,
          pagesRead,
          timeSpent,
        })),
        goals: await goals.list(userId, timeZone),
        achievements: await stats.achievements(userId, timeZone),
      };
      return { filename, type: 'application/json; charset=utf-8', body: `${JSON.stringify(document, null, 2)}\n` };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
