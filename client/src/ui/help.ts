/**
 * The keyboard help overlay of the table page: `?` opens it, `?` or Escape closes it. Lists the
 * shortcuts that table/actions.ts binds (arrows and Enter on the hand, one key per action).
 */
const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['← →', 'pick a tile in your hand'],
  ['Enter', 'discard the picked tile'],
  ['W', 'win'],
  ['P', 'pung'],
  ['K', 'kong'],
  ['R', 'riichi, then pick the tile (Esc cancels)'],
  ['1 2 3', 'chow (each choice)'],
  ['Esc', 'pass'],
  ['?', 'this help'],
];

let overlay: HTMLElement | null = null;

function close(): void {
  overlay?.remove();
  overlay = null;
}

function open(): void {
  const box = document.createElement('div');
  box.className = 'mj-settings-panel mj-help';
  box.setAttribute('role', 'dialog');
  box.setAttribute('aria-label', 'Keyboard shortcuts');
  box.dataset.testid = 'help';
  const h = document.createElement('h2');
  h.textContent = 'Keyboard shortcuts';
  const table = document.createElement('table');
  table.className = 'list';
  for (const [keys, what] of SHORTCUTS) {
    const tr = document.createElement('tr');
    const k = document.createElement('td');
    const kbd = document.createElement('kbd');
    kbd.textContent = keys;
    k.append(kbd);
    const w = document.createElement('td');
    w.textContent = what;
    tr.append(k, w);
    table.append(tr);
  }
  const closeButton = document.createElement('button');
  closeButton.type = 'button';
  closeButton.textContent = 'Close';
  closeButton.addEventListener('click', close);
  box.append(h, table, closeButton);
  document.body.append(box);
  overlay = box;
  closeButton.focus();
}

/** Binds `?` on this page. */
export function mountHelp(): void {
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === '?') {
      if (overlay) close();
      else open();
      e.preventDefault();
    } else if (e.key === 'Escape' && overlay) close();
  });
}
