import { ecbXml, FAKE_ECB_DAYS } from '@bookshelf/test-support';
import { describe, expect, it } from 'vitest';
import { parseEcbRates } from './ecb-rates.js';

describe('parseEcbRates', () => {
  it('reads every day and the displayed currencies of the bank’s XML', () => {
    const days = parseEcbRates(ecbXml(FAKE_ECB_DAYS));
    expect(days.map((d) => d.day)).toEqual(['2024-06-03', '2024-01-02']);
    expect(days[1]!.perEuro).toMatchObject({ USD: 1.0956, INR: 91.2195, JPY: 155.52 });
  });

  it('accepts double quotes, drops currencies it does not display and rates that are not numbers', () => {
    const xml = `<Cube><Cube time="2024-02-01"><Cube currency="USD" rate="1.08"/><Cube currency="THB" rate="38.7"/>
      <Cube currency="GBP" rate="n/a"/><Cube currency="JPY" rate="-3"/></Cube></Cube>`;
    expect(parseEcbRates(xml)).toEqual([{ day: '2024-02-01', perEuro: { USD: 1.08 } }]);
  });

  it('finds nothing in a page that is not the bank’s file, and skips a day with a malformed date', () => {
    expect(parseEcbRates('<html><body>Service unavailable</body></html>')).toEqual([]);
    expect(parseEcbRates(`<Cube time='01/02/2024'><Cube currency='USD' rate='1.1'/></Cube>`)).toEqual([]);
  });
});
