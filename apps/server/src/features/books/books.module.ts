import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import { featureModule, HOURLY, type FeatureModule } from '../../platform/feature-module.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import type { PublishEvents } from '../../platform/jobs/outbox.js';
import { z } from 'zod';
import { createBooksRepository } from './books.repository.js';
import { booksRoutes } from './books.routes.js';
import { createBooksService } from './books.service.js';
import { createDemoService } from './demo.service.js';

const PURGE_TRASH_JOB = 'books.purge-trash';

/** The library: books, the sample library job, and the hourly purge of the trash. */
export interface BooksModuleDeps {
  db: Database;
  access: Access;
  publish: PublishEvents;
  /** Tells the owner's open pages that the library changed (a books.changed live event), in the change's transaction. */
  changed?: (userId: string, tx: Database) => Promise<void>;
  now: () => Date;
}

export function booksModule({ db, access, publish, changed, now }: BooksModuleDeps): FeatureModule {
  const repository = createBooksRepository(db);
  const books = createBooksService({ db, books: repository, access, publish, changed, now });
  const demo = createDemoService({ db, books: repository, changed, now });
  return featureModule({
    name: 'books',
    routes: [booksRoutes({ books, demo })],
    jobs: [demo.job, defineJob({ kind: PURGE_TRASH_JOB, payload: z.object({}), run: () => books.purgeTrash() })],
    schedules: [{ name: PURGE_TRASH_JOB, cron: HOURLY, kind: PURGE_TRASH_JOB }],
  });
}
