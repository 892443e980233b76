/**
 * The outside AIs an operator offers (never a player: a player only picks one of these names).
 * `MJAI_BOTS` holds a JSON object, or `MJAI_BOTS_FILE` the path of a JSON file, of the form
 * `{ "name": { "command": "...", "args": [...], ...limits } }`; the seat number is added as the
 * last argument when the command starts (as Mortal's `mortal.py <ID>` takes it).
 */
import { readFileSync } from 'node:fs';
import { fail, ok, type Result } from '@mahjong/shared';

export interface MjaiBotSpec {
  /** As the lobby offers it: 1-32 letters, digits, `-` or `_`. */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** The command's working folder (default: the server's). */
  readonly cwd?: string;
  /** How long one decision may take (ms) before the built-in bot makes it. */
  readonly timeoutMs: number;
  /** Added to the timeout until its first line (loading a model, starting a runtime) (ms). */
  readonly startupMs: number;
  /** The resident memory of the bot's whole process group, polled; killed above it (MB). */
  readonly memoryMb: number;
  /** CPU seconds of each of its processes for the whole match (`ulimit -t`). */
  readonly cpuSeconds: number;
  /** Virtual memory of each process (`ulimit -v`, MB); 0 none (Node and WebAssembly reserve far
   * more address space than they use, so it only suits native bots). */
  readonly addressSpaceMb: number;
  /** The longest line it may write (bytes); a longer one is a flood and the process is killed. */
  readonly maxLineBytes: number;
}

export const MJAI_DEFAULTS = {
  timeoutMs: 3000,
  startupMs: 10_000,
  memoryMb: 1024,
  cpuSeconds: 600,
  addressSpaceMb: 0,
  maxLineBytes: 16 * 1024,
} as const;

const NAME = /^[A-Za-z0-9_-]{1,32}$/;
const LIMITS = Object.keys(MJAI_DEFAULTS) as (keyof typeof MJAI_DEFAULTS)[];

/** Reads the operator's list (a JSON object as text). */
export function parseMjaiBots(text: string): Result<readonly MjaiBotSpec[], 'config/mjai_bots'> {
  const bad = (why: string) => fail('config/mjai_bots' as const, `MJAI_BOTS: ${why}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return bad('not JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('an object of name: { command, args }');
  const out: MjaiBotSpec[] = [];
  for (const [name, v] of Object.entries(raw)) {
    if (!NAME.test(name)) return bad(`the name ${JSON.stringify(name)} is not 1-32 letters, digits, - or _`);
    const s = v as Record<string, unknown>;
    if (typeof s !== 'object' || s === null || typeof s.command !== 'string' || s.command === '') {
      return bad(`${name}: a command`);
    }
    const args = s.args ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) return bad(`${name}: args are strings`);
    if (s.cwd !== undefined && typeof s.cwd !== 'string') return bad(`${name}: cwd is a path`);
    const limits: Record<string, number> = { ...MJAI_DEFAULTS };
    for (const k of LIMITS) {
      const x = s[k];
      if (x === undefined) continue;
      if (typeof x !== 'number' || !Number.isInteger(x) || x < 0) return bad(`${name}: ${k} is a whole number`);
      limits[k] = x;
    }
    out.push({
      name,
      command: s.command,
      args: args as string[],
      ...(s.cwd === undefined ? {} : { cwd: s.cwd as string }),
      ...(limits as typeof MJAI_DEFAULTS),
    });
  }
  return ok(out);
}

/** The list from the environment (`MJAI_BOTS`, else the file `MJAI_BOTS_FILE`); none by default. */
export function mjaiBotsFromEnv(env: NodeJS.ProcessEnv): Result<readonly MjaiBotSpec[], 'config/mjai_bots'> {
  if (env.MJAI_BOTS !== undefined && env.MJAI_BOTS !== '') return parseMjaiBots(env.MJAI_BOTS);
  if (env.MJAI_BOTS_FILE !== undefined && env.MJAI_BOTS_FILE !== '') {
    return parseMjaiBots(readFileSync(env.MJAI_BOTS_FILE, 'utf8'));
  }
  return ok([]);
}
