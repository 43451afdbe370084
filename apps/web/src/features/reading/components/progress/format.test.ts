import { describe, expect, it } from 'vitest';
import { formatDays, formatDuration, formatSpeed } from './format';

describe('stat formatting', () => {
  it('writes seconds as hours and minutes, short and spelt out', () => {
    expect(formatDuration(0)).toEqual({ short: '0m', long: '0 minutes' });
    expect(formatDuration(59)).toEqual({ short: '0m', long: '0 minutes' });
    expect(formatDuration(60)).toEqual({ short: '1m', long: '1 minute' });
    expect(formatDuration(45 * 60)).toEqual({ short: '45m', long: '45 minutes' });
    expect(formatDuration(3600)).toEqual({ short: '1h 0m', long: '1 hour 0 minutes' });
    expect(formatDuration(2 * 3600 + 5 * 60 + 30)).toEqual({ short: '2h 5m', long: '2 hours 5 minutes' });
    expect(formatDuration(1234 * 3600).short).toBe('1,234h 0m');
  });

  it('writes pages per hour to one decimal at most', () => {
    expect(formatSpeed(12)).toEqual({ short: '12 pph', long: '12 pages per hour' });
    expect(formatSpeed(12.46)).toEqual({ short: '12.5 pph', long: '12.5 pages per hour' });
    expect(formatSpeed(0).short).toBe('0 pph');
  });

  it('counts days in the singular and plural', () => {
    expect(formatDays(0)).toBe('0 days');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(12)).toBe('12 days');
  });
});
