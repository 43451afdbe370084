import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { sessionsToCsv, type SessionCsvRow } from './export-csv.js';

const row = (fileName: string | null): SessionCsvRow => ({
  date: '2024-06-01',
  startTime: '2024-06-01T10:00:00.000Z',
  endTime: '2024-06-01T10:30:00.000Z',
  fileId: 'google_1',
  fileName,
  pagesRead: 12,
  timeSpent: 1800,
});

const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true });

describe('sessionsToCsv', () => {
  it('writes a header row, CRLF line ends and numbers as they are', () => {
    expect(sessionsToCsv([row('Dune.epub')])).toBe(
      '\uFEFFdate,startTime,endTime,fileId,fileName,pagesRead,timeSpent\r\n' +
        '2024-06-01,2024-06-01T10:00:00.000Z,2024-06-01T10:30:00.000Z,google_1,Dune.epub,12,1800\r\n',
    );
    expect(sessionsToCsv([row(null)])).toContain(',google_1,,12,1800\r\n');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=a\nb'])('defuses %j with an apostrophe', (name) => {
    const cell = parse(sessionsToCsv([row(name)])).data[1]![4]!;
    expect(cell).toBe(`'${name}`);
  });

  it('reads back every name it wrote (the apostrophe aside), whatever it holds', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 5 }), (names) => {
        const { data, errors } = parse(sessionsToCsv(names.map(row)));
        expect(errors).toEqual([]);
        const read = data.slice(1).map((r) => r[4]);
        expect(read).toEqual(names.map((n) => (/^[=+\-@\t\r]/.test(n) ? `'${n}` : n)));
      }),
    );
  });
});
