import { describe, expect, it } from 'vitest';
import { escapeFormula, unescapeFormula } from './csv-formulas.js';

describe('escapeFormula', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=1\n+2', "'=x", "''-x"])('escapes %j', (text) => {
    expect(escapeFormula(text)).toBe(`'${text}`);
  });

  it.each(['', 'Dune', "'Tis", "''", ' =1', 'a=b', '1-2'])('leaves %j alone', (text) => {
    expect(escapeFormula(text)).toBe(text);
  });
});

describe('unescapeFormula', () => {
  it('drops one apostrophe before a formula character, and only then', () => {
    expect(unescapeFormula("'=1+1")).toBe('=1+1');
    expect(unescapeFormula("''=x")).toBe("'=x");
    expect(unescapeFormula("'\tx")).toBe('\tx');
    expect(unescapeFormula("'Tis")).toBe("'Tis");
    expect(unescapeFormula("'")).toBe("'");
    expect(unescapeFormula('=x')).toBe('=x');
  });

  it.each(['=1', "'=1", "''@x", "'Tis", '', 'plain', '-\n-'])('undoes escapeFormula for %j', (text) => {
    expect(unescapeFormula(escapeFormula(text))).toBe(text);
  });
});
