import { storeContract } from './store-contract.js';
import { openStore } from './open.js';

storeContract('PGlite (in memory)', () => openStore({ kind: 'pglite', dataDir: null }));
