import { type Agent, request } from 'node:http';

/** As Chromium asks for an API answer: it takes brotli (the app's first choice) among others. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface HttpAnswer {
  status: number;
  encoding: string | undefined;
  /** The body's bytes as sent (still compressed). */
  bytes: number;
}

/**
 * One GET over a kept-alive connection of `agent`, read to its last byte as a client reads it; the body
 * is not decoded (a client's decoding is not the server's time).
 */
export function httpGet(agent: Agent, url: string, headers: Record<string, string>): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        const encoding = res.headers['content-encoding'];
        resolve({ status: res.statusCode!, encoding, bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
