import type { Me } from '@bookshelf/contract';

/** A signed-in password user, as GET /api/me answers for them. Spread it to vary a field: `{ ...testMe, avatar }`. */
export const testMe: Me = {
  id: 'u1',
  name: 'Ada Reader',
  email: 'ada@example.org',
  avatar: null,
  provider: 'password',
  readingGoal: 50,
  joinedDate: '2025-01-01T00:00:00.000Z',
  hasPassword: true,
};
