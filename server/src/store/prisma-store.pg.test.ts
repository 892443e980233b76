import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { createTestDatabase } from '../../test/pg.js';
import { openStore } from './open.js';
import { storeContract } from './store-contract.js';

const db = await createTestDatabase(`mj_store_${randomBytes(4).toString('hex')}`);
afterAll(() => db.drop());
storeContract('PostgreSQL', () => openStore({ kind: 'postgres', url: db.url }));
