/**
 * The table as an XState v5 statechart: the stages of a hand are its states, each transition is
 * guarded by a named rule and each action is a named pure update. The rules themselves (what is
 * legal, what a claim resolves to, what a win scores) are the pure functions of legal.ts,
 * claims.ts, turn.ts, wins.ts, deal.ts and hand-end.ts, and where the ruleset families differ,
 * the table's family rules (rules.ts: hk/, riichi/); the machine is the map of the flow, one for
 * every family.
 *
 *   dealing -> turn -> claimWindow -> turn ... (kongs: replacementDraw, robbingWindow) -> handEnd
 *   -> handOver -> dealing ... -> matchOver   (the diagram: server/src/table/README.md)
 *
 * The context is `{ table }`: the whole table as plain data (one property for XState to copy per
 * update). The data keeps its `phase` and `stage` tags because the views, the bots and the
 * legality functions read the table alone; the graph test checks that they agree with the
 * machine's state at every step.
 *
 * Deadlines live in the context and fire through an explicit, logged `timeout` event: no `after`
 * timers, since a snapshot does not keep them (statelyai/xstate#5331) and replays must reproduce
 * them exactly. Every accepted event first stamps the table (`seq` + 1, its time: `stamp`); an
 * event that no guard lets through changes nothing, and the engine asks legal.ts why.
 */
import type { AbortiveDraw, PlayerAction, Seat } from '@mahjong/shared';
import { assign, setup } from 'xstate';
import {
  answerCloses,
  claimResolution,
  completeAddedKong,
  drawNext,
  markMissedWins,
  meldClaimedTile,
  northWindow,
  recordAnswer,
  setNorthAside,
  wallExhausted,
  winOnClaim,
} from './claims.js';
import { dealTiles, openMatch, replaceDealtBonus } from './deal.js';
import { closeMatch, lastToBeReady, markReady, openResultsPause } from './hand-end.js';
import { canCallNineTerminals, canDeclareRiichi, canWinSelfDrawn, deadline, isFalseWin, isLegal } from './legal.js';
import { familyOf } from './rules.js';
import { bumped, type MatchSetup, type TableState } from './state.js';
import {
  declareConcealedKong,
  discard,
  discardOnTimeout,
  drawReplacement,
  openNorthWindow,
  openRobbing,
} from './turn.js';
import { falseWin } from './wins.js';

export type MachineEvent =
  | { readonly type: 'act'; readonly seat: Seat; readonly action: PlayerAction; readonly at: number }
  | { readonly type: 'timeout'; readonly at: number };

export interface MachineContext {
  readonly table: TableState;
}

export interface MachineInput {
  readonly setup: MatchSetup;
  readonly at: number;
}

type Act = Extract<MachineEvent, { type: 'act' }>;

/** The `act` event of an `act` transition (eventless transitions never read it). */
const actOf = (event: MachineEvent): Act => {
  if (event.type !== 'act') throw new Error(`an ${event.type} event where an action was expected`);
  return event;
};

/** An act event whose action is `type` and legal for its seat now. */
const legal = (s: TableState, event: MachineEvent, type: PlayerAction['type']): boolean =>
  event.type === 'act' && event.action.type === type && isLegal(s, event.seat, event.action);

/** A timeout event at or after the pending deadline. */
const due = (s: TableState, event: MachineEvent): boolean => {
  const d = deadline(s);
  return d !== null && event.at >= d;
};

/** What the open window resolves to, counting the answer that closes it (an `act` event). */
const resolution = (s: TableState, event: MachineEvent) => claimResolution(s, event.type === 'act' ? event : null);

/** How a claim window ends (the first outcome whose guard holds; the last has none). */
const CLAIM_OUTCOMES = [
  { guard: 'claimedWin', target: 'handEnd', action: 'scoreWinOnClaim' },
  { guard: 'abortiveDraw', target: 'handEnd', action: 'declareAbortiveDraw' },
  { guard: 'claimedKong', target: 'replacementDraw', action: 'meldClaimedTile' },
  { guard: 'claimedPung', target: 'turn', action: 'meldClaimedTile' },
  { guard: 'claimedChow', target: 'turn', action: 'meldClaimedTile' },
  { guard: 'wallExhausted', target: 'handEnd', action: 'declareExhaustiveDraw' },
  { guard: null, target: 'turn', action: 'drawNextTile' },
] as const;

/**
 * How a robbing window ends: the kong (or the North, three-player riichi) won on, or completed
 * with its replacement draw. A North set aside reuses the added kong's window: the same answers
 * (win or pass), the same uniform minimum and the same replacement draw after it; only its
 * completion differs (the tile goes aside, not into a meld).
 */
const ROBBING_OUTCOMES = [
  { guard: 'claimedWin', target: 'handEnd', action: 'scoreWinOnClaim' },
  { guard: 'northWindow', target: 'replacementDraw', action: 'setNorthAside' },
  { guard: null, target: 'replacementDraw', action: 'completeAddedKong' },
] as const;

type Outcome = (typeof CLAIM_OUTCOMES)[number] | (typeof ROBBING_OUTCOMES)[number];

/**
 * The transitions that close a window, one per outcome: the closing event (`when`: the last
 * answer, or the deadline) and the outcome's rule; the event's update, the missed-win rule, then
 * the outcome's update. The window closes within the event (no transient state: one step less
 * on every discard).
 */
const closing = (when: 'answerClosesWindow' | 'windowDue', outcomes: readonly Outcome[]) =>
  outcomes.map((o) => ({
    guard: o.guard === null ? when : `${when} & ${o.guard}`,
    target: `#table.${o.target}`,
    actions: run(
      'stamp',
      ...(when === 'answerClosesWindow' ? (['recordAnswer'] as const) : []),
      'markMissedWins',
      // A riichi declaration's stick goes on the table once its discard is not won on.
      ...(o.guard === 'claimedWin' ? [] : (['payRiichiStick'] as const)),
      o.action,
    ),
  }));

/** The tile named by a turn action (discard, riichi, concealed or added kong; not a North). */
const tileOf = (event: MachineEvent) => {
  const a = actOf(event).action;
  if (a.type !== 'discard' && a.type !== 'concealedKong' && a.type !== 'addedKong' && a.type !== 'riichi')
    throw new Error(`no tile in ${a.type}`);
  return a.tile;
};

/** Which copy of a five a discard names, if it says (red fives). */
const redOf = (event: MachineEvent): boolean | undefined => {
  const a = actOf(event).action;
  return a.type === 'discard' || a.type === 'riichi' ? a.red : undefined;
};

/** Whether a discard names a copy besides the tile just drawn (`fromHand`). */
const fromHandOf = (event: MachineEvent): boolean => {
  const a = actOf(event).action;
  return (a.type === 'discard' || a.type === 'riichi') && a.fromHand === true;
};

export type Update = (s: TableState, event: MachineEvent) => TableState;

/**
 * The named pure updates. A transition runs a list of them as one XState action (`run`): one
 * context copy per transition, since XState rebuilds its snapshot on every `assign`. Every
 * transition on an event starts with `stamp`; entry actions and eventless transitions do not.
 */
const UPDATES = {
  /** seq + 1, at the event's time (every accepted event). */
  stamp: (s, e) => bumped(s, e.at),
  dealTiles: (s) => dealTiles(s),
  replaceBonusTiles: (s) => replaceDealtBonus(s),
  scoreSelfDrawnWin: (s) => familyOf(s).selfDrawnWin(s),
  declareConcealedKong: (s, e) => declareConcealedKong(s, tileOf(e)),
  openRobbingWindow: (s, e) => openRobbing(s, tileOf(e), s.at),
  openNorthWindow: (s) => openNorthWindow(s, s.at),
  discardTile: (s, e) => discard(s, tileOf(e), s.at, false, redOf(e), fromHandOf(e)),
  declareRiichi: (s, e) => discard(s, tileOf(e), s.at, true, redOf(e), fromHandOf(e)),
  /** The discard was not won on (riichi: a declaration's stick goes on the table; else nothing). */
  payRiichiStick: (s) => familyOf(s).unwonDiscard(s),
  declareAbortiveDraw: (s) => familyOf(s).abortHand(s, familyOf(s).abortiveDraw(s) as AbortiveDraw),
  abortOnNineTerminals: (s) => familyOf(s).abortHand(s, 'nineTerminals'),
  discardForPlayer: (s) => discardOnTimeout(s, s.at),
  chargeFalseWin: (s, e) => falseWin(s, actOf(e).seat),
  recordAnswer: (s, e) => recordAnswer(s, actOf(e).seat, actOf(e).action),
  markReady: (s, e) => markReady(s, actOf(e).seat),
  drawReplacement: (s) => drawReplacement(s, s.at),
  /** The missed-win rule, as a window closes. */
  markMissedWins: (s) => markMissedWins(s),
  scoreWinOnClaim: (s) => winOnClaim(s),
  meldClaimedTile: (s) => meldClaimedTile(s, s.at),
  completeAddedKong: (s) => completeAddedKong(s),
  setNorthAside: (s) => setNorthAside(s),
  drawNextTile: (s) => drawNext(s, s.at),
  declareExhaustiveDraw: (s) => familyOf(s).exhaustiveDraw(s),
  closeMatch: (s) => closeMatch(familyOf(s).settleMatch(s)),
  openResultsPause: (s) => openResultsPause(s),
} satisfies Record<string, Update>;

type UpdateName = keyof typeof UPDATES;
type MachineAction = ReturnType<typeof assign<MachineContext, MachineEvent, undefined, MachineEvent, never>>;

/** The machine's actions, one per list of updates used by a transition (named by the list). */
// Filled by `run` as the machine's definition is built below; setup keeps this object (not a copy).
const ACTIONS: Record<string, MachineAction> = {};

/** Each action of the machine as the one update it makes of the table (what the engine's stepper runs). */
export const ACTION_UPDATES: Record<string, Update> = {};

/** The action that runs `names` in order, as one `assign`. */
function run(...names: UpdateName[]): string {
  const name = names.join(', ');
  if (ACTIONS[name] === undefined) {
    const fs = names.map((n) => UPDATES[n] as Update);
    const update: Update = (table, event) => {
      let s = table;
      for (const f of fs) s = f(s, event);
      return s;
    };
    ACTION_UPDATES[name] = update;
    ACTIONS[name] = assign<MachineContext, MachineEvent, undefined, MachineEvent, never>({
      table: ({ context, event }) => update(context.table, event),
    });
  }
  return name;
}

export type Rule = (s: TableState, event: MachineEvent) => boolean;

/** The named rules that guard the transitions (each asks the pure functions). */
const RULES = {
  canWinSelfDrawn: (s, e) => e.type === 'act' && canWinSelfDrawn(s, e.seat, e.action),
  canDeclareConcealedKong: (s, e) => legal(s, e, 'concealedKong'),
  canAddKong: (s, e) => legal(s, e, 'addedKong'),
  /** Three-player riichi: set a North aside (kita). */
  canDeclareNorth: (s, e) => legal(s, e, 'north'),
  canDiscard: (s, e) => legal(s, e, 'discard'),
  canDeclareRiichi: (s, e) => e.type === 'act' && canDeclareRiichi(s, e.seat, e.action),
  canCallNineTerminals: (s, e) => e.type === 'act' && canCallNineTerminals(s, e.seat, e.action),
  /** Riichi: nobody won and the hand ends here (four winds, four kongs, four riichi). */
  abortiveDraw: (s) => familyOf(s).abortiveDraw(s) !== null,
  /** A win declared by a seat that may act but has none (accepted and charged with the option on). */
  isFalseWin: (s, e) => e.type === 'act' && isFalseWin(s, e.seat, e.action),
  /** A legal answer, and other answers are still awaited (or the uniform minimum has not passed). */
  answerKeepsWindowOpen: (s, e) => e.type === 'act' && isLegal(s, e.seat, e.action) && !answerCloses(s, e.seat, e.at),
  /** A legal answer that is the last one awaited, after the uniform minimum. */
  answerClosesWindow: (s, e) => e.type === 'act' && isLegal(s, e.seat, e.action) && answerCloses(s, e.seat, e.at),
  turnTimeUp: (s, e) => e.type === 'timeout' && due(s, e),
  windowDue: (s, e) => e.type === 'timeout' && due(s, e),
  pauseOver: (s, e) => e.type === 'timeout' && due(s, e),
  claimedWin: (s, e) => resolution(s, e).winner !== null,
  /** The robbing window is on a North being set aside, not on an added kong. */
  northWindow: (s) => northWindow(s),
  claimedKong: (s, e) => resolution(s, e).meld?.action.type === 'kong',
  claimedPung: (s, e) => resolution(s, e).meld?.action.type === 'pung',
  claimedChow: (s, e) => resolution(s, e).meld?.action.type === 'chow',
  /** Nobody claimed and the next seat has no tile to draw. */
  wallExhausted: (s) => wallExhausted(s),
  /** The family's end: every prevailing wind played or a seat bankrupt (Hong Kong); the shared riichi rule. */
  matchFinished: (s) => familyOf(s).matchFinished(s),
  canSayReady: (s, e) => legal(s, e, 'pass'),
  lastToBeReady: (s, e) => legal(s, e, 'pass') && lastToBeReady(s, actOf(e).seat),
} satisfies Record<string, Rule>;

type Guard = (args: { context: MachineContext; event: MachineEvent }) => boolean;

/** Each guard of the machine as the rule it asks of the table (what the engine's stepper runs). */
export const GUARD_RULES: Record<string, Rule> = { ...RULES };
for (const when of ['answerClosesWindow', 'windowDue'] as const) {
  for (const o of [...CLAIM_OUTCOMES, ...ROBBING_OUTCOMES]) {
    if (o.guard === null) continue;
    const [w, g] = [RULES[when], RULES[o.guard]];
    // One function for the pair (an `and` guard costs XState a lookup per part, on every answer).
    GUARD_RULES[`${when} & ${o.guard}`] = (s, e) => w(s, e) && g(s, e);
  }
}

/** The machine's guards: each rule, and the pairs `when & outcome` that close a window. */
const GUARDS: Record<string, Guard> = {};
for (const [name, rule] of Object.entries(GUARD_RULES)) {
  GUARDS[name] = ({ context, event }) => rule(context.table, event);
}

/** The table the machine starts from (before the initial state's entry actions). */
export const initialTable = (input: MachineInput): TableState => openMatch(input.setup, input.at);

export const tableMachine = setup({
  types: {
    context: {} as MachineContext,
    input: {} as MachineInput,
    events: {} as MachineEvent,
  },
  guards: GUARDS,
  actions: ACTIONS,
}).createMachine({
  id: 'table',
  context: ({ input }) => ({ table: initialTable(input) }),
  initial: 'dealing',
  states: {
    /** Shuffle from the hand seed, deal 13 each and the dealer's 14th, replace bonus tiles dealer first. */
    dealing: {
      entry: run('dealTiles', 'replaceBonusTiles'),
      always: { target: 'turn' },
    },
    /** A seat's turn: it holds a drawn (or claimed) tile and must win, kong or discard. */
    turn: {
      on: {
        act: [
          { guard: 'canWinSelfDrawn', target: 'handEnd', actions: run('stamp', 'scoreSelfDrawnWin') },
          {
            guard: 'canDeclareConcealedKong',
            target: 'replacementDraw',
            actions: run('stamp', 'declareConcealedKong'),
          },
          { guard: 'canAddKong', target: 'robbingWindow', actions: run('stamp', 'openRobbingWindow') },
          { guard: 'canDeclareNorth', target: 'robbingWindow', actions: run('stamp', 'openNorthWindow') },
          { guard: 'canDiscard', target: 'claimWindow', actions: run('stamp', 'discardTile') },
          { guard: 'canDeclareRiichi', target: 'claimWindow', actions: run('stamp', 'declareRiichi') },
          { guard: 'canCallNineTerminals', target: 'handEnd', actions: run('stamp', 'abortOnNineTerminals') },
          { guard: 'isFalseWin', target: 'handEnd', actions: run('stamp', 'chargeFalseWin') },
        ],
        timeout: { guard: 'turnTimeUp', target: 'claimWindow', actions: run('stamp', 'discardForPlayer') },
      },
    },
    /** After a kong: the replacement tile from the dead wall (it cannot run out: see `drawReplacement`). */
    replacementDraw: {
      always: { target: 'turn', actions: run('drawReplacement') },
    },
    /**
     * After every discard: the other seats answer (win, kong, pung, chow, pass) until all have
     * (after the uniform minimum) or time runs out; then it is resolved once, with the missed-win
     * rule: win > pung/kong > chow, else the next seat draws (or the wall is exhausted).
     */
    claimWindow: {
      on: {
        act: [
          { guard: 'answerKeepsWindowOpen', actions: run('stamp', 'recordAnswer') },
          { guard: 'isFalseWin', target: '#table.handEnd', actions: run('stamp', 'chargeFalseWin') },
          ...closing('answerClosesWindow', CLAIM_OUTCOMES),
        ],
        timeout: closing('windowDue', CLAIM_OUTCOMES),
      },
    },
    /** An added kong (or a North set aside): the other seats may win on the tile before it is completed. */
    robbingWindow: {
      on: {
        act: [
          { guard: 'answerKeepsWindowOpen', actions: run('stamp', 'recordAnswer') },
          { guard: 'isFalseWin', target: '#table.handEnd', actions: run('stamp', 'chargeFalseWin') },
          ...closing('answerClosesWindow', ROBBING_OUTCOMES),
        ],
        timeout: closing('windowDue', ROBBING_OUTCOMES),
      },
    },
    /** The hand's result is in (scores, the dealer's move): the match goes on or is over. */
    handEnd: {
      always: [
        { guard: 'matchFinished', target: 'matchOver', actions: run('closeMatch') },
        { target: 'handOver', actions: run('openResultsPause') },
      ],
    },
    /** The results pause: every seat says it is ready, or the pause runs out. */
    handOver: {
      on: {
        act: [
          { guard: 'lastToBeReady', target: 'dealing', actions: run('stamp', 'markReady') },
          { guard: 'canSayReady', actions: run('stamp', 'markReady') },
        ],
        timeout: { guard: 'pauseOver', target: 'dealing', actions: run('stamp') },
      },
    },
    matchOver: { type: 'final' },
  },
});
