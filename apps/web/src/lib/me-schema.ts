// Loaded on demand by session.ts: a visitor's GET /api/me is a 401 and never needs it.
export { MeSchema } from '@bookshelf/contract';
