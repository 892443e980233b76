/**
 * A throwaway PostgreSQL database per test file: CREATE DATABASE mj_<random>, dropped after.
 * Server: PG_URL, default postgresql://root@127.0.0.1:5432/test (trust auth).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../src/generated/prisma/client.js';

export const PG_URL = process.env.PG_URL ?? 'postgresql://root@127.0.0.1:5432/test';

export async function createTestDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new PrismaClient({ adapter: new PrismaPg({ connectionString: PG_URL, max: 1 }) });
  await admin.$executeRawUnsafe(`CREATE DATABASE ${name}`);
  await admin.$disconnect();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new PrismaClient({ adapter: new PrismaPg({ connectionString: PG_URL, max: 1 }) });
      await a.$executeRawUnsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.$disconnect();
    },
  };
}
