/**
 * Replay analysis of a whole match: 16 hands of riichi by hard bots replayed into stored
 * frames (with each seat's legal actions, as the replay endpoint serves them), then every discard
 * decision of every seat analysed from that seat's view (shanten, ranked candidates with
 * effective tiles, the hard bot's choice) and the per-player summary, as the replay page does
 * when it opens. Also one step with every part (danger against riichi included), and a Hong Kong
 * match for the minimum-faan search. Figures only; nothing is asserted.
 */
import { analyseTurn, type ReplayFrame, reviewMatch, reviewRulesFor, SEATS, seatViewOf } from '@mahjong/shared';
import { replayFrames } from '../src/replay.js';
import type { MatchRecord } from '../src/store/types.js';
import { playBotMatch } from '../src/table/sim.js';
import type { MatchConfig } from '../src/table/types.js';

const players = SEATS.map((s) => ({ name: `Bot ${s}`, bot: true })) as unknown as MatchConfig['players'];

function framesOf(ruleset: MatchConfig['ruleset'], seed: string, hands: number, rounds: number): ReplayFrame[] {
  const config: MatchConfig = { seed, ruleset, players, options: {}, rounds };
  const { engine } = playBotMatch(config, { level: 'hard', maxHands: hands });
  const record = { ...config, id: 'bench', seats: players.map((p, seat) => ({ seat, ...p, nonce: null })) };
  return replayFrames(record as unknown as MatchRecord, engine.log, { legal: true }).frames;
}

const cpu = () => process.cpuUsage().user / 1000;

/** The median of `runs` timings (wall and CPU ms) of `f`, after one cold run. */
function time(f: () => void, runs = 5): { coldMs: number; wallMs: number; cpuMs: number } {
  let t = performance.now();
  f();
  const coldMs = performance.now() - t;
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    const c = cpu();
    f();
    walls.push(performance.now() - t);
    cpus.push(cpu() - c);
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const r = (x: number) => Math.round(x * 10) / 10;
  return { coldMs: r(coldMs), wallMs: r(mid(walls)), cpuMs: r(mid(cpus)) };
}

// 16 hands of riichi-modern: an east-south match rarely lasts that long (8-12 hands with the
// repeats), so a whole match's frames and the first hands of a second one, one after the other.
const first = framesOf('riichi-modern', 'a11ce'.repeat(12) + 'abcd', 16, 2);
const firstHands = new Set(first.map((f) => f.view.handNumber)).size;
const riichi = [...first, ...framesOf('riichi-modern', 'b0a7'.repeat(16), 16 - firstHands, 2)];
const riichiRules = reviewRulesFor('riichi-modern');
const hands = firstHands + new Set(riichi.slice(first.length).map((f) => f.view.handNumber)).size;
const review = reviewMatch(riichi, riichiRules);
const whole = time(() => reviewMatch(riichi, riichiRules));
// One step of the page: the seat shown, every part.
const steps = riichi.flatMap((f) => SEATS.map((s) => seatViewOf(f, s))).filter((v) => v.phase === 'playing');
const perStep = time(() => {
  for (const v of steps) analyseTurn(v, riichiRules);
}, 3);

const hk = framesOf('hk-new', 'b0b'.repeat(21) + 'a', 8, 4);
const hkRules = reviewRulesFor('hk-new');
const hkSteps = hk.flatMap((f) => SEATS.map((s) => seatViewOf(f, s))).filter((v) => v.phase === 'playing');
const hkPerStep = time(() => {
  for (const v of hkSteps) analyseTurn(v, hkRules);
}, 3);

console.log(
  JSON.stringify({
    riichiMatch: {
      hands,
      frames: riichi.length,
      decisions: review.decisions.length,
      wholeMatchMs: whole,
      target: 'under 1000 ms for a 16-hand riichi match',
    },
    everyPartPerStep: {
      riichiSteps: steps.length,
      riichiMicroseconds: Math.round((perStep.cpuMs / steps.length) * 1000),
      hkSteps: hkSteps.length,
      hkMicroseconds: Math.round((hkPerStep.cpuMs / hkSteps.length) * 1000),
    },
  }),
);
