import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import { enqueueJob } from '../../platform/jobs/job-store.js';
import { createHttpClient } from '../../platform/outbound-http/client.js';
import { parseEcbRates } from '../../platform/money/ecb-rates.js';
import { storeDayRates } from '../../platform/money/exchange-rates.js';
import { rowsOf } from '../../db/rows.js';
import { sql } from 'drizzle-orm';

export const REFRESH_RATES_JOB = 'money.refresh-rates';
/** Hourly at twenty past: the bank publishes around 16:00 CET, and a missed day is caught up the next hour. */
export const REFRESH_RATES_CRON = '20 * * * *';
/** A fetch within this long is fresh enough: the rates change once a working day. */
const FRESH_MS = 6 * 60 * 60 * 1000;
/** The full history since 1999 is some tens of megabytes of XML. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * The scheduled job that keeps the central bank's reference rates (FX_RATES_URL, decision 047): fetched
 * through the outbound client (its host only, time-limited, size-capped, retried), parsed, and the days not
 * stored yet added. Without FX_RATES_URL it does nothing and the fixed tables stay in use.
 */
export function createRatesRefresh({
  db,
  url,
  now,
  log,
}: {
  db: Database;
  url: string | undefined;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  async function lastFetch(): Promise<Date | null> {
    const [row] = rowsOf<{ at: string | Date | null }>(
      await db.execute(sql`select max(fetched_at) as at from fx_rates`),
    );
    return row?.at ? new Date(row.at) : null;
  }

  async function run(payload: { force?: boolean | undefined }) {
    if (!url) return { skipped: 'FX_RATES_URL is not set' };
    const last = await lastFetch();
    if (!payload.force && last && now().getTime() - last.getTime() < FRESH_MS) return { skipped: 'fresh' };
    const client = createHttpClient({
      name: 'ecb-rates',
      hosts: [],
      baseUrl: url,
      timeoutMs: 60_000,
      maxBytes: MAX_BYTES,
    });
    try {
      const response = await client.request(url);
      const days = parseEcbRates(response.text());
      if (days.length === 0) throw new Error(`ecb-rates: ${url} held no reference rates`);
      const added = await storeDayRates(db, days);
      log.info({ days: days.length, added }, 'exchange rates refreshed');
      return { days: days.length, added };
    } finally {
      await client.close();
    }
  }

  return {
    job: defineJob({ kind: REFRESH_RATES_JOB, payload: z.object({ force: z.boolean().optional() }), run }),
    schedule: { name: REFRESH_RATES_JOB, cron: REFRESH_RATES_CRON, kind: REFRESH_RATES_JOB },
    /** A fresh instance should not wait for the next tick: the first request that needs rates asks once a day. */
    async ensureFetched(): Promise<void> {
      if (!url || (await lastFetch())) return;
      const day = now().toISOString().slice(0, 10);
      await enqueueJob(db, REFRESH_RATES_JOB, {}, { dedupeKey: `${REFRESH_RATES_JOB}:first:${day}` });
    },
  };
}
