/**
 * The tenhou.net/6 JSON log: its shape, and a finished riichi match written in it. The format
 * as Tenhou's viewer (tenhou.net/6) reads it and as converters produce it: see
 * `server/src/logs/README.md` for the fields and the sources.
 */
import {
  type BySeat,
  countDora,
  type HandResultView,
  parseTiles,
  type RiichiDrawKind,
  type Seat,
} from '@mahjong/shared';
import { type HandEvent, type HandRecord, type MatchRecording, winDeltas } from './record.js';
import { type LogTile, tenhouCode } from './tiles.js';

/** A take (取) or discard (出) list item: a tile code, 60 (the tile just drawn), 0 (nothing: after
 * an open kong) or a call string. */
export type Tenhou6Item = number | string;

/** One hand: [kyoku, honba, sticks], scores, indicators, 4 x (deal, takes, discards), result. */
export type Tenhou6Hand = [
  [number, number, number],
  number[],
  number[],
  number[],
  ...(number[] | Tenhou6Item[] | Tenhou6Result)[],
];

/** `["和了", deltas, [who, from, pao, text, ...yaku], ...]` or `[name, deltas?]`. */
export type Tenhou6Result = (string | number[] | (string | number)[])[];

export interface Tenhou6Log {
  readonly title: [string, string];
  readonly name: [string, string, string, string];
  readonly rule: { readonly disp: string; readonly aka: number };
  readonly log: Tenhou6Hand[];
}

/** The result names of draws (Tenhou's own words). */
export const TENHOU_DRAWS: Readonly<Record<RiichiDrawKind, string>> = {
  exhaustive: '流局',
  nagashi: '流し満貫',
  nineTerminals: '九種九牌',
  fourWinds: '四風連打',
  fourKongs: '四槓散了',
  fourRiichi: '四家立直',
  tripleRon: '三家和了',
};

const code = (t: LogTile): number => tenhouCode(t);
const codes = (ts: readonly LogTile[]): string => ts.map((t) => String(code(t))).join('');

/** Where the seat a tile came from sits, seen from the caller: 3 left, 2 across, 1 right. */
const relative = (seat: Seat, from: Seat): number => (from - seat + 4) % 4;

/** A pung (`p`) or open kong (`m`) string: the marker and the claimed tile stand where the
 * discarder sits (first from the left, in the middle from across, last from the right). */
function claimString(marker: 'p' | 'm', seat: Seat, from: Seat, tile: LogTile, own: readonly LogTile[]): string {
  const called = `${marker}${code(tile)}`;
  const o = own.map((t) => String(code(t)));
  switch (relative(seat, from)) {
    case 3:
      return called + o.join('');
    case 2:
      return (o[0] as string) + called + o.slice(1).join('');
    default:
      return o.join('') + called;
  }
}

/** The take and discard lists of each seat. */
function seatLists(events: readonly HandEvent[]): { takes: Tenhou6Item[][]; discards: Tenhou6Item[][] } {
  const takes: Tenhou6Item[][] = [[], [], [], []];
  const discards: Tenhou6Item[][] = [[], [], [], []];
  for (const e of events) {
    switch (e.type) {
      case 'draw':
        takes[e.seat]?.push(code(e.tile));
        break;
      case 'discard': {
        const t = e.tsumogiri ? 60 : code(e.tile);
        discards[e.seat]?.push(e.riichi ? `r${t}` : t);
        break;
      }
      case 'chow':
        takes[e.seat]?.push(`c${code(e.tile)}${codes(e.own)}`);
        break;
      case 'pung':
        takes[e.seat]?.push(claimString('p', e.seat, e.from, e.tile, e.own));
        break;
      case 'kong':
        takes[e.seat]?.push(claimString('m', e.seat, e.from, e.tile, e.own));
        // An open kong has no discard of its own: its place in the discards is a 0.
        discards[e.seat]?.push(0);
        break;
      case 'concealedKong':
        discards[e.seat]?.push(`${codes(e.tiles.slice(0, 3))}a${code(e.tiles[3] as LogTile)}`);
        break;
      case 'north':
        // A North set aside (kita) stands in the discards as `f44`, as Mahjong Soul logs
        // converted to this format write it; its replacement is the next take.
        discards[e.seat]?.push('f44');
        break;
      case 'addedKong': {
        const pung = claimString('p', e.seat, e.from, e.claimed, e.own);
        discards[e.seat]?.push(pung.replace(`p${code(e.claimed)}`, `k${code(e.tile)}${code(e.claimed)}`));
        break;
      }
      default:
        break;
    }
  }
  return { takes, discards };
}

const LIMIT_NAMES: readonly [number, string][] = [
  [13, '役満'],
  [11, '三倍満'],
  [8, '倍満'],
  [6, '跳満'],
  [0, '満貫'],
];

/** The score text of a win: `30符2飜2000点`, `満貫2000-4000点`, `40符2飜1300点∀`... */
function pointsText(r: HandResultView, winner: Seat, payments: readonly { from: Seat; amount: number }[]): string {
  const honba = r.honba ?? 0;
  let amount: string;
  if (r.selfDrawn === true) {
    const paid = [...new Set(payments.map((p) => p.amount - honba * 100))].sort((a, b) => a - b);
    amount = winner === r.dealer ? `${paid[0] ?? 0}点∀` : `${paid.join('-')}点`;
  } else {
    amount = `${r.points ?? 0}点`;
  }
  if (r.limit === true || (r.yakuman ?? 0) > 0) {
    const han = (r.yakuman ?? 0) > 0 ? 13 : (r.han ?? 0);
    return `${(LIMIT_NAMES.find(([h]) => han >= h) as [number, string])[1]}${amount}`;
  }
  return `${r.fu ?? 0}符${r.han ?? 0}飜${amount}`;
}

/** Tenhou's names of the yaku (and of dora); a name not listed stays as the scorer writes it. */
const YAKU_NAMES: Readonly<Record<string, string>> = {
  riichi: '立直',
  'double-riichi': '両立直',
  ippatsu: '一発',
  'fully-concealed-self-draw': '門前清自摸和',
  pinfu: '平和',
  'all-simples': '断幺九',
  'dragon-pung': '役牌',
  'seat-wind': '自風',
  'round-wind': '場風',
  'three-colour-chows': '三色同順',
  'two-identical-chows': '一盃口',
  'two-sets-identical-chows': '二盃口',
  'pure-straight': '一気通貫',
  'three-colour-pungs': '三色同刻',
  'three-concealed-pungs': '三暗刻',
  'three-kongs': '三槓子',
  'little-three-dragons': '小三元',
  'all-pungs': '対々和',
  'outside-hand': '混全帯幺九',
  'terminals-in-all-sets': '純全帯幺九',
  'all-terminals-and-honours': '混老頭',
  'half-flush': '混一色',
  'full-flush': '清一色',
  'seven-pairs': '七対子',
  'last-tile-draw': '海底摸月',
  'last-discard': '河底撈魚',
  'after-kong': '嶺上開花',
  'robbing-kong': '槍槓',
  'all-green': '緑一色',
  'four-kongs': '四槓子',
  'hidden-treasure': '四暗刻',
  'big-three-dragons': '大三元',
  'little-four-winds': '小四喜',
  'big-four-winds': '大四喜',
  'all-honours': '字一色',
  'all-terminals': '清老頭',
  'nine-gates': '純正九蓮宝燈',
  'impure-nine-gates': '九蓮宝燈',
  'thirteen-orphans': '国士無双',
  'heavenly-hand': '天和',
  'first-turn-self-draw': '地和',
  'first-turn-discard': '人和',
  dora: 'ドラ',
  'red-five': '赤ドラ',
  'north-dora': '抜きドラ',
};

const WIND_KANJI = ['東', '南', '西', '北'] as const;
const DRAGON_KANJI: Readonly<Record<string, string>> = { '5': '白', '6': '發', '7': '中' };

/** Tenhou names each value tile apart (`役牌 發`, `自風 東`, `場風 南`): read off the winner's sets. */
function valueYaku(r: HandResultView, name: string, value: number): string[] {
  if (name === 'seat-wind' && r.winner !== undefined && r.dealer !== undefined) {
    return [`自風 ${WIND_KANJI[(r.winner - r.dealer + 4) % 4]}(${value}飜)`];
  }
  if (name === 'round-wind' && r.prevailingWind !== undefined) {
    return [`場風 ${WIND_KANJI[(r.prevailingWind - 1) % 4]}(${value}飜)`];
  }
  // The scorer counts each dragon set as a pattern of its own; `value` is all of them.
  const dragons = (r.arrangement ?? []).flatMap((set) => {
    const m = /^([567])\1{2,3}z$/.exec(set);
    return m === null ? [] : [DRAGON_KANJI[m[1] as string] as string];
  });
  // (A recording without the winner's sets: one entry a set all the same, unnamed.)
  if (dragons.length !== value) return Array.from({ length: value }, () => '役牌(1飜)');
  return dragons.map((d) => `役牌 ${d}(1飜)`);
}

/** The scorer counts dora and ura-dora together; Tenhou lists them apart (`ドラ`, `裏ドラ`). */
function doraYaku(r: HandResultView, value: number): string[] {
  const kinds = (r.arrangement ?? []).flatMap((set) => {
    const t = parseTiles(set.replace(/0/g, '5'));
    return t.ok ? t.value : [];
  });
  const ura = r.uraIndicators === undefined ? 0 : countDora(kinds, r.uraIndicators);
  if (ura === 0 || ura > value) return [`ドラ(${value}飜)`];
  return [...(ura < value ? [`ドラ(${value - ura}飜)`] : []), `裏ドラ(${ura}飜)`];
}

/**
 * The yaku as Tenhou lists them. Two patterns of the scorer are one entry there: its dragon sets
 * (one `dragon-pung` each, named by their dragons here) and a double riichi, which Tenhou writes
 * as `両立直(2飜)` alone where the scorer counts riichi and a double riichi on top.
 */
function yakuList(r: HandResultView): string[] {
  const yakuman = (r.yakuman ?? 0) > 0;
  const patterns = (r.patterns ?? []).filter((p) => p.unit !== 'fu');
  const total = (name: string) => patterns.reduce((n, p) => n + (p.name === name ? p.value : 0), 0);
  const double = patterns.some((p) => p.name === 'double-riichi');
  const firstDragon = patterns.find((p) => p.name === 'dragon-pung');
  return patterns.flatMap((p) => {
    if (p.name === 'riichi' && double) return [];
    if (p.name === 'double-riichi' && !yakuman) return [`${YAKU_NAMES[p.name]}(${total('riichi') + p.value}飜)`];
    // All the dragon sets at the first one's place.
    if (p.name === 'dragon-pung') return p === firstDragon ? valueYaku(r, p.name, total(p.name)) : [];
    if (p.name === 'seat-wind' || p.name === 'round-wind') return valueYaku(r, p.name, p.value);
    if (p.name === 'dora' && !yakuman) return doraYaku(r, p.value);
    return [`${YAKU_NAMES[p.name] ?? p.name}(${yakuman ? '役満' : `${p.value}飜`})`];
  });
}

/** The result array of a hand. */
export function tenhouResult(r: HandResultView): Tenhou6Result {
  if (r.kind === 'win') {
    const out: Tenhou6Result = ['和了'];
    for (const [i, w] of [r, ...(r.otherWins ?? [])].entries()) {
      const winner = w.winner as Seat;
      const from = w.selfDrawn === true ? winner : (w.discarder as Seat);
      const mine = w.payments.filter((p) => p.to === winner);
      out.push(winDeltas(w, winner, i === 0), [winner, from, winner, pointsText(w, winner, mine), ...yakuList(w)]);
    }
    return out;
  }
  const kind = r.drawKind ?? 'exhaustive';
  if (kind === 'exhaustive') {
    const ready = r.ready ?? [false, false, false, false];
    if (ready.every((x) => x)) return ['全員聴牌', [...r.deltas]];
    if (ready.every((x) => !x)) return ['全員不聴', [...r.deltas]];
  }
  return [TENHOU_DRAWS[kind], [...r.deltas]];
}

function handOf(h: HandRecord): Tenhou6Hand {
  const { takes, discards } = seatLists(h.events);
  const ura = h.result.uraIndicators !== undefined || (h.result.otherWins ?? []).some((w) => w.uraIndicators);
  const out: Tenhou6Hand = [
    [h.round * 4 + h.dealer, h.honba, h.sticks],
    [...h.scores],
    h.doraIndicators.map(code),
    ura ? h.uraIndicators.map(code) : [],
  ];
  for (const seat of [0, 1, 2, 3] as const) {
    // The deal in the order it was dealt (viewers sort it): which copy of a five a later call
    // takes follows the order the tiles came in, so the order is part of the replay.
    out.push(h.deal[seat].map(code), takes[seat] as Tenhou6Item[], discards[seat] as Tenhou6Item[]);
  }
  out.push(tenhouResult(h.result));
  return out;
}

/**
 * A recorded match as one tenhou.net/6 file. A three-player match keeps the four seats' shape,
 * the North seat's slots empty (its name `""`, its score 0, its deal, takes and discards `[]`), and
 * its rule's name starts with `三`, as three-player files are written (server/src/logs/README.md).
 */
export function toTenhou6(m: MatchRecording, title = ''): Tenhou6Log {
  const length = m.rounds === 1 ? '東' : '南';
  const three = m.seats === 3;
  return {
    title: [title, ''],
    name: [...m.names] as BySeat<string> as [string, string, string, string],
    rule: {
      disp: `${three ? '三' : ''}般${length}${m.openTanyao ? '喰' : ''}${m.redFives ? '赤' : ''}`,
      aka: m.redFives ? 1 : 0,
    },
    log: m.hands.map(handOf),
  };
}
