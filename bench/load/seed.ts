/** Requests that change something need this header (the CSRF check for cookie-authenticated requests). */
export const WRITE_HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'bench' };

/** Signs a new reader up through the API and answers the session cookie ("name=value"). */
export async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: WRITE_HEADERS,
    body: JSON.stringify({
      name: 'Load Bench',
      email: `load-${Date.now()}@example.org`,
      password: 'a long bench password',
    }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.includes('='));
  if (!cookie) throw new Error('sign-up set no cookie');
  return cookie.split(';')[0]!;
}

const WORDS = ['Winter', 'Garden', 'River', 'Night', 'Stone', 'Silver', 'Harbor', 'Letters', 'Shadow', 'Orchard'];

/** A varied book; one in 100 is a Gatsby so that the search has a few matches among many books. */
export const bookBody = (i: number) => ({
  title: i % 100 === 7 ? `The Great Gatsby (${i})` : `${WORDS[i % 10]} ${WORDS[(i * 7) % 10]} ${i}`,
  author: `Author ${i % 97}`,
  genre: ['Fiction', 'History', 'Poetry', 'Science'][i % 4],
  publishedYear: 1900 + (i % 120),
  pages: 100 + (i % 400),
  tags: [`tag${i % 5}`],
});

/** Adds `count` books through POST /api/books, a few requests in flight at once; `body` says what each is. */
export async function seedBooks(
  url: string,
  cookie: string,
  count: number,
  body: (i: number) => object = bookBody,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const res = await fetch(`${url}/api/books`, {
        method: 'POST',
        headers: { ...WRITE_HEADERS, cookie },
        body: JSON.stringify(body(i)),
      });
      if (res.status !== 201) throw new Error(`POST /api/books answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
