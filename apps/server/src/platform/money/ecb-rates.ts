import { DISPLAY_CURRENCIES } from '@bookshelf/contract';

/** One publication day of the European Central Bank's reference rates: units of each currency per euro. */
export interface DayRates {
  day: string;
  perEuro: Record<string, number>;
}

const WANTED = new Set<string>(DISPLAY_CURRENCIES);
const CUBE = /<Cube\b([^>]*)>/g;
const ATTRIBUTE = /(\w+)\s*=\s*(?:'([^']*)'|"([^"]*)")/g;

function attributes(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) found[match[1]!] = match[2] ?? match[3] ?? '';
  return found;
}

/**
 * The bank's eurofxref XML (daily, 90-day or full history: the same shape, a `Cube time` per day holding
 * `Cube currency rate` entries). A scan of its Cube tags rather than an XML parser: the format has been
 * stable since 1999 and a history file is tens of megabytes. Only the currencies the app displays are kept;
 * a malformed day or rate is skipped, never half-read.
 */
export function parseEcbRates(xml: string): DayRates[] {
  const days: DayRates[] = [];
  let current: DayRates | undefined;
  for (const [, inner] of xml.matchAll(CUBE)) {
    const a = attributes(inner!);
    if (a.time !== undefined) {
      current = /^\d{4}-\d{2}-\d{2}$/.test(a.time) ? { day: a.time, perEuro: {} } : undefined;
      if (current) days.push(current);
    } else if (current && a.currency && a.rate && WANTED.has(a.currency)) {
      const rate = Number(a.rate);
      if (Number.isFinite(rate) && rate > 0) current.perEuro[a.currency] = rate;
    }
  }
  return days.filter((d) => Object.keys(d.perEuro).length > 0);
}
