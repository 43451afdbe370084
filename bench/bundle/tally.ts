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
  /** The figure the budget holds: what was sent when every file came compressed, else the gzip estimate. */
  countedKb: number;
  counted: 'sent' | 'as gzip';
}

const kb = (bytes: number) => bytes / 1024;

/**
 * Sums one kind of resource (scripts or stylesheets). The budget is for bytes as actually sent once the
 * server compresses; while any file still comes uncompressed, the sent figure is not that, so the gzip
 * estimate of every file stands in for it.
 */
export function tally(resources: readonly LoadedResource[], type: 'Script' | 'Stylesheet'): KindTally {
  const mine = resources.filter((r) => r.type === type);
  const sent = mine.reduce((sum, r) => sum + r.sentBytes, 0);
  const gzip = mine.reduce((sum, r) => sum + r.gzipBytes, 0);
  const brotli = mine.reduce((sum, r) => sum + r.brotliBytes, 0);
  const allCompressed = mine.every((r) => r.encoding !== 'identity');
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
