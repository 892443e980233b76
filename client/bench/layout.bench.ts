/**
 * How long the plain-data side of a redraw takes: `layoutTable` for a crowded mid-hand view at
 * three window sizes (the renderer then only reconciles sprites by key). Prints scenes per second
 * and microseconds per scene; a 60 fps frame has 16,700 µs.
 */
import type { TileKind } from '@mahjong/shared';
import { discards, makeView, tiles } from '../src/table/fixture.js';
import { layoutTable } from '../src/table/layout.js';

const d = (n: string) => tiles(n).map((tile, i) => ({ tile, claimed: i === 2 }));
const view = makeView(
  {
    hand: {
      concealed: tiles('23m456p789s11z5z'),
      drawn: tiles('5z')[0] as TileKind,
      waits: tiles('14m'),
      missedWin: false,
    },
    legalActions: discards('23m456p789s15z'),
    lastDiscard: { seat: 3, tile: tiles('9p')[0] as TileKind },
  },
  {
    0: { concealedCount: 11, discards: d('123456789m1234z') },
    1: { concealedCount: 7, bonus: tiles('2367f'), discards: d('19m19p19s1234567z1m') },
    2: { concealedCount: 10, discards: d('2468m2468p2468s1z') },
    3: { concealedCount: 13, discards: d('13579m13579p13579s9p') },
  },
);

for (const [w, h] of [
  [390, 844],
  [1280, 800],
  [1920, 1080],
] as const) {
  for (let i = 0; i < 2000; i++) layoutTable(view, w, h, { selected: i % 14 });
  const n = 20_000;
  const t0 = performance.now();
  let items = 0;
  for (let i = 0; i < n; i++) items += layoutTable(view, w, h, { selected: i % 14 }).items.length;
  const ms = performance.now() - t0;
  console.log(
    `layoutTable ${w}x${h}: ${Math.round(n / (ms / 1000)).toLocaleString('en')} scenes/s, ${((ms * 1000) / n).toFixed(1)} µs per scene (${items / n} items)`,
  );
}
