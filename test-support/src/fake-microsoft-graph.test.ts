import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMicrosoftGraph, type FakeMicrosoftGraph } from './fake-microsoft-graph.js';

let graph: FakeMicrosoftGraph | undefined;
afterEach(async () => {
  await graph?.close();
  graph = undefined;
});

const auth = { authorization: 'Bearer good-token' };

interface Page {
  value: Record<string, unknown>[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

async function getJson(url: string, headers: Record<string, string> = auth): Promise<{ status: number; body: Page }> {
  const res = await fetch(url, { headers, redirect: 'manual' });
  return { status: res.status, body: (await res.json()) as Page };
}

async function followAll(first: string): Promise<{ pages: Page[]; items: Record<string, unknown>[] }> {
  const pages: Page[] = [];
  for (let next: string | undefined = first; next;) {
    const { status, body } = await getJson(next);
    expect(status).toBe(200);
    pages.push(body);
    next = body['@odata.nextLink'];
  }
  return { pages, items: pages.flatMap((p) => p.value) };
}

describe('fake Microsoft Graph', () => {
  it('answers /me with a bearer token and refuses a missing or invalid one with Graph error JSON', async () => {
    graph = await startFakeMicrosoftGraph({ isValidToken: (t) => t === 'good-token' });
    const me = await getJson(`${graph.url}/v1.0/me`);
    expect(me.body).toMatchObject({
      id: graph.user.id,
      displayName: 'Ada Reader',
      mail: 'ada.reader@outlook.com',
      userPrincipalName: 'ada.reader@outlook.com',
    });

    const missing = await getJson(`${graph.url}/v1.0/me`, {});
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ error: { code: 'InvalidAuthenticationToken' } });
    const wrong = await getJson(`${graph.url}/v1.0/me/drive/root/children`, { authorization: 'Bearer other' });
    expect(wrong.status).toBe(401);

    graph.setTokenCheck(() => false);
    expect((await getJson(`${graph.url}/v1.0/me`)).status).toBe(401);
  });

  it('pages root children through absolute @odata.nextLink URLs with $top (default and cap 200)', async () => {
    graph = await startFakeMicrosoftGraph();
    for (let i = 0; i < 250; i += 1) graph.addFile({ path: `book-${i}.pdf`, content: `pdf ${i}` });

    const { pages, items } = await followAll(`${graph.url}/v1.0/me/drive/root/children?$top=100`);
    expect(pages.map((p) => p.value.length)).toEqual([100, 100, 50]);
    expect(pages[0]?.['@odata.nextLink']).toMatch(new RegExp(`^${graph.url}/v1.0/me/drive/root/children\\?`));
    expect(new Set(items.map((i) => i.id)).size).toBe(250);
    expect(items[0]).toMatchObject({
      name: 'book-0.pdf',
      size: 5,
      file: { mimeType: 'application/pdf', hashes: { sha1Hash: expect.stringMatching(/^[0-9A-F]{40}$/) } },
      parentReference: { id: graph.rootId, path: '/drive/root:' },
      eTag: expect.any(String),
      cTag: expect.any(String),
      lastModifiedDateTime: expect.any(String),
    });

    const big = await followAll(`${graph.url}/v1.0/me/drive/root/children?$top=999`);
    expect(big.pages.map((p) => p.value.length)).toEqual([200, 50]);
    const plain = await getJson(`${graph.url}/v1.0/me/drive/root/children`);
    expect(plain.body.value).toHaveLength(200);
  });

  it('lists nested folders by item id with their paths, and the documents special folder', async () => {
    graph = await startFakeMicrosoftGraph();
    const dune = graph.addFile({ path: 'Books/Science fiction/dune.epub', content: 'epub' });
    graph.addFile({ path: 'Documents/notes.txt', content: 'hello' });

    const root = await getJson(`${graph.url}/v1.0/me/drive/root/children`);
    const books = root.body.value.find((i) => i.name === 'Books');
    expect(books).toMatchObject({ folder: { childCount: 1 } });
    const inBooks = await getJson(`${graph.url}/v1.0/me/drive/items/${encodeURIComponent(String(books?.id))}/children`);
    const scifi = inBooks.body.value[0];
    expect(scifi).toMatchObject({ name: 'Science fiction', parentReference: { path: '/drive/root:/Books' } });
    const inScifi = await getJson(`${graph.url}/v1.0/me/drive/items/${encodeURIComponent(String(scifi?.id))}/children`);
    expect(inScifi.body.value).toEqual([
      expect.objectContaining({
        id: dune.id,
        parentReference: expect.objectContaining({ path: '/drive/root:/Books/Science%20fiction' }),
      }),
    ]);
    expect(graph.item(dune.id)?.folder).toBe('Books/Science fiction');

    const docs = await getJson(`${graph.url}/v1.0/me/drive/special/documents/children`);
    expect(docs.body.value.map((i) => i.name)).toEqual(['notes.txt']);
    const missing = await getJson(`${graph.url}/v1.0/me/drive/items/NOPE!1/children`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'itemNotFound' } });
  });

  it('reports changes through delta links: latest, then added, updated and deleted; stale tokens get 410', async () => {
    graph = await startFakeMicrosoftGraph();
    const kept = graph.addFile({ path: 'a.pdf', content: 'a' });
    const gone = graph.addFile({ path: 'Old/b.pdf', content: 'b' });

    const full = await followAll(`${graph.url}/v1.0/me/drive/root/delta`);
    expect(full.items.map((i) => i.name)).toEqual(['root', 'a.pdf', 'Old', 'b.pdf']);
    expect(full.pages.at(-1)?.['@odata.deltaLink']).toBeDefined();

    const latest = await getJson(`${graph.url}/v1.0/me/drive/root/delta?token=latest`);
    expect(latest.body.value).toEqual([]);
    const deltaLink = latest.body['@odata.deltaLink']!;
    expect(deltaLink).toMatch(new RegExp(`^${graph.url}/v1.0/me/drive/root/delta\\?`));

    const added = graph.addFile({ path: 'New/c.epub', content: 'c' });
    const before = graph.item(kept.id)!.cTag;
    graph.updateFile(kept.id, { content: 'a, revised' });
    expect(graph.item(kept.id)!.cTag).not.toBe(before);
    graph.removeFile(graph.itemAt('Old')!.id);

    const changes = await getJson(deltaLink);
    const byId = new Map(changes.body.value.map((i) => [i.id, i]));
    expect(byId.get(added.id)).toMatchObject({ name: 'c.epub', file: { mimeType: 'application/epub+zip' } });
    expect(byId.get(added.id)?.parentReference).not.toHaveProperty('path');
    expect(byId.get(kept.id)).toMatchObject({ size: 10 });
    expect(byId.get(gone.id)).toMatchObject({ deleted: { state: 'deleted' } });
    expect(changes.body['@odata.nextLink']).toBeUndefined();

    const nothing = await getJson(changes.body['@odata.deltaLink']!);
    expect(nothing.body.value).toEqual([]);

    graph.expireDeltaTokens();
    const stale = await getJson(deltaLink);
    expect(stale.status).toBe(410);
    expect(stale.body).toMatchObject({ error: { code: 'resyncRequired' } });
    expect((await getJson(`${graph.url}/v1.0/me/drive/root/delta?token=garbage`)).status).toBe(410);
  });

  it('pages a long round of delta changes and still ends with a delta link', async () => {
    graph = await startFakeMicrosoftGraph();
    const latest = await getJson(`${graph.url}/v1.0/me/drive/root/delta?token=latest&$top=100`);
    graph.generateFiles({ count: 230, perFolder: 100, under: '' });
    const round = await followAll(latest.body['@odata.deltaLink']!);
    expect(round.pages.map((p) => p.value.length)).toEqual([100, 100, 33]);
    expect(round.items.filter((i) => i.file)).toHaveLength(230);
    expect(round.pages.at(-1)?.['@odata.deltaLink']).toBeDefined();
  });

  it('redirects content to a pre-authenticated URL that serves the bytes with ranges', async () => {
    graph = await startFakeMicrosoftGraph();
    const file = graph.addFile({ path: 'Books/x.pdf', content: Buffer.from('0123456789') });

    const res = await fetch(`${graph.url}/v1.0/me/drive/items/${encodeURIComponent(file.id)}/content`, {
      headers: auth,
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(new URL(location).pathname).toMatch(/^\/download\//);

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).toString()).toBe('0123456789');

    const part = await fetch(location, { headers: { range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');
    const tail = await fetch(location, { headers: { range: 'bytes=-3' } });
    expect(await tail.text()).toBe('789');
    const beyond = await fetch(location, { headers: { range: 'bytes=20-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */10');

    const forged = await fetch(location.replace(/token=[^&]+/, 'token=forged'));
    expect(forged.status).toBe(404);
    const item = await getJson(`${graph.url}/v1.0/me/drive/items/${encodeURIComponent(file.id)}`);
    expect(item.body).toMatchObject({ '@microsoft.graph.downloadUrl': location });
  });

  it('answers thumbnail sets whose URLs serve a PNG, and none for a file without', async () => {
    graph = await startFakeMicrosoftGraph();
    const file = graph.addFile({ path: 'x.pdf', content: 'x' });
    const bare = graph.addFile({ path: 'y.epub', content: 'y', hasThumbnail: false });
    const sets = await getJson(`${graph.url}/v1.0/me/drive/items/${encodeURIComponent(file.id)}/thumbnails`);
    const medium = (sets.body.value[0] as { medium: { url: string; width: number } }).medium;
    expect(medium.width).toBe(176);
    const png = await fetch(medium.url);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const none = await getJson(`${graph.url}/v1.0/me/drive/items/${encodeURIComponent(bare.id)}/thumbnails`);
    expect(none.body.value).toEqual([]);
  });

  it('fails the next calls as told, with Retry-After, then answers again; records requests', async () => {
    graph = await startFakeMicrosoftGraph();
    graph.failNext(1, 429, { retryAfterSeconds: 3 });
    graph.failNext(1, 500);
    const throttled = await fetch(`${graph.url}/v1.0/me`, { headers: auth });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('3');
    expect(await throttled.json()).toMatchObject({ error: { code: 'activityLimitReached' } });
    const broken = await getJson(`${graph.url}/v1.0/me`);
    expect(broken.status).toBe(500);
    expect((await getJson(`${graph.url}/v1.0/me`)).status).toBe(200);
    expect(graph.requestsTo('GET', '/v1.0/me')).toHaveLength(3);

    const file = graph.addFile({ path: 'x.pdf', content: 'x' });
    graph.failNext(1, 503, { scope: 'download' });
    const item = await getJson(`${graph.url}/v1.0/me/drive/items/${encodeURIComponent(file.id)}`);
    const url = (item.body as unknown as Record<string, string>)['@microsoft.graph.downloadUrl']!;
    expect((await fetch(url)).status).toBe(503);
    expect((await fetch(url)).status).toBe(200);
  });

  it('generates 20,000 files in folders quickly and replaces the drive with setFiles', async () => {
    graph = await startFakeMicrosoftGraph();
    const started = Date.now();
    const files = graph.generateFiles({ count: 20_000, perFolder: 100 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(files).toHaveLength(20_000);
    expect(files[0]).toMatchObject({ name: 'Book 00001.pdf', folder: 'Library/Folder 0001' });
    expect(files[19_999]?.folder).toBe('Library/Folder 0200');
    expect(graph.contentOf(files[5]!.id)).toHaveLength(2048);

    const library = graph.itemAt('Library')!;
    const folders = await followAll(
      `${graph.url}/v1.0/me/drive/items/${encodeURIComponent(library.id)}/children?$top=100`,
    );
    expect(folders.items).toHaveLength(200);

    const replaced = graph.setFiles([{ path: 'only.pdf', content: 'only' }]);
    expect(replaced).toHaveLength(1);
    const root = await getJson(`${graph.url}/v1.0/me/drive/root/children`);
    expect(root.body.value.map((i) => i.name)).toEqual(['only.pdf']);
  });
});
