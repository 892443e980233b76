/**
 * A circle's page (`/circle.html?id=ID`; `#invite=INVITE` joins first): its members, the owner's
 * invite link (copy, rotate, revoke) and stake, tables opened for the circle (open one, take a
 * seat), and the league: per ruleset family and season, the standings, a chart of each member's
 * running total, each member's figures with their definitions, and the latest matches.
 */
import '../ui/page-chrome.js';
import type {
  CircleView,
  CreateTableResponse,
  Family,
  JoinResponse,
  LeagueResponse,
  LeaveCircleResponse,
  PlayerView,
  RulesetId,
  TableInfo,
} from '@mahjong/shared';
import { figureList, leagueMatchList, playerLabel, standingsTable, totalsChart } from '../community/league-view.js';
import { orderedSeason } from '../community/season.js';
import { rulesetName } from '../i18n/ruleset-name.js';
import { api, player } from '../net/community.js';
import { heldSeats, saveHostToken, saveTicket } from '../net/connection.js';
import { RULESET_IDS, RULESETS } from '@mahjong/shared';
import type { MessageId } from '../i18n/messages.js';
import { say, sayAttr } from '../i18n/live-text.js';
import { whyRefused } from '../ui/why-refused.js';
import { el } from '../ui/dom.js';
import { mountYouBadge } from '../ui/you-badge.js';

/** The two families' tab names. */
const FAMILY: Readonly<Record<Family, MessageId>> = { hk: 'player.hk', riichi: 'player.riichi' };

const root = document.getElementById('circle') as HTMLElement;
const params = new URLSearchParams(location.search);
const invite = /#invite=([A-Za-z0-9_-]+)/.exec(location.hash)?.[1];

const tablePage = (code: string, seat?: number) =>
  `/table.html?code=${code}${seat === undefined ? '' : `&seat=${seat}`}`;

function tell(box: HTMLElement, text: Node | string): void {
  box.replaceChildren(el('p', { class: 'error', role: 'alert', 'data-testid': 'message' }, text));
}

function header(c: CircleView | null): HTMLElement {
  return el(
    'h1',
    {},
    el('a', { href: '/', class: 'home' }, say('lobby.title')),
    ' · ',
    el('span', { 'data-testid': 'circle-title' }, c ? c.name : say('circle.title')),
  );
}

/**
 * A button that acts on a second click: the first asks (its text becomes `sure`), a second within
 * a few seconds acts, and otherwise it goes back to asking nothing. For what cannot be undone from
 * this page (a member removed, the circle left).
 */
function confirmingButton(label: MessageId, sure: MessageId, values: Record<string, string>, act: () => void) {
  const button = el('button', { type: 'button', class: 'confirming' }, say(label, values));
  let armed: ReturnType<typeof setTimeout> | null = null;
  button.addEventListener('click', () => {
    if (armed === null) {
      button.replaceChildren(say(sure, values));
      button.dataset.armed = 'true';
      armed = setTimeout(() => {
        armed = null;
        delete button.dataset.armed;
        button.replaceChildren(say(label, values));
      }, 5000);
      return;
    }
    clearTimeout(armed);
    armed = null;
    act();
  });
  return button;
}

function membersCard(c: CircleView, me: PlayerView, redraw: (c: CircleView) => void): HTMLElement {
  const owner = c.ownerId === me.id;
  const note = el('div');
  const list = el('ul', { class: 'plain members', 'data-testid': 'members' });
  for (const m of c.members) {
    const remove =
      owner && m.id !== me.id
        ? confirmingButton('circle.remove', 'circle.removeSure', { name: m.name }, async () => {
            try {
              redraw(await api<CircleView>(`/api/circles/${c.id}/remove`, { playerId: m.id }));
            } catch (err) {
              tell(note, whyRefused(err));
            }
          })
        : null;
    remove?.setAttribute('data-testid', 'remove');
    list.append(
      el(
        'li',
        { 'data-player': m.id },
        playerLabel(m),
        m.id === c.ownerId ? el('span', { class: 'tag' }, say('player.owner')) : '',
        remove ?? '',
      ),
    );
  }
  const leave = confirmingButton(
    'circle.leave',
    owner && c.members.length > 1 ? 'circle.leaveOwnerSure' : 'circle.leaveSure',
    {},
    async () => {
      try {
        await api<LeaveCircleResponse>(`/api/circles/${c.id}/leave`, {});
        location.assign('/player.html');
      } catch (err) {
        tell(note, whyRefused(err));
      }
    },
  );
  leave.setAttribute('data-testid', 'leave');
  return el(
    'section',
    { class: 'card' },
    el('h2', {}, say('circle.members')),
    list,
    el('div', { class: 'row' }, leave),
    note,
  );
}

function inviteCard(c: CircleView, redraw: (c: CircleView) => void): HTMLElement {
  const card = el('section', { class: 'card', 'data-testid': 'invite' }, el('h2', {}, say('circle.invite')));
  const note = el('div');
  const act = (action: 'rotate' | 'revoke') => async () => {
    try {
      redraw(await api<CircleView>(`/api/circles/${c.id}/invite`, { action }));
    } catch (err) {
      tell(note, whyRefused(err));
    }
  };
  if (c.invite) {
    const link = `${location.origin}/circle.html#invite=${c.invite}`;
    const copy = el('button', { type: 'button' }, say('lobby.copy'));
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(link);
        copy.replaceChildren(say('circle.copied'));
      } catch {
        copy.replaceChildren(say('lobby.selectToCopy'));
      }
    });
    const rotate = el('button', { type: 'button', 'data-testid': 'rotate' }, say('circle.rotate'));
    rotate.addEventListener('click', act('rotate'));
    const revoke = el('button', { type: 'button', 'data-testid': 'revoke' }, say('circle.revoke'));
    revoke.addEventListener('click', act('revoke'));
    card.append(
      el('p', { class: 'muted' }, say('circle.inviteHint')),
      el('p', { class: 'wrap' }, el('a', { href: link, 'data-testid': 'invite-link' }, link)),
      el('div', { class: 'row' }, copy, rotate, revoke),
    );
  } else {
    const make = el('button', { type: 'button', 'data-testid': 'rotate' }, say('circle.makeInvite'));
    make.addEventListener('click', act('rotate'));
    card.append(el('p', { class: 'muted', 'data-testid': 'no-invite' }, say('circle.noInvite')), make);
  }
  card.append(note);
  return card;
}

function settingsCard(c: CircleView, redraw: (c: CircleView) => void): HTMLElement {
  const name = sayAttr(el('input', { type: 'text', maxlength: '24' }), 'aria-label', 'player.name');
  name.value = c.name;
  const stake = sayAttr(
    el('input', {
      type: 'number',
      min: '0',
      step: 'any',
      style: 'width:7em',
      'data-testid': 'stake',
    }),
    'aria-label',
    'circle.stake',
  );
  stake.value = c.stakePerPoint === null ? '' : String(c.stakePerPoint);
  const currency = sayAttr(
    el('input', {
      type: 'text',
      maxlength: '8',
      style: 'width:5em',
      placeholder: 'HK$',
      'data-testid': 'currency',
    }),
    'aria-label',
    'circle.currency',
  );
  currency.value = c.currency ?? '';
  const note = el('div');
  const form = el(
    'form',
    { class: 'card', 'data-testid': 'settings-form' },
    el('h2', {}, say('circle.settings')),
    el('div', { class: 'row' }, el('label', {}, say('player.name'), ' ', name)),
    el(
      'div',
      { class: 'row' },
      el('label', {}, say('circle.stake'), ' ', stake),
      el('label', {}, say('circle.currency'), ' ', currency),
      el('button', { type: 'submit', class: 'primary', 'data-testid': 'save-settings' }, say('player.save')),
    ),
    note,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      redraw(
        await api<CircleView>(`/api/circles/${c.id}/settings`, {
          name: name.value.trim(),
          stakePerPoint: stake.value.trim() === '' ? null : Number(stake.value),
          currency: currency.value.trim() || null,
        }),
      );
    } catch (err) {
      tell(note, whyRefused(err));
    }
  });
  return form;
}

/** Takes a seat of a table and goes to it (the player's name; the cookie carries the player). */
async function sit(code: string, seat: number | undefined, name: string, note: HTMLElement): Promise<void> {
  try {
    const joined = await api<JoinResponse>(`/api/tables/${code}/join`, {
      name,
      ...(seat === undefined ? {} : { seat }),
    });
    saveTicket(code, { seat: joined.seat, token: joined.token, name });
    location.href = tablePage(code, joined.seat);
  } catch (err) {
    tell(note, whyRefused(err));
  }
}

/** The circle's open tables with their seats (refreshed while the page is open). */
function tablesCard(c: CircleView, me: { id: string; name: string }): HTMLElement {
  const card = el('section', { class: 'card', 'data-testid': 'tables' }, el('h2', {}, say('circle.tables')));
  const note = el('div');
  if (c.tables.length === 0) card.append(el('p', { class: 'muted' }, say('circle.noTables')));
  for (const t of c.tables) card.append(tableBox(t, me, note));
  card.append(note);
  return card;
}

/** Opens a table for the circle: its creator is the host and takes the first seat. */
function openTableCard(c: CircleView, me: { id: string; name: string }): HTMLElement {
  const ruleset = sayAttr(el('select', { 'data-testid': 'table-ruleset' }), 'aria-label', 'lobby.rules');
  for (const id of RULESET_IDS) ruleset.append(el('option', { value: id }, rulesetName(id)));
  const rounds = sayAttr(el('select', { 'data-testid': 'table-rounds' }), 'aria-label', 'lobby.length');
  for (const [v, label] of [
    ['1', 'lobby.eastOnly'],
    ['2', 'lobby.eastSouth'],
    ['4', 'lobby.full'],
  ] as const) {
    rounds.append(el('option', { value: v }, say(label)));
  }
  const open = el('button', { type: 'submit', class: 'primary', 'data-testid': 'open-table' }, say('circle.open'));
  const note = el('div');
  const form = el(
    'form',
    { class: 'card', 'data-testid': 'open-table-form' },
    el('h2', {}, say('circle.openTable')),
    el(
      'div',
      { class: 'row' },
      el('label', {}, say('lobby.rules'), ' ', ruleset),
      el('label', {}, say('lobby.length'), ' ', rounds),
    ),
    open,
    note,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const length = RULESETS[ruleset.value as RulesetId].rounds;
    open.disabled = true;
    try {
      const created = await api<CreateTableResponse>('/api/tables', {
        ruleset: ruleset.value as RulesetId,
        // A riichi match is at most east and south: the ruleset's longest.
        rounds: Math.min(length.max, Number(rounds.value)),
        circleId: c.id,
        options: {},
        bots: [],
        spectatorsAllowed: true,
      });
      saveHostToken(created.code, created.hostToken);
      await sit(created.code, 0, me.name, note);
    } catch (err) {
      tell(note, whyRefused(err));
    } finally {
      open.disabled = false;
    }
  });
  return form;
}

function tableBox(t: TableInfo, me: { id: string; name: string }, note: HTMLElement): HTMLElement {
  // A seat this browser holds (its token kept when it sat down).
  const mine = heldSeats(t.code)[0];
  const seats = el('div', { class: 'seats' });
  for (const s of t.seats.filter((x) => !x.vacant)) {
    const box = el(
      'div',
      { class: 'seat-card', 'data-seat': String(s.seat) },
      el('strong', {}, say('seat.n', { n: s.seat + 1 })),
      el('br'),
    );
    if (s.bot) box.append(say('seat.bot'));
    else if (s.name && s.reserved) box.append(el('span', { class: 'muted' }, say('circle.reserved', { name: s.name })));
    else if (s.name) box.append(s.name);
    else if (t.status === 'lobby') {
      const take = el('button', { type: 'button', 'data-testid': 'sit' }, say('lobby.sitHere'));
      take.addEventListener('click', () => void sit(t.code, s.seat, me.name, note));
      box.append(take);
    } else box.append(el('span', { class: 'muted' }, say('seat.empty')));
    seats.append(box);
  }
  const links = el('div', { class: 'row' });
  if (mine) links.append(el('a', { href: tablePage(t.code, mine.seat), class: 'button' }, say('circle.goTable')));
  if (t.spectatorsAllowed) links.append(el('a', { href: `${tablePage(t.code)}&spectate=1` }, say('lobby.watch')));
  return el(
    'div',
    { class: 'table-box', 'data-code': t.code },
    el(
      'p',
      {},
      el('strong', { class: 'code-small' }, t.code),
      // (each its own text node: the translator reads whole texts)
      ' · ',
      rulesetName(t.ruleset),
      ' · ',
      say(`lobby.status.${t.status}`),
    ),
    seats,
    links,
  );
}

function leagueCard(c: CircleView): HTMLElement {
  let family: Family = 'hk';
  const tabs = el('div', { class: 'tabs', role: 'tablist', 'data-testid': 'family' });
  const from = sayAttr(el('input', { type: 'date', 'data-testid': 'from' }), 'aria-label', 'circle.from');
  const to = sayAttr(el('input', { type: 'date', 'data-testid': 'to' }), 'aria-label', 'circle.to');
  const allTime = el('button', { type: 'button', 'data-testid': 'all-time' }, say('circle.allTime'));
  const show = el('button', { type: 'button', 'data-testid': 'show-season' }, say('circle.show'));
  const body = el('div', { 'data-testid': 'league' });
  // Each field's picker offers only days on its side of the other's.
  const bound = () => {
    to.min = from.value;
    from.max = to.value;
  };
  from.addEventListener('change', bound);
  to.addEventListener('change', bound);
  const load = async () => {
    for (const b of tabs.querySelectorAll('button'))
      b.setAttribute('aria-selected', String(b.dataset.family === family));
    // Never a season that ends before it starts (the server refuses it): the fields are put in order.
    const season = orderedSeason(from.value, to.value);
    from.value = season.from;
    to.value = season.to;
    bound();
    const q = new URLSearchParams({ family });
    if (season.from) q.set('from', season.from);
    if (season.to) q.set('to', season.to);
    const asked = q.toString();
    body.dataset.query = asked;
    body.dataset.loaded = '';
    try {
      const league = await api<LeagueResponse>(`/api/circles/${c.id}/league?${asked}`);
      if (body.dataset.query !== asked) return;
      const players = el('div', { class: 'player-figures' });
      for (const s of league.standings) {
        players.append(
          el(
            'section',
            { class: 'figure-card', 'data-player': s.player.id },
            el('h4', {}, playerLabel(s.player)),
            figureList(league.family, s.stats),
          ),
        );
      }
      body.replaceChildren(
        ...(league.stakePerPoint !== null
          ? [
              el(
                'p',
                { class: 'muted' },
                league.currency
                  ? say('circle.stakeNoteCurrency', { n: league.stakePerPoint, name: league.currency })
                  : say('circle.stakeNote', { n: league.stakePerPoint }),
              ),
            ]
          : []),
        el('h3', {}, say('circle.standings')),
        standingsTable(league),
        ...(league.standings.length > 0 ? [el('h3', {}, say('circle.chart')), totalsChart(league)] : []),
        ...(league.standings.length > 0 ? [el('h3', {}, say('circle.players')), players] : []),
        el('h3', {}, say('circle.matches')),
        leagueMatchList(league.matches),
      );
      body.dataset.loaded = asked;
    } catch (err) {
      tell(body, whyRefused(err));
    }
  };
  for (const f of ['hk', 'riichi'] as const) {
    const b = el('button', { type: 'button', role: 'tab', 'data-family': f }, say(FAMILY[f]));
    b.addEventListener('click', () => {
      family = f;
      void load();
    });
    tabs.append(b);
  }
  allTime.addEventListener('click', () => {
    from.value = '';
    to.value = '';
    void load();
  });
  show.addEventListener('click', () => void load());
  void load();
  return el(
    'section',
    { class: 'card', 'data-testid': 'league-card' },
    el('h2', {}, say('circle.league')),
    tabs,
    el(
      'div',
      { class: 'row' },
      el('span', {}, say('circle.season')),
      allTime,
      el('label', {}, say('circle.from'), ' ', from),
      el('label', {}, say('circle.to'), ' ', to),
      show,
    ),
    body,
  );
}

async function main(): Promise<void> {
  root.replaceChildren(header(null), el('p', {}, say('lobby.loading')));
  let session: Awaited<ReturnType<typeof player>>;
  try {
    session = await player();
  } catch (err) {
    root.replaceChildren(header(null), el('p', { class: 'error' }, whyRefused(err)));
    return;
  }
  const me = session.me.player;
  mountYouBadge(me);
  let id = params.get('id') ?? '';
  if (invite) {
    try {
      const joined = await api<CircleView>('/api/circles/join', { invite });
      id = joined.id;
      // The invite is spent for this browser: the address becomes the circle's own.
      history.replaceState(null, '', `/circle.html?id=${encodeURIComponent(id)}`);
    } catch (err) {
      const text = whyRefused(err);
      root.replaceChildren(header(null), el('p', { class: 'card error', 'data-testid': 'join-failed' }, text));
      return;
    }
  }
  let league: HTMLElement | null = null;
  const draw = (c: CircleView) => {
    const owner = c.ownerId === me.id;
    // The league keeps its own state (family, season): it is drawn once and kept across redraws.
    league ??= leagueCard(c);
    root.replaceChildren(
      header(c),
      membersCard(c, me, draw),
      ...(owner ? [inviteCard(c, draw), settingsCard(c, draw)] : []),
      tablesCard(c, me),
      openTableCard(c, me),
      league,
    );
  };
  try {
    draw(await api<CircleView>(`/api/circles/${encodeURIComponent(id)}`));
  } catch (err) {
    const text = whyRefused(err);
    root.replaceChildren(header(null), el('p', { class: 'card error', 'data-testid': 'not-found' }, text));
    return;
  }
  // Tables fill up and start: refresh them while the page is open (the league stays as it is).
  setInterval(async () => {
    if (document.activeElement?.tagName === 'INPUT' || document.activeElement?.tagName === 'SELECT') return;
    try {
      const c = await api<CircleView>(`/api/circles/${encodeURIComponent(id)}`);
      const old = root.querySelector('[data-testid="tables"]');
      old?.replaceWith(tablesCard(c, me));
    } catch {
      /* keep the last picture; the next poll retries */
    }
  }, 2000);
}

void main();
