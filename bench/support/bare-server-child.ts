// The bare baseline, in a process of its own like the app: node:http answering each path with the status,
// headers and bytes captured from the app. No routing beyond a map lookup, no parsing, no work.
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What ./bare-server.ts sends: the port (0 for any free one) and the answers, bodies in base64. */
export interface BareServerSetup {
  port: number;
  answers: Record<string, { status: number; headers: OutgoingHttpHeaders; body: string }>;
}

const answers = new Map<string, { status: number; headers: OutgoingHttpHeaders; body: Buffer }>();
process.on('message', (message: BareServerSetup) => {
  for (const [key, a] of Object.entries(message.answers))
    answers.set(key, { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') });
  const server = createServer((req, res) => {
    // The key is the path, plus the validator for a conditional request, so one server answers 200 and 304.
    const inm = req.headers['if-none-match'];
    const answer = answers.get(inm ? `${req.url} ${inm}` : req.url!) ?? answers.get(req.url!);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.status === 304 || req.method === 'HEAD' ? undefined : answer.body);
  });
  // As the app's: the connections autocannon opens are kept for the whole run either way.
  server.keepAliveTimeout = 72_000;
  server.listen(message.port, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
});
// The bench that started it is gone (it crashed, or was interrupted): so is the baseline.
process.on('disconnect', () => process.exit(0));
