/**
 * What the table page does when a new view arrives, besides drawing it: sounds, call-outs at
 * the seat that claimed, konged, took a flower or won ("碰 Pung"), the claimed tile's slide from
 * the discard pond to its meld, and the ARIA live region that reads out your turn, your claim
 * offers, others' calls and results. Everything comes from tableEvents (the two views' public
 * difference), so a spectator sees and hears the same as a player, and nobody learns more.
 */
import type { Seat, TableView } from '@mahjong/shared';
import { audio } from '../audio/player.js';
import type { SoundId } from '../audio/recipes.js';
import { currentLang } from '../i18n/i18n.js';
import type { MessageId } from '../i18n/messages.js';
import { message } from '../i18n/translate.js';
import { positionOf, type Scene, type SceneItem } from './layout.js';
import { CALLED_OUT, type TableEvent, type TableEventKind, tableEvents } from './events.js';
import { listNames, seatName } from './results.js';
import type { HandHints, HintUi } from './hints.js';
import { type Lang, settings } from '../settings/settings.js';

const SOUND_OF: Readonly<Record<TableEventKind, SoundId | null>> = {
  discard: 'discard',
  draw: 'draw',
  chow: 'chow',
  pung: 'pung',
  kong: 'kong',
  flower: 'flower',
  riichi: 'kong',
  win: 'win',
  drawnHand: null,
};

/** A call-out's words: Chinese first, as the table calls it, then English. */
const CALL_WORDS: Readonly<Record<TableEventKind, { readonly zh: string; readonly en: string } | null>> = {
  chow: { zh: '上', en: 'Chow' },
  pung: { zh: '碰', en: 'Pung' },
  kong: { zh: '槓', en: 'Kong' },
  flower: { zh: '花', en: 'Flower' },
  riichi: { zh: '立直', en: 'Riichi' },
  win: { zh: '食糊', en: 'Win' },
  discard: null,
  draw: null,
  drawnHand: null,
};

/** The claims a window may offer, as the claim buttons name them. */
const OFFER_WORDS: Readonly<Partial<Record<string, MessageId>>> = {
  chow: 'act.chow',
  pung: 'act.pung',
  kong: 'act.kong',
  win: 'act.win',
};

/** A win at a riichi table is called as it is there: ron on a discard, tsumo on one's own draw. */
const RIICHI_WIN = { ron: { zh: '榮和', en: 'Ron' }, tsumo: { zh: '自摸', en: 'Tsumo' } } as const;

/** The call-out text, as the table calls it and in English: "碰 Pung" (every page has these glyphs). */
export function calloutText(
  kind: TableEventKind,
  e: Pick<TableEvent, 'from' | 'riichiTable'> = {},
  lang: Lang = 'en',
): string | null {
  const w = kind === 'win' && e.riichiTable ? RIICHI_WIN[e.from === undefined ? 'tsumo' : 'ron'] : CALL_WORDS[kind];
  // A Chinese page says the call in Chinese only; an English one gives the word players say too.
  if (!w) return null;
  return lang === 'en' ? `${w.zh} ${w.en}` : w.zh;
}

/** Every Chinese character a call-out uses (font-core test). */
export const CALLOUT_CHARS = [...Object.values(CALL_WORDS), ...Object.values(RIICHI_WIN)]
  .map((w) => w?.zh ?? '')
  .join('');

/** A new claimed meld tile starts at the pond tile it was claimed from (keys from layout.ts). */
export function claimTravel(prev: Scene | null, next: Scene, events: readonly TableEvent[]): Scene {
  if (!prev) return next;
  const claims = events.filter(
    (e) => e.from !== undefined && (e.kind === 'chow' || e.kind === 'pung' || e.kind === 'kong'),
  );
  if (claims.length === 0) return next;
  const before = new Map(prev.items.map((i) => [i.key, i]));
  const items: SceneItem[] = [...next.items];
  for (const c of claims) {
    const pond = prev.items.filter((i) => i.type === 'tile' && i.key.startsWith(`d:${c.from}:`) && i.face === c.tile);
    const source = pond[pond.length - 1];
    const at = items.findIndex(
      (i) => i.type === 'tile' && i.key.startsWith(`m:${c.seat}:`) && !before.has(i.key) && i.face === c.tile,
    );
    const target = items[at];
    if (source && target?.type === 'tile') items[at] = { ...target, from: { x: source.x, y: source.y } };
  }
  return { ...next, items };
}

export class TableFeedback {
  private prev: TableView | null = null;
  private pendingClaims: TableEvent[] = [];
  private lastScene: Scene | null = null;
  private readonly live: HTMLElement;
  private readonly callouts: HTMLElement;
  /** Every call-out made (tests read it through the page hook); one made under a card is not drawn. */
  readonly shown: { kind: TableEventKind; seat: Seat; text: string }[] = [];
  /** A card (hand result, match summary...) is open over the table: no call-out is drawn. */
  private covered = false;
  /** Every announcement made in the live region (tests read it through the page hook). */
  readonly announced: string[] = [];

  /** The hints module (it carries the scorer): fetched the first time hints are on. */
  private hintsModule: typeof import('./hints.js') | null = null;
  private hintsLoading = false;

  constructor(
    private readonly bottomSeat: () => Seat,
    /** Asks the page to draw again (hints arrived). */
    private readonly redraw: () => void = () => {},
  ) {
    this.live = document.createElement('div');
    this.live.setAttribute('aria-live', 'polite');
    this.live.setAttribute('role', 'status');
    this.live.className = 'visually-hidden';
    this.live.dataset.testid = 'live';
    this.callouts = document.createElement('div');
    this.callouts.className = 'callouts';
    this.callouts.setAttribute('aria-hidden', 'true');
    document.body.append(this.live, this.callouts);
  }

  /** A new view arrived: sounds, call-outs, announcements. */
  onView(view: TableView): void {
    const prev = this.prev;
    this.prev = view;
    const events = tableEvents(prev, view);
    this.pendingClaims = events.filter((e) => e.from !== undefined && e.kind !== 'win');
    const said: string[] = [];
    const lang = currentLang();
    let delay = 0;
    for (const e of events) {
      const sound = SOUND_OF[e.kind];
      // The viewer's own draw is heard; nobody else's (a spectator hears discards and calls).
      if (sound && audio.play(sound, delay)) delay += 0.04;
      if (CALLED_OUT.has(e.kind)) {
        this.callout(e);
        const w = CALL_WORDS[e.kind];
        if (w && e.kind !== 'win') said.push(`${seatName(view, e.seat, lang)}: ${lang === 'en' ? w.en : w.zh}`);
      }
      if (e.kind === 'win') {
        audio.play('fanfare');
        said.push(message('result.wins', lang, { name: seatName(view, e.seat, lang) }));
      }
      if (e.kind === 'drawnHand')
        said.push(message('result.drawn', lang, { n: (view.lastResult?.handNumber ?? 0) + 1 }));
    }
    const me = view.viewer;
    if (typeof me === 'number' && view.phase === 'playing') {
      const myTurn = view.stage === 'discard' && view.turn === me && view.legalActions.length > 0;
      const wasMyTurn = prev?.stage === 'discard' && prev.turn === me && prev.legalActions.length > 0;
      if (myTurn && !wasMyTurn) said.push(message('live.yourTurn', lang));
      const offers = view.stage !== 'discard' ? view.legalActions.filter((a) => a.type !== 'pass') : [];
      const hadOffers =
        prev?.seq !== undefined && prev.stage !== 'discard' && prev.legalActions.some((a) => a.type !== 'pass');
      if (offers.length > 0 && !hadOffers) {
        const names = [
          ...new Set(
            offers.map((a) => {
              const id = OFFER_WORDS[a.type];
              return id ? message(id, lang) : a.type;
            }),
          ),
        ];
        said.push(message('live.claim', lang, { name: listNames(names, lang) }));
      }
    }
    if (said.length > 0) {
      this.live.textContent = said.join(' ');
      this.announced.push(this.live.textContent);
    }
  }

  /** The scene to draw: a claimed tile slides from the pond to its meld once. */
  decorate(scene: Scene): Scene {
    const out = this.pendingClaims.length > 0 ? claimTravel(this.lastScene, scene, this.pendingClaims) : scene;
    this.pendingClaims = [];
    this.lastScene = scene;
    return out;
  }

  /** The hints for the layout to draw (`UiState.hints`), when they are on and their module is in. */
  hintUi(): HintUi | null {
    const hints = settings.get().hints ? this.hints() : null;
    return hints && this.hintsModule ? this.hintsModule.hintUi(hints) : null;
  }

  private hintsFor: { seq: number; hints: HandHints | null } | null = null;

  /** The viewer's hints, worked out once per view. */
  hints(): HandHints | null {
    const v = this.prev;
    const mod = this.hintsModule;
    if (!mod) {
      if (!this.hintsLoading) {
        this.hintsLoading = true;
        void import('./hints.js').then((m) => {
          this.hintsModule = m;
          this.redraw();
        });
      }
      return null;
    }
    if (!v) return null;
    if (this.hintsFor?.seq !== v.seq) this.hintsFor = { seq: v.seq, hints: mod.handHints(v) };
    return this.hintsFor.hints;
  }

  /**
   * A card opens over the table (`on`) or closes: the call-outs on screen end at once and none is
   * drawn while it is open, so that a call-out never hides a card's text (a win's call-out came
   * with its result card and stayed over the patterns, or over the match summary's ranking).
   */
  cover(on: boolean): void {
    this.covered = on;
    if (on) this.callouts.replaceChildren();
  }

  /** The call-outs on screen now (tests). */
  get onScreen(): number {
    return this.callouts.childElementCount;
  }

  /** A tick in the last seconds of the viewer's own turn. */
  tick(seconds: number | null, myTurn: boolean): void {
    if (myTurn && seconds !== null && seconds > 0 && seconds <= 3) audio.play('tick');
  }

  private callout(e: TableEvent): void {
    const text = calloutText(e.kind, e, currentLang());
    if (!text) return;
    this.shown.push({ kind: e.kind, seat: e.seat, text });
    // Switched off in the settings: the sound and the announcement stay, the words are not drawn.
    if (this.covered || !settings.get().callouts) return;
    const pos = positionOf(e.seat, this.bottomSeat());
    const el = document.createElement('div');
    el.className = `callout callout-${pos} callout-${e.kind}`;
    el.textContent = text;
    el.dataset.noTranslate = '';
    this.callouts.append(el);
    setTimeout(() => el.remove(), 1600);
  }
}
