/**
 * The tile gallery page: every kind, the red fives and the back, at two sizes, to check the art
 * by eye. Shows
 * the face set of `?faces=` (else the player's chosen one), with a link to each set.
 */
import '../ui/page-chrome.js';
import { ALL_KINDS, type TileKind, tileName } from '@mahjong/shared';
import { backSvg, FACE_SETS, isFaceSet, RED_FIVES, svgDataUrl, tileSvg } from '../art/tile-svg.js';
import { tileLabel } from '../i18n/translate.js';
import { settings } from '../settings/settings.js';

const asked = new URLSearchParams(location.search).get('faces');
const set = isFaceSet(asked) ? asked : settings.get().faces;
const root = document.getElementById('gallery');
if (root) {
  const pick = document.createElement('p');
  for (const s of FACE_SETS) {
    const a = document.createElement('a');
    a.href = `?faces=${s}`;
    a.textContent = s.replace('-', ' ');
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
      img.alt = tileName(k as TileKind);
      img.title = img.alt;
      row.append(img);
      if (k === 8 || k === 17 || k === 26 || k === 33) row.append(document.createElement('br'));
    }
    const back = document.createElement('img');
    back.src = svgDataUrl(backSvg());
    back.width = width;
    back.alt = 'back';
    row.append(back);
    // The red five of each suit (riichi tables with red fives), on a line of their own.
    row.append(document.createElement('br'));
    for (const k of RED_FIVES) {
      const img = document.createElement('img');
      img.src = svgDataUrl(tileSvg(k, set, true));
      img.width = width;
      img.alt = tileLabel(k, true);
      img.title = img.alt;
      img.dataset.red = '';
      row.append(img);
    }
    root.append(row);
  }
}
