import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from './fake-server.js';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('startFakeServer', () => {
  it('answers a route on 127.0.0.1 and records the request with its parsed form body', async () => {
    fake = await startFakeServer({
      'POST /token': (req) => ({ body: { access_token: `t-${String((req.parsed as { code: string }).code)}` } }),
    });
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const res = await fetch(`${fake.url}/token?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=abc&grant_type=authorization_code',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ access_token: 't-abc' });

    const [recorded] = fake.requestsTo('POST', '/token');
    expect(recorded?.query.get('x')).toBe('1');
    expect(recorded?.parsed).toEqual({ code: 'abc', grant_type: 'authorization_code' });
  });

  it('matches :param segments and passes them to the handler', async () => {
    fake = await startFakeServer({
      'GET /drive/v3/files/:id': (req) => ({ body: { id: req.params.id } }),
    });
    const res = await fetch(`${fake.url}/drive/v3/files/f%201`);
    expect(await res.json()).toEqual({ id: 'f 1' });
  });

  it('answers unknown routes with 404 and still records them', async () => {
    fake = await startFakeServer({ 'GET /known': () => ({ body: 'ok' }) });
    const res = await fetch(`${fake.url}/unknown`);
    expect(res.status).toBe(404);
    expect(fake.requests.map((r) => r.path)).toEqual(['/unknown']);
  });

  it('lets a test replace a route while running and sends status, headers and raw bodies', async () => {
    fake = await startFakeServer({ 'GET /v1/userinfo': () => ({ body: { sub: '1' } }) });
    fake.route('GET /v1/userinfo', () => ({ status: 503, headers: { 'retry-after': '2' }, body: 'down' }));
    const res = await fetch(`${fake.url}/v1/userinfo`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.text()).toBe('down');
  });

  it('turns a throwing handler into a 500 instead of hanging the client', async () => {
    fake = await startFakeServer({
      'GET /boom': () => {
        throw new Error('kaput');
      },
    });
    const res = await fetch(`${fake.url}/boom`);
    expect(res.status).toBe(500);
  });
});
