/**
 * A finished riichi match as an mjai event log: one JSON object per line, `start_game`, then per
 * hand `start_kyoku`, `tsumo`, `dahai`, `chi`, `pon`, `daiminkan`, `kakan`, `ankan`, `reach`,
 * `reach_accepted`, `dora`, `hora` / `ryukyoku`, `end_kyoku`, and `end_game`. Every tile is
 * shown (the log is written after the match, so no `?`). Fields as the mjai protocol and its
 * converters (mjai-reviewer's convlog, Mortal) use them: see `server/src/logs/README.md`.
 */
import type { Seat } from '@mahjong/shared';
import { type HandEvent, type HandRecord, type HandStart, type MatchRecording, winDeltas } from './record.js';
import { type LogTile, mjaiName } from './tiles.js';

export type MjaiEvent = { readonly type: string } & Readonly<Record<string, unknown>>;

const WIND_NAMES = ['E', 'S', 'W', 'N'] as const;
const names = (ts: readonly LogTile[]): string[] => ts.map(mjaiName);

/** The mjai events of one recorded event (none for a win or nine terminals: the hand's end tells them). */
export function mjaiEventsOf(e: HandEvent): MjaiEvent[] {
  switch (e.type) {
    case 'draw':
      return [{ type: 'tsumo', actor: e.seat, pai: mjaiName(e.tile) }];
    case 'discard': {
      const dahai = { type: 'dahai', actor: e.seat, pai: mjaiName(e.tile), tsumogiri: e.tsumogiri };
      return e.riichi ? [{ type: 'reach', actor: e.seat }, dahai] : [dahai];
    }
    case 'chow':
    case 'pung':
    case 'kong': {
      const type = e.type === 'chow' ? 'chi' : e.type === 'pung' ? 'pon' : 'daiminkan';
      return [{ type, actor: e.seat, target: e.from, pai: mjaiName(e.tile), consumed: names(e.own) }];
    }
    case 'concealedKong':
      return [{ type: 'ankan', actor: e.seat, consumed: names(e.tiles) }];
    case 'addedKong':
      return [{ type: 'kakan', actor: e.seat, pai: mjaiName(e.tile), consumed: names([e.claimed, ...e.own]) }];
    case 'north':
      // three-player riichi: the name Mortal's three-player libriichi and mjai.app's 3p bots use
      return [{ type: 'nukidora', actor: e.seat, pai: mjaiName(e.tile) }];
    case 'dora':
      return [{ type: 'dora', dora_marker: mjaiName(e.tile) }];
    case 'riichiStick':
      return [{ type: 'reach_accepted', actor: e.seat }];
    case 'win':
    case 'nineTerminals':
      return [];
  }
}

/** `hora` (one per winner) or `ryukyoku`: how a finished hand ended. */
export function mjaiEndOf(h: HandRecord): MjaiEvent[] {
  const r = h.result;
  if (r.kind === 'draw') return [{ type: 'ryukyoku', deltas: [...r.deltas] }];
  return [r, ...(r.otherWins ?? [])].map((w, i) => {
    const winner = w.winner as Seat;
    return {
      type: 'hora',
      actor: winner,
      target: w.selfDrawn === true ? winner : (w.discarder as Seat),
      deltas: winDeltas(w, winner, i === 0),
      ura_markers: w.uraIndicators === undefined ? [] : names(h.uraIndicators),
    };
  });
}

/** `start_kyoku` of a hand (every seat's 13 tiles: whoever is told it hides the others'). */
export function mjaiStartKyoku(h: HandStart | HandRecord): MjaiEvent {
  const indicator = 'doraIndicator' in h ? h.doraIndicator : (h.doraIndicators[0] as LogTile);
  return {
    type: 'start_kyoku',
    bakaze: WIND_NAMES[h.round % 4],
    dora_marker: mjaiName(indicator),
    kyoku: h.dealer + 1,
    honba: h.honba,
    kyotaku: h.sticks,
    oya: h.dealer,
    scores: [...h.scores],
    tehais: h.deal.map(names),
  };
}

/** The events of one hand, `start_kyoku` to `end_kyoku`. */
export function mjaiHand(h: HandRecord): MjaiEvent[] {
  const out: MjaiEvent[] = [mjaiStartKyoku(h)];
  for (const e of h.events) out.push(...mjaiEventsOf(e));
  out.push(...mjaiEndOf(h), { type: 'end_kyoku' });
  return out;
}

/** `start_game` of a match (`kyoku_first` 0 for east-south matches, 4 for east only, as the
 * converters write it). */
export const mjaiStartGame = (names: readonly string[], rounds: number, redFives: boolean): MjaiEvent => ({
  type: 'start_game',
  names: [...names],
  kyoku_first: rounds === 1 ? 4 : 0,
  aka_flag: redFives,
});

/** A recorded match as mjai events. */
export function toMjai(m: MatchRecording): MjaiEvent[] {
  return [mjaiStartGame(m.names, m.rounds, m.redFives), ...m.hands.flatMap(mjaiHand), { type: 'end_game' }];
}

/** JSON lines, one event a line. */
export const mjaiLines = (events: readonly MjaiEvent[]): string =>
  `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;
