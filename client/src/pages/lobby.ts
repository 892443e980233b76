/**
 * The lobby (`/`): create a table (ruleset, main options, bots), share its link and code, pick a
 * seat with a name, see who has joined, start; join a table by code as a player or a spectator;
 * the list of past matches with links to their replays. Hash routes: `#/table/CODE` is the
 * join page of one table (the link the server hands out).
 */
import '../ui/page-chrome.js';
import {
  type CreateTableResponse,
  JOIN_CODE_LENGTH,
  type JoinResponse,
  type MatchListResponse,
  parseJoinCode,
  isRiichiFamily,
  isRulesetId,
  isVacantSeat,
  RULESET_IDS,
  RULESETS,
  type RulesetId,
  type Seat,
  type TableInfo,
  type TableStatus,
} from '@mahjong/shared';
import { ApiError, api, player } from '../net/community.js';
import { followLobby } from '../net/lobby-feed.js';
import { heldSeats, loadHostToken, saveHostToken, saveTicket } from '../net/connection.js';
import { el } from '../ui/dom.js';
import { currentLang, t } from '../i18n/i18n.js';
import { displayName } from '../i18n/translate.js';
import { live, say, sayAttr, sayLabel } from '../i18n/live-text.js';
import { rulesetName } from '../i18n/ruleset-name.js';
import { type Refusal, refusalText } from '../i18n/refusals.js';
import { whyRefused, whyRefusedText } from '../ui/why-refused.js';
import { optionFields, timingFields } from './lobby-options.js';
import { NAME_MAXLENGTH, nameRefusal } from '../ui/name-check.js';
import { mountYouBadge } from '../ui/you-badge.js';

/**
 * Words of a message box: a message id's in the language shown, asked again when the language
 * changes (the server's refusals by their code and values, `i18n/refusals.ts`).
 */
type Words = () => string;

/** A refusal kept over the page's move to the table lobby (session storage holds text only). */
const FLASH = (code: string) => `mj.flash.${code}`;
function takeFlash(code: string): Refusal | null {
  const raw = sessionStorage.getItem(FLASH(code));
  sessionStorage.removeItem(FLASH(code));
  if (raw === null) return null;
  try {
    const r = JSON.parse(raw) as Partial<Refusal>;
    return typeof r.code === 'string' ? (r as Refusal) : null;
  } catch {
    return null;
  }
}

/**
 * The player this browser is (made on the first visit): its name fills the name fields until
 * the user types another, and the page chrome links to the player page.
 */
const me = player();
me.then((s) => mountYouBadge(s.me.player)).catch(() => {
  /* no player (offline, rate limited): the lobby works without one, as before players */
});
/** Fills a name field with the player's name unless the user has typed in it meanwhile. */
function defaultName(input: HTMLInputElement): void {
  let typed = false;
  input.addEventListener('input', () => {
    typed = true;
  });
  void me
    .then((s) => {
      if (!typed) input.value = s.me.player.name;
    })
    .catch(() => {});
}

/** A message that stays until dismissed or replaced (the lobby redraws every 1.5 s). */
function errorBox(words: Words, onDismiss: () => void): HTMLElement {
  const box = el('p', { class: 'error', role: 'alert', 'data-testid': 'error' }, live(words), ' ');
  const close = el('button', { type: 'button', class: 'link' }, say('lobby.dismiss'));
  close.addEventListener('click', onDismiss);
  box.append(close);
  return box;
}

const root = document.getElementById('lobby') as HTMLElement;

/** A moment as the language shown writes it, short (day and minute): a list's column on a phone. */
const whenShown = (iso: string): Text =>
  live(() => new Date(iso).toLocaleString(currentLang(), { dateStyle: 'short', timeStyle: 'short' }));

/** A table's stage in the lobby's words. */
const statusWords = (status: TableStatus): Text => say(`lobby.status.${status}`);

const tablePage = (code: string, spectate = false, seat?: number) =>
  `/table.html?code=${code}${spectate ? '&spectate=1' : ''}${seat === undefined ? '' : `&seat=${seat}`}`;

function route(): void {
  // A seat link the host made (a new token for the seat): kept as this browser's seat, then on.
  const take = /^#\/table\/([A-Za-z0-9]{6})\/take\/([0-3])\/([^/]+)$/.exec(location.hash);
  if (take?.[1] && take[2] && take[3]) {
    const code = take[1].toUpperCase();
    const seat = Number(take[2]) as Seat;
    saveTicket(code, { seat, token: decodeURIComponent(take[3]), name: localStorage.getItem('mj.name') ?? '' });
    location.replace(tablePage(code, false, seat));
    return;
  }
  const m = /^#\/(table|spectate|watch)\/([A-Za-z0-9]{6})/.exec(location.hash);
  root.replaceChildren(el('h1', {}, say('lobby.title')));
  if (m?.[2]) {
    const code = m[2].toUpperCase();
    if (m[1] !== 'table') {
      location.href = tablePage(code, true);
      return;
    }
    void tableLobby(code);
    return;
  }
  home();
}

function home(): void {
  root.append(
    el('p', {}, say('lobby.intro')),
    youCard(),
    createCard(),
    joinCard(),
    matchesCard(),
    el(
      'p',
      {},
      el('a', { href: '/calculator.html', style: 'color:#fff' }, say('lobby.calculator')),
      ' · ',
      el('a', { href: '/gallery.html', style: 'color:#fff' }, say('lobby.gallery')),
    ),
  );
}

/** Who this browser plays as, the notice of a refused key, and the circles (links). */
function youCard(): HTMLElement {
  const card = el('section', { class: 'card', 'data-testid': 'you-card' });
  card.hidden = true;
  void me
    .then(({ me: m, notice }) => {
      card.hidden = false;
      card.append(
        ...(notice ? [el('p', { class: 'error', 'data-testid': 'key-notice' }, say(notice))] : []),
        el(
          'p',
          { class: 'row' },
          say('player.playAs'),
          el('span', { class: 'dot', style: `background:${m.player.colour}` }),
          el('strong', { 'data-testid': 'you-name' }, m.player.name),
          el('a', { href: '/player.html' }, say('player.yourPage')),
        ),
      );
      if (m.circles.length > 0) {
        const links = m.circles.map((c) => el('a', { href: `/circle.html?id=${encodeURIComponent(c.id)}` }, c.name));
        card.append(el('p', { class: 'row' }, say('player.yourCirclesColon'), ...links));
      }
    })
    .catch(() => {});
  return card;
}

function createCard(): HTMLElement {
  const ruleset = sayAttr(el('select', { name: 'ruleset' }), 'aria-label', 'lobby.ruleset');
  for (const id of RULESET_IDS) ruleset.append(el('option', { value: id }, sayLabel(RULESETS[id].label)));
  const rounds = sayAttr(el('select', { name: 'rounds' }), 'aria-label', 'lobby.rounds');
  for (const [v, label] of [
    ['1', 'lobby.eastOnly'],
    ['2', 'lobby.eastSouth'],
    ['4', 'lobby.full'],
  ] as const) {
    rounds.append(el('option', { value: v }, say(label)));
  }
  rounds.value = '1';
  const clocks = timingFields();
  const bots = el('input', { type: 'number', name: 'bots', min: '0', max: '3', value: '0', style: 'width:4em' });
  const spectators = el('input', { type: 'checkbox', name: 'spectators' });
  spectators.checked = true;
  const delay = el('input', { type: 'checkbox', name: 'spectatorDelay' });
  // The house rules are the chosen ruleset's descriptor's, drawn again when the ruleset changes.
  let rules = optionFields(ruleset.value as RulesetId);
  const rulesSlot = el('div', {}, rules.element);
  const house = el(
    'details',
    {},
    el('summary', {}, say('lobby.houseRules')),
    rulesSlot,
    el('div', { class: 'row' }, el('label', {}, delay, say('lobby.spectatorDelay'))),
  );
  // A riichi match is east only or east and south: the length offered is the ruleset's.
  const showRules = () => {
    const id = ruleset.value as RulesetId;
    rules = optionFields(id);
    rulesSlot.replaceChildren(rules.element);
    const { max, default: usual } = RULESETS[id].rounds;
    for (const o of rounds.querySelectorAll('option')) {
      o.hidden = Number(o.value) > max;
      o.disabled = Number(o.value) > max;
    }
    if (Number(rounds.value) > max) rounds.value = String(usual);
    // Bots for every seat but the host's: two at a three-player table.
    const others = RULESETS[id].seats - 1;
    bots.max = String(others);
    if (Number(bots.value) > others) bots.value = String(others);
  };
  ruleset.addEventListener('change', showRules);
  showRules();
  const name = sayAttr(
    el('input', { type: 'text', name: 'name', maxlength: NAME_MAXLENGTH, required: '' }),
    'placeholder',
    'lobby.yourName',
  );
  name.value = localStorage.getItem('mj.name') ?? '';
  defaultName(name);
  const error = el('p', { class: 'error' });
  const create = el('button', { type: 'submit', class: 'primary' }, say('lobby.create'));
  const form = el(
    'form',
    { class: 'card', 'data-testid': 'create' },
    el('h2', {}, say('lobby.newTable')),
    el('div', { class: 'row' }, el('label', {}, say('lobby.yourName'), ' ', name)),
    el(
      'div',
      { class: 'row' },
      el('label', {}, say('lobby.rules'), ' ', ruleset),
      el('label', {}, say('lobby.length'), ' ', rounds),
    ),
    el('div', { class: 'row' }, ...clocks.labels, el('label', {}, say('lobby.botsStart'), ' ', bots)),
    house,
    el('div', { class: 'row' }, el('label', {}, spectators, say('lobby.allowSpectators')), create),
    error,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    const playerName = name.value.trim();
    if (!playerName) {
      error.replaceChildren(say('lobby.nameFirst'));
      name.focus();
      return;
    }
    const refused = nameRefusal(playerName);
    if (refused) {
      error.replaceChildren(say(refused.id, refused.values));
      name.focus();
      return;
    }
    create.disabled = true;
    try {
      const id = ruleset.value as RulesetId;
      // Bots from the last seat played backwards (a three-player table's fourth is not played).
      const botSeats = ([3, 2, 1] as Seat[]).filter((s) => !isVacantSeat(id, s));
      const nBots = Math.max(0, Math.min(botSeats.length, Number(bots.value) || 0));
      const created = await api<CreateTableResponse>('/api/tables', {
        ruleset: id,
        rounds: Number(rounds.value),
        options: { ...clocks.values(), ...rules.values() },
        spectatorDelay: delay.checked,
        bots: botSeats.slice(0, nBots),
        spectatorsAllowed: spectators.checked,
        // Checked by the server too, before the table exists (the join below would refuse it).
        hostName: playerName,
      });
      saveHostToken(created.code, created.hostToken);
      localStorage.setItem('mj.name', playerName);
      try {
        const joined = await api<JoinResponse>(`/api/tables/${created.code}/join`, { name: playerName, seat: 0 });
        saveTicket(created.code, { seat: joined.seat, token: joined.token, name: playerName });
      } catch (err) {
        // The table exists (and this browser is its host): say why the seat was refused there,
        // by the refusal's code, kept over the page's move to the table lobby.
        const kept: Refusal =
          err instanceof ApiError ? { code: err.code, values: err.values } : { code: 'http/internal' };
        sessionStorage.setItem(FLASH(created.code), JSON.stringify(kept));
      }
      location.hash = `#/table/${created.code}`;
    } catch (err) {
      error.replaceChildren(whyRefused(err));
      create.disabled = false;
    }
  });
  return form;
}

function joinCard(): HTMLElement {
  const code = el('input', {
    type: 'text',
    name: 'code',
    placeholder: 'ABC234',
    maxlength: '6',
    style: 'width:7em;text-transform:uppercase',
  });
  const go = el('button', { type: 'submit', class: 'primary' }, say('lobby.open'));
  const watch = el('button', { type: 'button' }, say('lobby.watch'));
  const error = el('div', { 'data-testid': 'join-error' });
  const form = el(
    'form',
    { class: 'card', 'data-testid': 'join' },
    el('h2', {}, say('lobby.join')),
    el('div', { class: 'row' }, el('label', {}, say('lobby.code'), ' ', code), go, watch),
    error,
  );
  const tell = (words: Words) => error.replaceChildren(errorBox(words, () => error.replaceChildren()));
  // A malformed code is answered at once; an unknown one after asking the server.
  const open = async (then: (c: string) => void) => {
    const c = parseJoinCode(code.value);
    if (!c) return tell(() => t('lobby.badCode', { n: JOIN_CODE_LENGTH }));
    const refused = await api<TableInfo>(`/api/tables/${c}`).then(
      () => null,
      (err: unknown) => err,
    );
    if (refused !== null)
      return tell(
        refused instanceof ApiError && refused.status === 404
          ? () => t('lobby.noTable', { name: c })
          : whyRefusedText(refused),
      );
    error.replaceChildren();
    then(c);
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void open((c) => {
      location.hash = `#/table/${c}`;
    });
  });
  watch.addEventListener('click', () => {
    void open((c) => {
      location.href = tablePage(c, true);
    });
  });
  return form;
}

function matchesCard(): HTMLElement {
  const card = el('section', { class: 'card', 'data-testid': 'matches' }, el('h2', {}, say('lobby.past')));
  const body = el('div', {}, el('p', { class: 'muted' }, say('lobby.loading')));
  card.append(body);
  void api<MatchListResponse>('/api/matches?page=1&limit=20')
    .then((list) => {
      body.replaceChildren();
      if (list.matches.length === 0) {
        body.append(el('p', { class: 'muted' }, say('lobby.noMatches')));
        return;
      }
      const table = el(
        'table',
        { class: 'list' },
        el('tr', {}, el('th', {}, say('lobby.ended')), el('th', {}, say('lobby.players')), el('th', {}, '')),
      );
      for (const m of list.matches) {
        // Each player with their final score, kept together as one chip: the chips wrap on a phone
        // where four columns of names and scores were squeezed to a word a line. A bot's name
        // ("Bot North") in the language shown, as the table says it; a three-player table's empty
        // seat is left out.
        const players = m.players.flatMap((p, seat) =>
          isVacantSeat(m.ruleset, seat)
            ? []
            : [
                el(
                  'span',
                  { class: 'result-chip' },
                  live(() =>
                    p.name === null
                      ? p.bot
                        ? t('seat.bot')
                        : '?'
                      : displayName(p.name, seat, p.bot === true, currentLang()),
                  ),
                  m.finalScores ? ` ${m.finalScores[seat]}` : '',
                ),
              ],
        );
        table.append(
          el(
            'tr',
            {},
            // The date and the rules played: a Hong Kong and a riichi match were told apart only
            // by the size of their scores.
            el('td', {}, m.endedAt ? whenShown(m.endedAt) : '', el('div', { class: 'muted' }, rulesetName(m.ruleset))),
            el('td', {}, el('div', { class: 'chips' }, ...players)),
            el(
              'td',
              {},
              el(
                'a',
                { href: `/replay.html?match=${encodeURIComponent(m.id)}`, 'data-testid': 'replay-link' },
                say('lobby.replay'),
              ),
            ),
          ),
        );
      }
      body.append(table);
    })
    .catch((err: unknown) => {
      const why = whyRefusedText(err);
      body.replaceChildren(
        el(
          'p',
          { class: 'error' },
          live(() => t('lobby.couldNotLoad', { name: why() })),
        ),
      );
    });
  return card;
}

function copyButton(text: string): HTMLButtonElement {
  const b = el('button', { type: 'button' }, say('lobby.copy'));
  b.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.replaceChildren(say('lobby.copied'));
    } catch {
      b.replaceChildren(say('lobby.selectToCopy'));
    }
  });
  return b;
}

async function tableLobby(code: string): Promise<void> {
  const card = el(
    'section',
    { class: 'card', 'data-testid': 'table-lobby' },
    el('h2', {}, say('lobby.table')),
    el('p', {}, say('lobby.loading')),
  );
  root.append(card);
  let info: TableInfo;
  try {
    info = await api<TableInfo>(`/api/tables/${code}`);
  } catch (err) {
    card.replaceChildren(
      el('h2', {}, say('lobby.tableCode', { name: code })),
      el('p', { class: 'error' }, whyRefused(err)),
      el('a', { href: '/' }, say('lobby.back')),
    );
    return;
  }
  // A match under way and a seat held in this browser: straight to the table (seat for life).
  const mine = heldSeats(code)[0];
  if (info.status === 'playing' && mine) {
    leaveFor(tablePage(code, false, mine.seat));
    return;
  }
  const flash = takeFlash(code);
  let errorText: Words | null = flash ? () => t('lobby.seatRefused', { name: code, name2: refusalText(flash) }) : null;
  /** The message last brought into view (`showError`). */
  let errorInView = '';
  let typedName = await me.then((s) => s.me.player.name).catch(() => localStorage.getItem('mj.name') ?? '');
  // The outside AIs this server offers (none on most servers; an old server has no list).
  const aiNames =
    loadHostToken(code) && isRulesetId(info.ruleset) && isRiichiFamily(info.ruleset)
      ? await api<{ ai: string[] }>('/api/ai').then(
          (r) => r.ai,
          () => [] as string[],
        )
      : [];
  const render = (table: TableInfo) => {
    // Every seat this browser holds here: a reopened invite link finds it.
    const held = heldSeats(code);
    const ticket = held[0] ?? null;
    const host = loadHostToken(code);
    const link = `${location.origin}/#/table/${code}`;
    card.replaceChildren(
      el('h2', {}, say('lobby.table'), ' ', el('span', { class: 'code', 'data-testid': 'code' }, code)),
      el('p', {}, rulesetName(table.ruleset), ' · ', statusWords(table.status)),
      el('p', {}, say('lobby.share'), ' ', el('a', { href: link }, link), ' ', copyButton(link)),
    );
    const seats = el('div', { class: 'seats' });
    const name = sayAttr(
      el('input', { type: 'text', maxlength: NAME_MAXLENGTH, 'data-testid': 'name' }),
      'placeholder',
      'lobby.yourName',
    );
    name.value = typedName;
    name.addEventListener('input', () => {
      typedName = name.value;
    });
    const error = el('div');
    const showError = (words: Words | null) => {
      errorText = words;
      error.replaceChildren(
        ...(words
          ? [
              errorBox(words, () => {
                errorText = null;
                errorInView = '';
                error.replaceChildren();
              }),
            ]
          : []),
      );
      // A new message is brought into view once: under the seats it was half below the fold on
      // a landscape phone (a seat just taken by someone else). The lobby's redraws keep the scroll.
      const key = words ? words() : '';
      if (key && key !== errorInView) requestAnimationFrame(() => error.scrollIntoView({ block: 'nearest' }));
      errorInView = key;
    };
    showError(errorText);
    // A three-player table shows its three seats; the fourth is not played (`vacant`).
    for (const s of table.seats.filter((x) => !x.vacant)) {
      const box = el(
        'div',
        { class: 'seat-card' },
        el('strong', {}, say(s.seat === 0 ? 'seat.nEast' : 'seat.n', { n: s.seat + 1 })),
        el('br'),
      );
      if (s.ai !== undefined) {
        // An outside AI of the server's list; marked once the built-in bot had to play for it.
        box.append(el('span', {}, s.ai), ' ', el('span', { class: 'muted' }, say('seat.ai')));
        if (s.aiFallbacks !== undefined)
          box.append(' ', el('span', { 'data-testid': 'ai-fallback' }, say('seat.aiFallback')));
      } else if (s.bot) box.append(say('seat.bot'));
      else if (s.name) box.append(s.name, ...(table.status === 'lobby' || s.connected ? [] : [' ', say('table.away')]));
      else if (!ticket && table.status === 'lobby') {
        const take = el('button', { type: 'button', 'data-seat': String(s.seat) }, say('lobby.sitHere'));
        take.addEventListener('click', async () => {
          const playerName = name.value.trim();
          if (!playerName) {
            showError(() => t('lobby.nameFirst'));
            name.focus();
            return;
          }
          const refused = nameRefusal(playerName);
          if (refused) {
            showError(() => t(refused.id, refused.values));
            name.focus();
            return;
          }
          try {
            localStorage.setItem('mj.name', playerName);
            const joined = await api<JoinResponse>(`/api/tables/${code}/join`, { name: playerName, seat: s.seat });
            saveTicket(code, { seat: joined.seat, token: joined.token, name: playerName });
            errorText = null;
            render(joined.table);
          } catch (err) {
            if (err instanceof ApiError && err.code === 'table/seat_taken') {
              // Someone was quicker: say so in the page's language, and show who sits there now.
              errorText = () => t('lobby.seatTaken', { n: s.seat + 1 });
              render(await api<TableInfo>(`/api/tables/${code}`).catch(() => table));
            } else showError(whyRefusedText(err));
          }
        });
        box.append(take);
      } else box.append(el('span', { class: 'muted' }, say('seat.empty')));
      if (host && table.status === 'lobby' && !s.bot && !s.name) {
        const bot = el('button', { type: 'button', 'data-bot': String(s.seat) }, say('seat.bot'));
        bot.addEventListener('click', async () => {
          try {
            render(await api<TableInfo>(`/api/tables/${code}/bot`, { seat: s.seat }, host));
          } catch (err) {
            showError(whyRefusedText(err));
          }
        });
        box.append(' ', bot);
        // The outside AIs the server offers, for riichi tables (names only; the commands stay there).
        for (const ai of aiNames) {
          const b = el('button', { type: 'button', 'data-ai': ai }, say('lobby.aiButton', { name: ai }));
          b.addEventListener('click', async () => {
            try {
              render(await api<TableInfo>(`/api/tables/${code}/bot`, { seat: s.seat, ai }, host));
            } catch (err) {
              showError(whyRefusedText(err));
            }
          });
          box.append(' ', b);
        }
      }
      seats.append(box);
    }
    if (!ticket && table.status === 'lobby')
      card.append(el('div', { class: 'row' }, el('label', {}, say('lobby.yourName'), ' ', name)));
    card.append(seats, error);
    const actions = el('div', { class: 'row' });
    for (const h of held)
      actions.append(
        el(
          'a',
          { href: tablePage(code, false, h.seat), class: 'card', 'data-testid': 'go-table' },
          say('lobby.goTable', { n: h.seat + 1 }),
        ),
      );
    if (host && table.status === 'lobby') {
      const start = el(
        'button',
        { type: 'button', class: 'primary', 'data-testid': 'start' },
        say(table.fillWithBots ? 'lobby.startBots' : 'lobby.start'),
      );
      start.addEventListener('click', async () => {
        try {
          await api<TableInfo>(`/api/tables/${code}/start`, {}, host);
          leaveFor(ticket ? tablePage(code, false, ticket.seat) : tablePage(code, true));
        } catch (err) {
          showError(whyRefusedText(err));
        }
      });
      actions.append(start);
    }
    if (table.spectatorsAllowed) actions.append(el('a', { href: tablePage(code, true) }, say('lobby.watch')));

    card.append(actions);
  };
  render(info);
  // Who has joined: pushed by the server as seats are taken (and polled as well, slowly, for a
  // server that cannot push to this page, a proxy without websockets, say).
  const show = (table: TableInfo): boolean => {
    if (!location.hash.includes(code)) return false;
    if (document.activeElement?.tagName !== 'INPUT') render(table);
    const mine = heldSeats(code)[0];
    if (table.status !== 'lobby' && mine) {
      leaveFor(tablePage(code, false, mine.seat));
      return false;
    }
    return true;
  };
  const feed = followLobby(code, (t) => {
    if (!show(t)) stop();
  });
  const timer = setInterval(async () => {
    try {
      if (!show(await api<TableInfo>(`/api/tables/${code}`))) stop();
    } catch {
      /* keep the last picture; the next poll retries */
    }
  }, 5000);
  const stop = () => {
    clearInterval(timer);
    feed.close();
  };
}

/**
 * Goes to the table once: the Start button's answer and the lobby's feed (pushed or polled) each
 * say that the match has begun, and a second navigation would abort the first on its way.
 */
let leaving = false;
function leaveFor(url: string): void {
  if (leaving) return;
  leaving = true;
  location.href = url;
}
// A page the browser brings back from its back-forward cache has not left: it may go again.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) leaving = false;
});

window.addEventListener('hashchange', route);
route();
