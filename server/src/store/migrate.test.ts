/**
 * Migrations that rewrite stored data, run on an embedded database holding matches made before
 * them: the rows they must change change, the others do not.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { openStore } from './open.js';
import { sampleMatch } from './store-contract.js';

const PAO = '20261127190000_pao_whole_hand';

describe('migrations over stored matches', () => {
  it(`${PAO}: riichi matches played before it keep liability on the liable yakuman only`, async () => {
    const store = await openStore({ kind: 'pglite', dataDir: null });
    try {
      const played = sampleMatch({ ruleset: 'riichi-modern', options: { pao: true } });
      const sanma = sampleMatch({ ruleset: 'riichi-sanma', options: {} });
      const chosen = sampleMatch({ ruleset: 'riichi-modern', options: { paoWholeHand: true } });
      const imported = sampleMatch({ ruleset: 'riichi-modern', options: {}, imported: { log: [] } });
      const hk = sampleMatch({ options: { minFaan: 3 } });
      await store.writeBatch([played, sanma, chosen, imported, hk].map((match) => ({ kind: 'createMatch', match })));
      // As if the database had not had this migration yet: it runs again at the next start.
      await store.prisma.$executeRawUnsafe('DELETE FROM "_mj_migrations" WHERE name = $1', PAO);
      expect(await migrate(store.prisma, { lock: false })).toEqual([PAO]);
      const options = async (id: string) => (await store.loadMatch(id))?.options;
      expect(await options(played.id)).toEqual({ pao: true, paoWholeHand: false });
      expect(await options(sanma.id)).toEqual({ paoWholeHand: false });
      expect(await options(chosen.id)).toEqual({ paoWholeHand: true });
      expect(await options(imported.id)).toEqual({});
      expect(await options(hk.id)).toEqual({ minFaan: 3 });
    } finally {
      await store.close();
    }
  });
});
