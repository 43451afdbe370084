/**
 * A five-field cron expression (minute hour day-of-month month day-of-week, in UTC): `*`, numbers, ranges
 * `a-b`, steps `*\/n` and `a-b/n`, and lists of those. Enough for the schedules we run (decision 014);
 * names (MON, JAN), `L`, `W` and `?` are refused rather than guessed.
 */
export interface Cron {
  /** The first whole minute strictly after `after` that the expression matches. */
  next(after: Date): Date;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 6 },
] as const;

function parseField(text: string, { name, min, max }: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`cron ${name}: cannot read "${part}"`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`cron ${name}: "${part}" is out of range`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/**
 * How far ahead `next` looks: 29 February comes at least once in 8 years (2096 to 2104 skips 2100), so an
 * expression that matches nothing in that time (31 February) never fires.
 */
const SEARCH_YEARS = 8;

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${expression}": expected 5 fields, got ${parts.length}`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]!));
  const anyDay = parts[2] === '*';
  const anyWeekday = parts[4] === '*';
  // Classic cron: when both day fields are restricted, a day matching either one fires.
  const dayMatches = (d: Date) => {
    const byDate = days!.has(d.getUTCDate());
    const byWeekday = weekdays!.has(d.getUTCDay());
    if (anyDay || anyWeekday) return byDate && byWeekday;
    return byDate || byWeekday;
  };
  return {
    next(after) {
      const t = new Date(after.getTime());
      t.setUTCSeconds(0, 0);
      t.setUTCMinutes(t.getUTCMinutes() + 1);
      const limit = new Date(t.getTime());
      limit.setUTCFullYear(limit.getUTCFullYear() + SEARCH_YEARS);
      // Skips a whole day or hour that cannot match, so eight years take a few thousand steps.
      while (t <= limit) {
        if (!months!.has(t.getUTCMonth() + 1) || !dayMatches(t)) t.setUTCHours(24, 0, 0, 0);
        else if (!hours!.has(t.getUTCHours())) t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
        else if (!minutes!.has(t.getUTCMinutes())) t.setUTCMinutes(t.getUTCMinutes() + 1);
        else return new Date(t.getTime());
      }
      throw new Error(`cron "${expression}" matches no minute within ${SEARCH_YEARS} years`);
    },
  };
}
