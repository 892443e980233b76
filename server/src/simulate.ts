/**
 * `npm run simulate -- --hands N --seed S [--ruleset hk-new|hk-old|riichi-modern|riichi|riichi-sanma] [--level easy|normal|hard]
 * [--json] [--no-check]`: bot matches with the table's invariants checked after every event
 * (tile conservation, hand sizes, zero-sum scores, lockstep replay equal to the live state, no
 * view leaking a hidden tile). The same seed gives the same summary (timing figures aside).
 */
import { DEFAULT_RULESET } from '@mahjong/shared';
import { createHash } from 'node:crypto';
import type { HandResultView } from '@mahjong/shared';
import { BOT_LEVELS, type BotLevel } from './table/bot.js';
import { playBotMatch } from './table/sim.js';
import { ENGINE_RULESETS, type EngineRulesetId } from './table/types.js';

interface Args {
  hands: number;
  seed: string;
  ruleset: EngineRulesetId;
  level: BotLevel;
  json: boolean;
  check: boolean;
}

function parseArgs(argv: readonly string[]): Args | string {
  const a: Args = { hands: 100, seed: '1', ruleset: DEFAULT_RULESET, level: 'normal', json: false, check: true };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    switch (k) {
      case '--hands':
        a.hands = Number(v);
        if (!Number.isInteger(a.hands) || a.hands < 1) return '--hands takes a whole number';
        i++;
        break;
      case '--seed':
        if (v === undefined) return '--seed takes a value';
        a.seed = v;
        i++;
        break;
      case '--ruleset':
        if (!(ENGINE_RULESETS as readonly string[]).includes(v ?? ''))
          return `--ruleset: ${ENGINE_RULESETS.join(', ')}`;
        a.ruleset = v as EngineRulesetId;
        i++;
        break;
      case '--level':
        if (!(BOT_LEVELS as readonly string[]).includes(v ?? '')) return `--level: ${BOT_LEVELS.join(', ')}`;
        a.level = v as BotLevel;
        i++;
        break;
      case '--json':
        a.json = true;
        break;
      case '--no-check':
        a.check = false;
        break;
      case '--help':
        return 'usage: npm run simulate -- --hands N --seed S [--ruleset R] [--level L] [--json] [--no-check]';
      default:
        return `unknown argument ${k}`;
    }
  }
  return a;
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

export function simulate(args: Args) {
  const started = performance.now();
  const results: HandResultView[] = [];
  const failures: string[] = [];
  let invariantFailures = 0;
  let matches = 0;
  let events = 0;
  while (results.length < args.hands) {
    const seed = hex(`simulate:${args.seed}:${matches}`);
    const players = [0, 1, 2, 3].map((i) => ({ name: `Bot ${i + 1}`, bot: true })) as unknown as Parameters<
      typeof playBotMatch
    >[0]['players'];
    const run = playBotMatch(
      { seed, ruleset: args.ruleset, players },
      { level: args.level, check: args.check, maxHands: args.hands - results.length },
    );
    matches++;
    events += run.events;
    invariantFailures += run.failures.length;
    for (const f of run.failures) if (failures.length < 20) failures.push(`match ${matches - 1}: ${f}`);
    results.push(...run.engine.results());
  }
  const seconds = (performance.now() - started) / 1000;
  const wins = results.filter((r) => r.kind === 'win');
  const patterns: Record<string, number> = {};
  for (const r of wins) for (const p of r.patterns ?? []) patterns[p.name] = (patterns[p.name] ?? 0) + 1;
  const faan = wins.reduce((n, r) => n + (r.faan ?? 0), 0);
  const withPattern = (...names: string[]) =>
    wins.filter((r) => (r.patterns ?? []).some((p) => names.includes(p.name))).length;
  return {
    seed: args.seed,
    ruleset: args.ruleset,
    level: args.level,
    matches,
    hands: results.length,
    wins: wins.length,
    draws: results.length - wins.length,
    winsByKind: {
      selfDrawn: wins.filter((r) => r.selfDrawn).length,
      discard: wins.filter((r) => !r.selfDrawn).length,
      limit: wins.filter((r) => r.limit).length,
      robbingKong: withPattern('robbing-kong'),
      kongReplacement: withPattern('win-by-kong', 'win-by-double-kong'),
      lastTileOrDiscard: withPattern('last-catch', 'last-tile', 'last-discard'),
      heavenly: withPattern('heavenly-hand'),
      earthly: withPattern('earthly-hand'),
    },
    patterns: Object.fromEntries(Object.entries(patterns).sort(([a], [b]) => a.localeCompare(b))),
    averageFaan: wins.length === 0 ? 0 : Math.round((faan / wins.length) * 100) / 100,
    events,
    checked: args.check,
    invariantFailures,
    failures,
    /** sha256 of every hand's result: equal digests, equal games. */
    digest: hex(JSON.stringify(results)).slice(0, 16),
    handsPerSecond: Math.round(results.length / seconds),
  };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(args);
    process.exit(2);
  }
  const summary = simulate(args);
  if (args.json) {
    console.log(JSON.stringify(summary));
  } else {
    const pct = (n: number) => `${((100 * n) / summary.hands).toFixed(1)}%`;
    console.log(
      `${summary.hands} hands in ${summary.matches} matches (${args.ruleset}, ${args.level} bots, seed ${args.seed})`,
    );
    console.log(
      `wins ${summary.wins} (${pct(summary.wins)}): self-drawn ${summary.winsByKind.selfDrawn}, on a discard ${summary.winsByKind.discard}, limit hands ${summary.winsByKind.limit}`,
    );
    console.log(`draws ${summary.draws} (${pct(summary.draws)})   average faan ${summary.averageFaan}`);
    console.log(
      `patterns: ${Object.entries(summary.patterns)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(
      `invariants ${args.check ? 'checked after every event' : 'not checked'}: ${summary.invariantFailures} failures`,
    );
    for (const f of summary.failures) console.log(`  ${f}`);
    console.log(`${summary.handsPerSecond} hands/s (${summary.events} events)   digest ${summary.digest}`);
  }
  process.exit(summary.invariantFailures === 0 ? 0 : 1);
}

main();
