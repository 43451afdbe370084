/** One response Chromium received while a page loaded, as bench/bundle records it. */
export interface LoadedResource {
  url: string;
  /** Chromium's resource type: Script, Stylesheet, Document, Fetch, Image… */
  type: string;
  /**
   * Every byte Chromium counted for the response (`loadingFinished` encodedDataLength): status line, headers
   * and the body as it crossed the wire (compressed when the server compressed it).
   */
  sentBytes: number;
  /** The part of sentBytes that was not the body: status line and headers. */
  headerBytes: number;
  /** The body as the server would send it gzip-compressed (level 6, as servers compress at run time). */
  gzipBytes: number;
  /** The body brotli-compressed at quality 11, as a build-time precompression step would store it. */
  brotliBytes: number;
  /** `content-encoding` of the response, or 'identity' when it had none. */
  encoding: string;
}

export interface KindTally {
  files: number;
  /** Bodies and headers, as Chromium counted them. */
  sentKb: number;
  /** Of sentKb, the status lines and headers. */
  headerKb: number;
  gzipKb: number;
  brotliKb: number;
  /**
   * The figure the budget holds: what was sent (headers included) when every file worth compressing came
   * compressed, else the gzip estimate of each body plus the headers it came with.
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
const bodyBytes = (r: LoadedResource) => r.sentBytes - r.headerBytes;
const leftAsIs = (r: LoadedResource) =>
  bodyBytes(r) < MIN_COMPRESSED_BYTES || Math.min(r.gzipBytes, r.brotliBytes) > bodyBytes(r) * MAX_RATIO;

/**
 * Sums one kind of resource (scripts or stylesheets). The budget is for bytes as Chromium counts them once the
 * server compresses: each response's headers as well as its body, since on a phone every header byte costs as
 * much as a body byte. While any file worth compressing still comes uncompressed, the sent figure is not that,
 * so the gzip estimate of every body (with its headers as sent) stands in for it.
 */
export function tally(resources: readonly LoadedResource[], type: 'Script' | 'Stylesheet'): KindTally {
  const mine = resources.filter((r) => r.type === type);
  const sent = mine.reduce((sum, r) => sum + r.sentBytes, 0);
  const headers = mine.reduce((sum, r) => sum + r.headerBytes, 0);
  const gzip = mine.reduce((sum, r) => sum + r.gzipBytes, 0);
  const brotli = mine.reduce((sum, r) => sum + r.brotliBytes, 0);
  const allCompressed = mine.every((r) => r.encoding !== 'identity' || leftAsIs(r));
  return {
    files: mine.length,
    sentKb: kb(sent),
    headerKb: kb(headers),
    gzipKb: kb(gzip),
    brotliKb: kb(brotli),
    countedKb: kb(allCompressed ? sent : gzip + headers),
    counted: allCompressed ? 'sent' : 'as gzip',
  };
}

/**
 * One printed line: `name: counted KB (budget) — files, sent of which headers, bodies as gzip and as brotli`,
 * and whether it is over.
 */
export function formatLine(name: string, t: KindTally, budgetKb: number): { line: string; over: boolean } {
  const over = t.countedKb > budgetKb;
  const line =
    `${name}: ${t.countedKb.toFixed(1)} KB ${t.counted} (budget ≤ ${budgetKb} KB)` +
    ` — ${t.files} files, ${t.sentKb.toFixed(1)} KB sent of which ${t.headerKb.toFixed(1)} KB headers;` +
    ` bodies ${t.gzipKb.toFixed(1)} KB as gzip, ${t.brotliKb.toFixed(1)} KB as brotli` +
    (over ? '  OVER BUDGET' : '');
  return { line, over };
}
