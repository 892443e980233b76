/**
 * Applies prisma/migrations/<name>/migration.sql in name order, each once, recorded in
 * `_mj_migrations`. The Prisma CLI cannot reach an embedded PGlite, so the server runs the SQL
 * itself at start, the same way for PostgreSQL.
 */
import { statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrismaClient } from '../generated/prisma/client.js';

/**
 * prisma/migrations, looked for upwards from this module: from server/src/store under tsx, from
 * server/dist when bundled (scripts/build-server.mjs).
 */
export const MIGRATIONS_DIR = findUp(path.dirname(fileURLToPath(import.meta.url)), 'prisma/migrations');

function findUp(from: string, relative: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    // (stat, not existsSync: access() checks the real user's rights, and a server started as an
    // unprivileged user that reads the checkout by a capability found nothing and looked in /.)
    if (statSync(candidate, { throwIfNoEntry: false }) !== undefined) return candidate;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../..', relative);
  }
}

/** Splits a migration file into statements (Prisma's generated SQL has no `;` inside literals). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<{ name: string; sql: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name, 'migration.sql'), 'utf8') })),
  );
}

/**
 * Applies what is missing in one transaction (under an advisory lock on PostgreSQL, so two
 * servers starting together do not both migrate). Returns the names it applied now.
 */
export async function migrate(prisma: PrismaClient, options: { lock: boolean; dir?: string }): Promise<string[]> {
  const migrations = await listMigrations(options.dir);
  return prisma.$transaction(
    async (tx) => {
      if (options.lock) await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(727274)');
      await tx.$executeRawUnsafe(
        'CREATE TABLE IF NOT EXISTS "_mj_migrations" (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      const rows = await tx.$queryRawUnsafe<{ name: string }[]>('SELECT name FROM "_mj_migrations"');
      const done = new Set(rows.map((r) => r.name));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        for (const statement of splitStatements(m.sql)) await tx.$executeRawUnsafe(statement);
        await tx.$executeRawUnsafe('INSERT INTO "_mj_migrations" (name) VALUES ($1)', m.name);
        applied.push(m.name);
      }
      return applied;
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
}
