/**
 * Prisma CLI configuration. The project runs Prisma 6.19 with the JS query compiler and driver
 * adapters (PGlite embedded, PostgreSQL via `pg`), so `prisma generate` needs no engine download.
 * Migrations are plain SQL files in prisma/migrations applied by the server at start.
 */
import { defineConfig } from 'prisma/config';

process.env.DATABASE_URL ??= 'postgresql://localhost:5432/unused';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  engine: 'js',
  experimental: { adapter: true },
} as Parameters<typeof defineConfig>[0]);
