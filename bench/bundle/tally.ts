/** One response Chromium received while a page loaded, as bench/bundle records it. */
export interface LoadedResource {
  url: string;
  /** Chromium's resource type: Script, Stylesheet, Document, Fetch, Image… */
  type: string;
  /** Body bytes as they crossed the wire (compressed when the server compressed them). */
  sentBytes: number;
  /** The body as the server would send it gzip-compressed (level 6, as servers compress at run time). */
  gzipBytes: number;
  /** The body brotli-compressed at quality 11, as a build-time precompression step would store it. */
  brotliBytes: number;
  /** `content-encoding` of the response, or 'identity' when it had none. */
  encoding: string;
}

export interface KindTally {
  files: number;
  sentKb: number;
  gzipKb: number;
  brotliKb: number;
  /**
   * The figure the budget holds: what was sent when every file worth compressing came compressed, else the
   * gzip estimate.
   */
  countedKb: number;
  counted: 'sent' | 'as gzip';
}

const kb = (bytes: number) => bytes / 1024;

/**
 * The server's own rule for what it leaves uncompressed (scripts/precompress.mjs MIN_BYTES and MAX_RATIO): a
 * body under 1 KB, or one that compression shrinks by less than a tenth. Such a file comes as it is from a
 * server that compresses everything else, so its bytes as sent are what the budget holds.
 */
const MIN_COMPRESSED_BYTES = 1024;
const MAX_RATIO = 0.9;
const leftAsIs = (r: LoadedResource) =>
  r.sentBytes < MIN_COMPRESSED_BYTES || Math.min(r.gzipBytes, r.brotliBytes) > r.sentBytes * MAX_RATIO;

/**
 * Sums one kind of resource (scripts or stylesheets). The budget is for bytes as actually sent once the
 * server compresses; while any file worth compressing still comes uncompressed, the sent figure is not that,
 * so the gzip estimate of every file stands in for it.
 */
export function tally(resources: readonly LoadedResource[], type: 'Script' | 'Stylesheet'): KindTally {
  const mine = resources.filter((r) => r.type === type);
  const sent = mine.reduce((sum, r) => sum + r.sentBytes, 0);
  const gzip = mine.reduce((sum, r) => sum + r.gzipBytes, 0);
  const brotli = mine.reduce((sum, r) => sum + r.brotliBytes, 0);
  const allCompressed = mine.every((r) => r.encoding !== 'identity' || leftAsIs(r));
  return {
    files: mine.length,
    sentKb: kb(sent),
    gzipKb: kb(gzip),
    brotliKb: kb(brotli),
    countedKb: kb(allCompressed ? sent : gzip),
    counted: allCompressed ? 'sent' : 'as gzip',
  };
}

/** One printed line: `name: counted KB (budget) — files, sent, as gzip, as brotli`, and whether it is over. */
export function formatLine(name: string, t: KindTally, budgetKb: number): { line: string; over: boolean } {
  const over = t.countedKb > budgetKb;
  const line =
    `${name}: ${t.countedKb.toFixed(1)} KB ${t.counted} (budget ≤ ${budgetKb} KB)` +
    ` — ${t.files} files, ${t.sentKb.toFixed(1)} KB sent, ${t.gzipKb.toFixed(1)} KB as gzip, ${t.brotliKb.toFixed(1)} KB as brotli` +
    (over ? '  OVER BUDGET' : '');
  return { line, over };
}
