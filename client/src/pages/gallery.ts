/** The tile gallery page: every kind and the back, at two sizes, to check the art by eye. */
import { ALL_KINDS, type TileKind, tileName } from '@mahjong/shared';
import { backSvg, svgDataUrl, tileSvg } from '../art/tile-svg.js';

const root = document.getElementById('gallery');
if (root) {
  for (const width of [60, 30]) {
    const row = document.createElement('div');
    row.className = 'gallery-row';
    for (let k = 0; k < ALL_KINDS; k++) {
      const img = document.createElement('img');
      img.src = svgDataUrl(tileSvg(k as TileKind));
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
    root.append(row);
  }
}
