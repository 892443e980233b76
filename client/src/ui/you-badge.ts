/**
 * "You": a link to the player page in the page chrome (beside the language switch and the
 * settings), with the player's colour, so that the player page is one tap away everywhere.
 */
import type { PlayerView } from '@mahjong/shared';
import { el } from './dom.js';

export function mountYouBadge(player: PlayerView): void {
  const place = () => {
    const chrome = document.querySelector('.mj-chrome');
    if (!chrome) return false;
    chrome.querySelector('.mj-you')?.remove();
    const dot = el('span', { class: 'dot', style: `background:${player.colour}` });
    const link = el(
      'a',
      { href: '/player.html', class: 'mj-you', 'data-testid': 'you', title: 'You', 'aria-label': 'You' },
      dot,
      'You',
    );
    chrome.prepend(link);
    return true;
  };
  if (!place()) document.addEventListener('DOMContentLoaded', place, { once: true });
}
