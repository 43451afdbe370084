// The signed-in reader bench/bundle opens the dashboard as: one with a library of DESIGN.md's size (1,000
// books, as bench/lighthouse holds the same page to), since a reader with none gets the first-run screen and
// its chunks instead of the cards and covers a reader with books loads. Signing up and adding the books go
// through bench/load's seeding; only what each book is differs here.
import { seedBooks, signUp as signUpForCookie } from '../load/seed.js';

const STATUSES = ['owned', 'read', 'reading', 'wishlist'] as const;

/** Books in every status, so the dashboard draws each of its cards. */
const dashboardBook = (i: number) => ({
  title: `Bench Book ${i + 1}`,
  author: `Author ${(i % 97) + 1}`,
  genre: ['Fiction', 'History', 'Science', 'Poetry'][i % 4],
  pages: 100 + (i % 400),
  status: STATUSES[i % STATUSES.length],
});

/** Signs a new reader up through the API and answers the session cookie's name and value (for the browser). */
export async function signUp(base: string): Promise<{ name: string; value: string }> {
  const cookie = await signUpForCookie(base);
  const at = cookie.indexOf('=');
  if (at < 1) throw new Error('bench/bundle: register set no session cookie');
  return { name: cookie.slice(0, at), value: cookie.slice(at + 1) };
}

/** Adds `count` varied books through POST /api/books, the path a person's additions take. */
export const addBooks = (base: string, cookie: string, count: number) => seedBooks(base, cookie, count, dashboardBook);
