// The bare baseline, in a process of its own like the app: node:http answering each path with the status,
// headers and bytes captured from the app. No routing beyond a map lookup, no parsing, no work.
import { createServer } from 'node:http';

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const answers = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
process.on('message', (message: { port: number; answers: Record<string, Canned> }) => {
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
    res.end(answer.status === 304 ? undefined : answer.body);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(message.port, '127.0.0.1', () => process.send!('listening'));
});
