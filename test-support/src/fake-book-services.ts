import { startFakeServer, type FakeServer } from './fake-server.js';
import { PLACEHOLDER_GIF, pngImage } from './images.js';

/** A book as the fake services know it; `openLibrary` / `googleBooks` false hides it from that service. */
export interface FakeCatalogueBook {
  isbn13: string;
  title: string;
  subtitle?: string;
  authors: string[];
  publisher?: string;
  publishDate?: string;
  pages?: number;
  description?: string;
  subjects?: string[];
  categories?: string[];
  volumeId?: string;
  openLibrary?: boolean;
  googleBooks?: boolean;
  /** Which services have a real cover (the others answer their placeholder or nothing). */
  covers?: { openLibrary?: boolean; googleBooks?: boolean };
}

export const FAKE_CATALOGUE: FakeCatalogueBook[] = [
  {
    isbn13: '9780439023481',
    title: 'The Hunger Games',
    authors: ['Suzanne Collins'],
    publisher: 'Scholastic Press',
    publishDate: 'September 14, 2008',
    pages: 374,
    description: '<p>Winning will make you <b>famous</b>.</p><p>Losing means certain death.</p>',
    subjects: ['Survival', 'Reality television programs'],
    categories: ['Juvenile Fiction / Action & Adventure / General'],
    volumeId: 'hunger-vol',
    covers: { openLibrary: true, googleBooks: true },
  },
  {
    // Google Books alone, and its cover alone (Open Library answers its 1×1 placeholder).
    isbn13: '9781250301697',
    title: 'The Silent Patient',
    authors: ['Alex Michaelides'],
    publisher: 'Celadon Books',
    publishDate: '2019-02-05',
    pages: 336,
    description: 'A shocking psychological thriller.',
    categories: ['Fiction / Thrillers / Psychological'],
    volumeId: 'silent-vol',
    openLibrary: false,
    covers: { googleBooks: true },
  },
  {
    // Open Library alone, with no cover anywhere.
    isbn13: '9780140328721',
    title: 'Fantastic Mr. Fox',
    authors: ['Roald Dahl'],
    publisher: 'Puffin',
    publishDate: 'October 1, 1988',
    pages: 96,
    subjects: ['Animals', 'Foxes'],
    googleBooks: false,
    covers: {},
  },
];

/**
 * Open Library (Books API, covers) and Google Books (volume search, cover content) on one real HTTP server:
 * each service's base URL is pointed at it, and their paths do not collide. Answers follow the services'
 * documented JSON; `route()` swaps any of them for a failure in a test.
 */
export async function startFakeBookServices(catalogue: FakeCatalogueBook[] = FAKE_CATALOGUE): Promise<FakeServer> {
  const byIsbn = new Map(catalogue.map((b) => [b.isbn13, b]));
  const byVolume = new Map(catalogue.filter((b) => b.volumeId).map((b) => [b.volumeId!, b]));
  return startFakeServer({
    'GET /api/books': (req) => {
      const key = req.query.get('bibkeys') ?? '';
      const book = byIsbn.get(key.replace(/^ISBN:/, ''));
      if (!book || book.openLibrary === false) return { body: {} };
      return {
        body: {
          [key]: {
            url: `https://openlibrary.org/books/OL1M/${encodeURIComponent(book.title)}`,
            key: '/books/OL1M',
            title: book.title,
            ...(book.subtitle ? { subtitle: book.subtitle } : {}),
            authors: book.authors.map((name) => ({ url: 'https://openlibrary.org/authors/OL1A', name })),
            ...(book.pages ? { number_of_pages: book.pages } : {}),
            ...(book.publisher ? { publishers: [{ name: book.publisher }] } : {}),
            ...(book.publishDate ? { publish_date: book.publishDate } : {}),
            subjects: (book.subjects ?? []).map((name) => ({ name, url: 'https://openlibrary.org/subjects/x' })),
          },
        },
      };
    },
    'GET /b/isbn/:file': (req) => {
      const book = byIsbn.get(req.params.file?.replace(/-[SML]\.jpg$/, '') ?? '');
      const real = book?.covers?.openLibrary === true;
      return {
        headers: { 'content-type': real ? 'image/png' : 'image/gif' },
        body: real ? pngImage(300, 450, [180, 40, 40]) : PLACEHOLDER_GIF,
      };
    },
    'GET /books/v1/volumes': (req) => {
      const isbn = (req.query.get('q') ?? '').replace(/^isbn:/, '');
      const book = byIsbn.get(isbn);
      if (!book || book.googleBooks === false) return { body: { kind: 'books#volumes', totalItems: 0 } };
      return {
        body: {
          kind: 'books#volumes',
          totalItems: 1,
          items: [
            {
              kind: 'books#volume',
              id: book.volumeId ?? `vol-${isbn}`,
              volumeInfo: {
                title: book.title,
                ...(book.subtitle ? { subtitle: book.subtitle } : {}),
                authors: book.authors,
                ...(book.publisher ? { publisher: book.publisher } : {}),
                ...(book.publishDate ? { publishedDate: book.publishDate } : {}),
                ...(book.description ? { description: book.description } : {}),
                ...(book.pages ? { pageCount: book.pages } : {}),
                ...(book.categories ? { categories: book.categories } : {}),
                industryIdentifiers: [{ type: 'ISBN_13', identifier: isbn }],
              },
            },
          ],
        },
      };
    },
    'GET /books/content': (req) => {
      const book = byVolume.get(req.query.get('id') ?? '');
      if (!book?.covers?.googleBooks) return { status: 404, body: 'Not found' };
      return { headers: { 'content-type': 'image/png' }, body: pngImage(128, 196, [40, 120, 60]) };
    },
  });
}
