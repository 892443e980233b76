/**
 * The player page (`/player.html`): who this browser plays as (rename, colour), its devices
 * (forget one), moving to another device by a short code or a link (`#transfer=CODE` on the
 * other device), the player's circles (create one) and their statistics per ruleset family
 * with the list of their matches and replay links.
 */
import '../ui/page-chrome.js';
import {
  type CircleView,
  type Family,
  type MeResponse,
  type MyStatsResponse,
  PLAYER_COLOURS,
  type TransferResponse,
} from '@mahjong/shared';
import { figureList, myMatchList } from '../community/league-view.js';
import { api, deviceLabel, ensurePlayer, rememberPlayer } from '../net/community.js';
import { el } from '../ui/dom.js';
import type { MessageId } from '../i18n/messages.js';
import { currentLang, t } from '../i18n/i18n.js';
import { live, say, sayAttr } from '../i18n/live-text.js';
import { whyRefused } from '../ui/why-refused.js';
import { mountYouBadge } from '../ui/you-badge.js';

/** The two families' tab names. */
const FAMILY: Readonly<Record<Family, MessageId>> = { hk: 'player.hk', riichi: 'player.riichi' };

const root = document.getElementById('player') as HTMLElement;
const transferParam = /#transfer=([A-Za-z0-9-]+)/.exec(location.hash)?.[1] ?? '';

function tell(box: HTMLElement, text: Node | string, error = true): void {
  box.replaceChildren(el('p', { class: error ? 'error' : 'muted', role: 'status', 'data-testid': 'message' }, text));
}

function nameCard(me: MeResponse, redraw: (m: MeResponse) => void): HTMLElement {
  const name = sayAttr(
    el('input', { type: 'text', maxlength: '24', 'data-testid': 'rename' }),
    'aria-label',
    'player.name',
  );
  name.value = me.player.name;
  const save = el('button', { type: 'submit', class: 'primary' }, say('player.save'));
  const note = el('div');
  const swatches = sayAttr(el('div', { class: 'swatches', role: 'radiogroup' }), 'aria-label', 'player.colour');
  for (const c of PLAYER_COLOURS) {
    const b = el('button', {
      type: 'button',
      class: 'swatch',
      style: `background:${c}`,
      role: 'radio',
      'aria-checked': String(c === me.player.colour),
      'data-colour': c,
    });
    sayAttr(b, 'aria-label', 'player.colourOf', { name: c });
    b.addEventListener('click', async () => {
      try {
        redraw(await api<MeResponse>('/api/me', { colour: c }));
      } catch (err) {
        tell(note, whyRefused(err));
      }
    });
    swatches.append(b);
  }
  const form = el(
    'form',
    { class: 'card', 'data-testid': 'you' },
    el('h2', {}, el('span', { class: 'dot big', style: `background:${me.player.colour}` }), me.player.name),
    el('div', { class: 'row' }, el('label', {}, say('player.name'), ' ', name), save),
    el('div', { class: 'row' }, el('span', {}, say('player.colour')), swatches),
    note,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const m = await api<MeResponse>('/api/me', { name: name.value.trim() });
      localStorage.setItem('mj.name', m.player.name);
      redraw(m);
    } catch (err) {
      tell(note, whyRefused(err));
    }
  });
  return form;
}

function devicesCard(me: MeResponse, redraw: () => void): HTMLElement {
  const list = el('ul', { class: 'plain', 'data-testid': 'devices' });
  const note = el('div');
  for (const d of me.devices) {
    const forget = el(
      'button',
      { type: 'button', 'data-device': d.id },
      d.current ? say('player.forgetThis') : say('player.forget'),
    );
    forget.addEventListener('click', async () => {
      try {
        await api<void>(`/api/me/devices/${encodeURIComponent(d.id)}/forget`, {});
        if (d.current) {
          // The key cookie is cleared: this browser plays as nobody until it starts again.
          root.replaceChildren(
            el('h1', {}, say('player.you')),
            el(
              'section',
              { class: 'card' },
              el('p', { 'data-testid': 'signed-out' }, say('player.signedOut')),
              el('a', { href: '/player.html', class: 'button' }, say('player.newPlayer')),
            ),
          );
          return;
        }
        redraw();
      } catch (err) {
        tell(note, whyRefused(err));
      }
    });
    list.append(
      el(
        'li',
        { class: 'row' },
        el('strong', {}, d.label),
        d.current ? el('span', { class: 'tag' }, say('player.thisDevice')) : '',
        el(
          'span',
          { class: 'muted' },
          live(() => t('player.lastSeen', { name: new Date(d.lastSeenAt).toLocaleString(currentLang()) })),
        ),
        forget,
      ),
    );
  }
  return el('section', { class: 'card' }, el('h2', {}, say('player.devices')), list, note);
}

let countdown: ReturnType<typeof setInterval> | undefined;

function moveCard(): HTMLElement {
  const out = el('div', { 'data-testid': 'transfer-out' });
  const make = el(
    'button',
    { type: 'button', class: 'primary', 'data-testid': 'make-transfer' },
    say('player.makeCode'),
  );
  make.addEventListener('click', async () => {
    try {
      const t = await api<TransferResponse>('/api/me/transfer', {});
      const link = `${location.origin}${t.link}`;
      const left = el('p', { class: 'muted', 'data-testid': 'transfer-left' });
      out.replaceChildren(
        el('p', { class: 'big-code', 'data-testid': 'transfer-code', 'data-no-translate': '' }, t.code),
        el('p', { class: 'wrap' }, el('a', { href: link, 'data-testid': 'transfer-link' }, link)),
        left,
      );
      clearInterval(countdown);
      const tick = () => {
        const ms = Date.parse(t.expiresAt) - Date.now();
        if (ms <= 0) {
          clearInterval(countdown);
          out.replaceChildren(el('p', { class: 'error' }, say('player.codeExpired')));
          return;
        }
        const s = Math.ceil(ms / 1000);
        left.replaceChildren(say('player.expiresIn', { n: Math.floor(s / 60), n2: String(s % 60).padStart(2, '0') }));
      };
      tick();
      countdown = setInterval(tick, 1000);
    } catch (err) {
      tell(out, whyRefused(err));
    }
  });
  return el(
    'section',
    { class: 'card' },
    el('h2', {}, say('player.move')),
    el('p', {}, say('player.moveHint')),
    make,
    out,
  );
}

function useCodeCard(onMoved: (m: MeResponse) => void): HTMLElement {
  const code = sayAttr(
    el('input', {
      type: 'text',
      maxlength: '12',
      placeholder: 'ABCD2345',
      autocomplete: 'off',
      'data-testid': 'transfer-input',
      style: 'width:9em;text-transform:uppercase',
    }),
    'aria-label',
    'player.code',
  );
  code.value = transferParam;
  const use = el('button', { type: 'submit', class: 'primary', 'data-testid': 'use-transfer' }, say('player.use'));
  const note = el('div');
  const form = el(
    'form',
    { class: 'card', 'data-testid': 'transfer-in' },
    el('h2', {}, say('player.useCode')),
    el('p', { class: 'muted' }, say('player.useHint')),
    el('div', { class: 'row' }, el('label', {}, say('player.code'), ' ', code), use),
    note,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const m = rememberPlayer(
        await api<MeResponse>('/api/players/transfer', { code: code.value, device: deviceLabel() }),
      );
      // The code is spent: keep it out of the address (a reload would try it again).
      history.replaceState(null, '', '/player.html');
      localStorage.setItem('mj.name', m.player.name);
      onMoved(m);
    } catch (err) {
      tell(note, whyRefused(err));
    }
  });
  return form;
}

function circlesCard(me: MeResponse): HTMLElement {
  const list = el('ul', { class: 'plain', 'data-testid': 'circles' });
  for (const c of me.circles) {
    list.append(
      el(
        'li',
        { class: 'row' },
        el('a', { href: `/circle.html?id=${encodeURIComponent(c.id)}` }, c.name),
        el('span', { class: 'muted' }, say('player.members', { n: c.members })),
        c.owner ? el('span', { class: 'tag' }, say('player.owner')) : '',
      ),
    );
  }
  const name = el('input', { type: 'text', maxlength: '24', 'data-testid': 'circle-name' });
  sayAttr(sayAttr(name, 'placeholder', 'player.circleName'), 'aria-label', 'player.circleName');
  const create = el(
    'button',
    { type: 'submit', class: 'primary', 'data-testid': 'create-circle' },
    say('player.createCircle'),
  );
  const note = el('div');
  const form = el('form', { class: 'row' }, name, create);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const c = await api<CircleView>('/api/circles', { name: name.value.trim() });
      location.href = `/circle.html?id=${encodeURIComponent(c.id)}`;
    } catch (err) {
      tell(note, whyRefused(err));
    }
  });
  return el(
    'section',
    { class: 'card' },
    el('h2', {}, say('player.circles')),
    me.circles.length > 0 ? list : el('p', { class: 'muted' }, say('player.noCircles')),
    form,
    note,
  );
}

function statsCard(): HTMLElement {
  const body = el('div', { 'data-testid': 'my-stats' });
  const tabs = el('div', { class: 'tabs', role: 'tablist' });
  const show = async (family: Family) => {
    for (const b of tabs.querySelectorAll('button'))
      b.setAttribute('aria-selected', String(b.dataset.family === family));
    body.dataset.family = family;
    body.dataset.loaded = '';
    try {
      const s = await api<MyStatsResponse>(`/api/me/stats?family=${family}`);
      if (body.dataset.family !== family) return;
      body.replaceChildren(
        figureList(family, s.stats, 'my-figures'),
        el('h3', {}, say('player.matches')),
        myMatchList(s.matches),
      );
      body.dataset.loaded = family;
    } catch (err) {
      tell(body, whyRefused(err));
    }
  };
  for (const f of ['hk', 'riichi'] as const) {
    const b = el('button', { type: 'button', role: 'tab', 'data-family': f }, say(FAMILY[f]));
    b.addEventListener('click', () => void show(f));
    tabs.append(b);
  }
  void show('hk');
  return el('section', { class: 'card' }, el('h2', {}, say('player.stats')), tabs, body);
}

function render(me: MeResponse, notice: Node | string | null): void {
  mountYouBadge(me.player);
  const again = async () => render(await api<MeResponse>('/api/me'), null);
  root.replaceChildren(
    el('h1', {}, el('a', { href: '/', class: 'home' }, say('lobby.title')), ' · ', say('player.you')),
    ...(notice ? [el('p', { class: 'card', 'data-testid': 'notice' }, notice)] : []),
    nameCard(me, (m) => render(m, null)),
    circlesCard(me),
    statsCard(),
    moveCard(),
    useCodeCard((m) => render(m, say('player.moved', { name: m.player.name }))),
    devicesCard(me, () => void again()),
  );
  if (transferParam) root.querySelector<HTMLElement>('[data-testid="transfer-in"]')?.scrollIntoView();
}

async function main(): Promise<void> {
  // Arriving by a transfer link: no new player is made for this browser first (it is about to
  // become the code's player); the code form is all the page shows until it is used.
  if (transferParam) {
    const me = await api<MeResponse>('/api/me').catch(() => null);
    if (!me) {
      root.replaceChildren(
        el('h1', {}, el('a', { href: '/', class: 'home' }, say('lobby.title')), ' · ', say('player.you')),
        useCodeCard((m) => render(m, say('player.moved', { name: m.player.name }))),
      );
      return;
    }
    render(me, null);
    return;
  }
  try {
    const s = await ensurePlayer();
    render(s.me, s.notice === null ? null : say(s.notice));
  } catch (err) {
    root.replaceChildren(el('h1', {}, say('player.you')), el('p', { class: 'error' }, whyRefused(err)));
  }
}

void main();
