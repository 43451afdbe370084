import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A page of 50 books shaped like GET /api/books?limit=50 (about 15 KB), for the API compression levels. */
export function booksPage(): string {
  const items = Array.from({ length: 50 }, (_, i) => ({
    id: randomUUID(),
    title: `The ${['Great', 'Silent', 'Last', 'Hidden', 'Long'][i % 5]} ${['Gatsby', 'Sea', 'Library', 'Garden', 'Road'][i % 5]} ${i}`,
    author: `${['F. Scott', 'Ursula K.', 'Toni', 'Jorge Luis', 'Octavia E.'][i % 5]} ${['Fitzgerald', 'Le Guin', 'Morrison', 'Borges', 'Butler'][i % 5]}`,
    isbn: `97800000${String(10_000 + i)}`,
    status: ['reading', 'read', 'want-to-read'][i % 3],
    rating: (i % 5) + 1,
    format: 'paperback',
    tags: ['fiction', 'classic'].slice(0, (i % 2) + 1),
    coverUrl: `/api/books/${i}/cover`,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 5, 1 + i)).toISOString(),
  }));
  return JSON.stringify({ items, total: 1000, limit: 50, offset: 0 });
}

export interface LevelCost {
  name: string;
  bytes: number;
  /** CPU time of one compression, in microseconds (median of the rounds). */
  micros: number;
}

/** Compresses `body` at each candidate level, timing each the way the API hook does it (synchronously). */
export function compressionCosts(body: string, rounds = 200): LevelCost[] {
  const candidates: Array<[string, () => Buffer]> = [
    ...[1, 4, 5, 6, 11].map((q): [string, () => Buffer] => [
      `brotli ${q}`,
      () =>
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: q,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
          },
        }),
    ]),
    ...[1, 6, 9].map((level): [string, () => Buffer] => [`gzip ${level}`, () => gzipSync(body, { level })]),
  ];
  return candidates.map(([name, run]) => {
    const n = name === 'brotli 11' ? Math.max(10, rounds / 10) : rounds;
    for (let i = 0; i < 5; i += 1) run();
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i += 1) {
      const started = process.hrtime.bigint();
      bytes = run().length;
      samples.push(Number(process.hrtime.bigint() - started) / 1000);
    }
    samples.sort((a, b) => a - b);
    return { name, bytes, micros: samples[Math.floor(samples.length / 2)]! };
  });
}
