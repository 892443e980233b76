/**
 * `npm run --silent mjai-bot -- SEAT`: the project's own bot (`shared/src/bot.ts`) as an mjai
 * command, as Mortal's command-line bot runs: one mjai event a line on stdin, one reaction a line
 * on stdout whenever its seat can act (`{"type":"none"}` when it passes), nothing otherwise. Its
 * picture of the hand is `seatView` (`server/src/mjai/seat-picture.ts`). A line it cannot read,
 * or a hand it cannot picture, is said on stderr and answered with nothing (the server's
 * timeout then lets the built-in bot play).
 */
import { createInterface } from 'node:readline';
import { chooseBotAction, type Seat, type TileKind } from '@mahjong/shared';
import type { MjaiEvent } from '../logs/mjai.js';
import { fromMjaiName } from '../logs/tiles.js';
import { type GameInfo, gameInfo, reactionOf, seatView } from './seat-picture.js';

/** The events after which this seat may have a move to make. */
function mayAct(e: MjaiEvent, seat: Seat): boolean {
  switch (e.type) {
    case 'tsumo':
    case 'chi':
    case 'pon':
      return e.actor === seat;
    case 'dahai':
    case 'kakan':
    case 'nukidora':
      return e.actor !== seat;
    default:
      return false;
  }
}

/** Reads events and answers them; `write` gets each reaction line. */
export class MjaiBot {
  private game: GameInfo = { names: ['', '', '', ''], redFives: true, rounds: 2 };
  private hand: MjaiEvent[] | null = null;
  /** Its own pungs by kind (mjai names of the three tiles), for an added kong. */
  private readonly pungs = new Map<TileKind, string[]>();
  /** The discard that goes with its `reach`, sent when the server sends the `reach` back. */
  private riichiDiscard: MjaiEvent | null = null;

  constructor(
    readonly seat: Seat,
    private readonly write: (line: string) => void,
  ) {}

  event(e: MjaiEvent): void {
    switch (e.type) {
      case 'start_game':
        this.game = gameInfo(e);
        this.hand = null;
        return;
      case 'start_kyoku':
        this.hand = [e];
        this.pungs.clear();
        this.riichiDiscard = null;
        return;
      case 'end_kyoku':
      case 'end_game':
        this.hand = null;
        return;
      default:
        break;
    }
    if (this.hand === null) return;
    this.hand.push(e);
    if (e.type === 'pon' && e.actor === this.seat) {
      const kind = fromMjaiName(e.pai)?.kind;
      if (kind !== undefined) this.pungs.set(kind, [String(e.pai), ...(e.consumed as string[])]);
    }
    if (e.type === 'reach' && e.actor === this.seat && this.riichiDiscard !== null) {
      this.send(this.riichiDiscard);
      this.riichiDiscard = null;
      return;
    }
    if (!mayAct(e, this.seat)) return;
    const view = seatView(this.game, this.seat, this.hand);
    if (view.legalActions.length === 0) return;
    const action = chooseBotAction(view) ?? { type: 'pass' };
    if (action.type === 'riichi') {
      this.riichiDiscard = reactionOf(
        view,
        this.seat,
        { type: 'discard', tile: action.tile, ...(action.red === undefined ? {} : { red: action.red }) },
        this.pungs,
      );
    }
    this.send(reactionOf(view, this.seat, action, this.pungs));
  }

  private send(reaction: MjaiEvent): void {
    this.write(JSON.stringify(reaction));
  }
}

function main(): void {
  const seat = Number(process.argv[process.argv.length - 1]);
  if (![0, 1, 2, 3].includes(seat)) {
    process.stderr.write('usage: npm run --silent mjai-bot -- SEAT (0-3)\n');
    process.exit(2);
  }
  const bot = new MjaiBot(seat as Seat, (line) => process.stdout.write(`${line}\n`));
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    try {
      bot.event(JSON.parse(line) as MjaiEvent);
    } catch (error) {
      process.stderr.write(
        `mjai-bot: ${error instanceof Error ? error.message : String(error)}: ${line.slice(0, 200)}\n`,
      );
    }
  });
}

if (process.argv[1]?.endsWith('bot-command.ts')) main();
