/**
 * `npm run --silent score`: the command-line scorer of docs/scoring-command.md.
 *
 *   npm run --silent score -- '<hand>' [--ruleset hk-new|hk-old|riichi|riichi-modern|riichi-sanma] [--self-drawn] ...   human-readable
 *   npm run --silent score -- --json < requests.json                                      machine-readable
 *
 * JSON mode reads one request or an array from standard input and prints one result or an
 * array in the same order, nothing else; exit 0 unless the input is not JSON (exit 2). The
 * scoring itself is the pure `scoreRequest` of shared/; this file only does the I/O, reaching
 * Node's `process` through `globalThis` so that shared/ stays free of Node types.
 */
import { explain, requestFromArgs, resultToJson, SCORE_VALUE_FLAGS, scoreRequest } from '../scoring/index.js';

interface Proc {
  readonly argv: readonly string[];
  readonly stdin: AsyncIterable<string> & { setEncoding(e: string): void };
  readonly stdout: { write(s: string): boolean };
  readonly stderr: { write(s: string): boolean };
  exitCode?: number;
}
const proc = (globalThis as unknown as { process: Proc }).process;
const out = (s: string) => proc.stdout.write(s);
const err = (s: string) => proc.stderr.write(s);

const USAGE = `Scores a mahjong hand. Patterns are named in English and Traditional Chinese.

  npm run --silent score -- '<hand>' [options]      explain one hand
  npm run --silent score -- --json < requests.json  score JSON requests (docs/scoring-command.md)

<hand> is the concealed tiles in notation (123m456p789s11z); the last tile written is the
winning tile unless --win is given. Melds are given apart.

  --ruleset <id>                   hk-new (default), hk-old, riichi, riichi-modern or riichi-sanma
  --win <tile>                     the winning tile (then <hand> is the tiles before it)
  --chow|--pung|--kong <tiles>     a declared meld (repeatable); --concealed-kong <tiles>
  --flowers <tiles>                bonus tiles, e.g. 15f
  --seat <1-4|E|S|W|N>             seat wind (default East)   --round <wind>  prevailing wind
  --dealer / --not-dealer          (default: dealer when seat is East)
  --self-drawn                     won on a tile from the wall (default: on a discard)
  --discarder <wind>               who discarded (for split payments)
  --last-tile --last-discard --robbing-kong --kong-replacement --double-kong
  --heavenly --earthly --renhou --riichi --double-riichi --ippatsu   winning conditions
  --dora <n>                       riichi dora count (red fives: write 0m/0p/0s)
  --north <n>                      riichi-sanma: Norths set aside (0-4), one dora each
  --option key=value               a table option (repeatable), e.g. --option faanCap=10,
                                   --option renhou=mangan (riichi-modern),
                                   --option tsumoPayment=north-bisection (riichi-sanma)
  --options '<json>'               all options as a JSON object
  --json                           print the result as JSON
`;

async function readStdin(): Promise<string> {
  proc.stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of proc.stdin) text += chunk;
  return text;
}

async function main(): Promise<void> {
  const args = proc.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    out(USAGE);
    return;
  }
  const positional = args.some((a, i) => !a.startsWith('--') && !isFlagValue(args, i));
  if (args.includes('--json') && !positional) {
    const text = await readStdin();
    let data: unknown;
    try {
      data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (e) {
      err(`score: standard input is not JSON (${(e as Error).message})\n`);
      proc.exitCode = 2;
      return;
    }
    const results = Array.isArray(data)
      ? data.map((r) => resultToJson(scoreRequest(r)))
      : resultToJson(scoreRequest(data));
    out(`${JSON.stringify(results)}\n`);
    return;
  }
  const parsed = requestFromArgs(args);
  if ('code' in parsed) {
    err(`score: ${parsed.message}\n\n${USAGE}`);
    proc.exitCode = 2;
    return;
  }
  const result = scoreRequest(parsed.request);
  if (parsed.json) out(`${JSON.stringify(resultToJson(result), null, 2)}\n`);
  else out(explain(result, parsed.request));
  if (!result.valid) proc.exitCode = 1;
}

const isFlagValue = (args: readonly string[], i: number): boolean =>
  i > 0 && SCORE_VALUE_FLAGS.has(args[i - 1] as string);

await main();
