/**
 * The tile gallery page: every kind, the red fives and the back, at two sizes, to check the art
 * by eye. Shows
 * the face set of `?faces=` (else the player's chosen one), with a link to each set.
 */
import '../ui/page-chrome.js';
import { ALL_KINDS, type TileKind } from '@mahjong/shared';
import { backSvg, FACE_SETS, type FaceSet, isFaceSet, RED_FIVES, svgDataUrl, tileSvg } from '../art/tile-svg.js';
import { currentLang } from '../i18n/i18n.js';
import { liveAttr, say } from '../i18n/live-text.js';
import type { MessageId } from '../i18n/messages.js';
import { message, tileLabelIn } from '../i18n/translate.js';
import { settings } from '../settings/settings.js';

/** Each face set's name, as the settings call it. */
const FACE_NAMES: Readonly<Record<FaceSet, MessageId>> = {
  classic: 'settings.classic',
  'high-contrast': 'settings.highContrast',
};

/** A tile picture's alt text and title, in the language shown (written again on a change). */
function named(img: HTMLImageElement, text: () => string): HTMLImageElement {
  return liveAttr(liveAttr(img, 'alt', text), 'title', text);
}

const asked = new URLSearchParams(location.search).get('faces');
const set = isFaceSet(asked) ? asked : settings.get().faces;
const root = document.getElementById('gallery');
if (root) {
  const pick = document.createElement('p');
  for (const s of FACE_SETS) {
    const a = document.createElement('a');
    a.href = `?faces=${s}`;
    a.append(say(FACE_NAMES[s]));
    a.dataset.faces = s;
    if (s === set) a.setAttribute('aria-current', 'true');
    a.style.cssText = `margin-right:12px;color:#fff;font-weight:${s === set ? 700 : 400}`;
    pick.append(a);
  }
  root.append(pick);
  for (const width of [60, 30]) {
    const row = document.createElement('div');
    row.className = 'gallery-row';
    for (let k = 0; k < ALL_KINDS; k++) {
      const img = document.createElement('img');
      img.src = svgDataUrl(tileSvg(k as TileKind, set));
      img.width = width;
      row.append(named(img, () => tileLabelIn(k as TileKind, false, currentLang())));
      if (k === 8 || k === 17 || k === 26 || k === 33) row.append(document.createElement('br'));
    }
    const back = document.createElement('img');
    back.src = svgDataUrl(backSvg());
    back.width = width;
    row.append(liveAttr(back, 'alt', () => message('tile.hidden', currentLang())));
    // The red five of each suit (riichi tables with red fives), on a line of their own.
    row.append(document.createElement('br'));
    for (const k of RED_FIVES) {
      const img = document.createElement('img');
      img.src = svgDataUrl(tileSvg(k, set, true));
      img.width = width;
      img.dataset.red = '';
      row.append(named(img, () => tileLabelIn(k, true, currentLang())));
    }
    root.append(row);
  }
}
