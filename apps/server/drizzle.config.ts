import { defineConfig } from 'drizzle-kit';

// Migrations are generated offline (`npm run db:generate`) and committed; no database is needed to generate.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
