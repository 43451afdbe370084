import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the table definitions, committed and never edited after landing.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
