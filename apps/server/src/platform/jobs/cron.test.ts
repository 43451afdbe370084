import { describe, expect, it } from 'vitest';
import { parseCron } from './cron.js';

const next = (expression: string, after: string) => parseCron(expression).next(new Date(after)).toISOString();

describe('parseCron', () => {
  it('finds the next minute strictly after the given instant', () => {
    expect(next('0 * * * *', '2030-01-01T10:30:00Z')).toBe('2030-01-01T11:00:00.000Z');
    expect(next('0 * * * *', '2030-01-01T11:00:00Z')).toBe('2030-01-01T12:00:00.000Z');
    expect(next('* * * * *', '2030-01-01T11:00:30Z')).toBe('2030-01-01T11:01:00.000Z');
  });

  it('reads lists, ranges and steps', () => {
    expect(next('*/15 * * * *', '2030-01-01T10:16:00Z')).toBe('2030-01-01T10:30:00.000Z');
    expect(next('5,40 9-17/4 * * *', '2030-01-01T13:41:00Z')).toBe('2030-01-01T17:05:00.000Z');
    expect(next('0 3 1 */3 *', '2030-02-10T00:00:00Z')).toBe('2030-04-01T03:00:00.000Z');
  });

  it('fires on either day field when both are restricted, as cron does', () => {
    // 2030-01-01 is a Tuesday: the 15th or any Sunday, whichever comes first.
    expect(next('0 0 15 * 0', '2030-01-01T00:00:00Z')).toBe('2030-01-06T00:00:00.000Z');
    expect(next('0 0 * * 1-5', '2030-01-04T12:00:00Z')).toBe('2030-01-07T00:00:00.000Z');
  });

  it('finds 29 February years ahead, past a century that skips it', () => {
    expect(next('0 0 29 2 *', '2030-01-01T00:00:00Z')).toBe('2032-02-29T00:00:00.000Z');
    expect(next('30 6 29 2 *', '2096-02-29T06:30:00Z')).toBe('2104-02-29T06:30:00.000Z');
  });

  it('refuses what it cannot read instead of guessing', () => {
    expect(() => parseCron('0 * * *')).toThrow('expected 5 fields');
    expect(() => parseCron('60 * * * *')).toThrow('out of range');
    expect(() => parseCron('0 0 * * MON')).toThrow('cannot read');
    expect(() => parseCron('0 0 31 2 *').next(new Date('2030-01-01T00:00:00Z'))).toThrow('no minute within 8 years');
  });
});
