// drizzle-kit configuration: `npm run db:generate` writes a new migration from src/store/schema.ts.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema.ts',
  out: './src/store/migrations',
});
