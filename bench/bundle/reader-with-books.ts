// The signed-in reader bench/bundle opens the dashboard as: one with a library of DESIGN.md's size (1,000
// books, as bench/lighthouse holds the same page to), since a reader with none gets the first-run screen and
// its chunks instead of the cards and covers a reader with books loads.
import { randomUUID } from 'node:crypto';

const WRITE_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'bench' };
const STATUSES = ['owned', 'read', 'reading', 'wishlist'] as const;

/** Signs a new reader up through the API and answers the session cookie's name and value. */
export async function signUp(base: string): Promise<{ name: string; value: string }> {
  const id = randomUUID().slice(0, 8);
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: WRITE_HEADERS,
    body: JSON.stringify({ name: `Bench ${id}`, email: `bench-${id}@example.test`, password: `pw-${randomUUID()}` }),
  });
  if (res.status !== 201) throw new Error(`bench/bundle: register answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  const at = cookie?.indexOf('=') ?? -1;
  if (!cookie || at < 1) throw new Error('bench/bundle: register set no session cookie');
  return { name: cookie.slice(0, at), value: cookie.slice(at + 1) };
}

/** Adds `count` varied books through POST /api/books, the path a person's additions take, a few at a time. */
export async function addBooks(base: string, cookie: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const res = await fetch(`${base}/api/books`, {
        method: 'POST',
        headers: { ...WRITE_HEADERS, cookie },
        body: JSON.stringify({
          title: `Bench Book ${i + 1}`,
          author: `Author ${(i % 97) + 1}`,
          genre: ['Fiction', 'History', 'Science', 'Poetry'][i % 4],
          pages: 100 + (i % 400),
          status: STATUSES[i % STATUSES.length],
        }),
      });
      if (res.status !== 201) throw new Error(`bench/bundle: POST /api/books answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}
