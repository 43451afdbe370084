import { startFakeServer, type FakeServer } from './fake-server.js';

/** Units of each currency per euro on one day, as the European Central Bank publishes them. */
export interface FakeRatesDay {
  day: string;
  perEuro: Record<string, number>;
}

/** Two days of 2024 with rates near the bank's of those days, newest first as the bank lists them. */
export const FAKE_ECB_DAYS: FakeRatesDay[] = [
  {
    day: '2024-06-03',
    perEuro: {
      USD: 1.0842,
      JPY: 170.05,
      GBP: 0.85045,
      CAD: 1.4814,
      AUD: 1.6287,
      INR: 90.2665,
      CNY: 7.8522,
      SGD: 1.4634,
      HKD: 8.4771,
    },
  },
  {
    day: '2024-01-02',
    perEuro: {
      USD: 1.0956,
      JPY: 155.52,
      GBP: 0.86518,
      CAD: 1.4562,
      AUD: 1.6147,
      INR: 91.2195,
      CNY: 7.8088,
      SGD: 1.4516,
      HKD: 8.5646,
    },
  },
];

/** The bank's eurofxref XML: an envelope, a Cube per day, a Cube per currency (single-quoted, as it is). */
export function ecbXml(days: readonly FakeRatesDay[]): string {
  const cubes = days
    .map(
      (d) =>
        `\t\t<Cube time='${d.day}'>\n${Object.entries(d.perEuro)
          .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
          .join('\n')}\n\t\t</Cube>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>
`;
}

/**
 * The bank's reference-rate files at their real paths (daily, 90 days, full history), all serving `days`;
 * tests point FX_RATES_URL at `${url}/stats/eurofxref/eurofxref-hist.xml`.
 */
export async function startFakeEcbRates(days: readonly FakeRatesDay[] = FAKE_ECB_DAYS): Promise<FakeServer> {
  const answer = () => ({ headers: { 'content-type': 'text/xml' }, body: ecbXml(days) });
  return startFakeServer({
    'GET /stats/eurofxref/eurofxref-daily.xml': () => ({
      headers: { 'content-type': 'text/xml' },
      body: ecbXml(days.slice(0, 1)),
    }),
    'GET /stats/eurofxref/eurofxref-hist-90d.xml': answer,
    'GET /stats/eurofxref/eurofxref-hist.xml': answer,
  });
}

export const ECB_HISTORY_PATH = '/stats/eurofxref/eurofxref-hist.xml';
