/**
 * The replay page's log files: download a finished match (tenhou.net/6 and mjai for riichi, the
 * project's JSON for Hong Kong, from `GET /api/matches/:id/export`), open a tenhou.net/6 file
 * (posted to `POST /api/matches/import`, then watched here), and, for an imported match, how
 * its hands compare with the file: every hand whose computed result differs is listed, never
 * hidden. English text only: the page's DOM translator writes the other language.
 */
import { isRulesetId, isRiichiFamily } from '@mahjong/shared';
import type { HttpError, ImportCheck, ImportResponse, ReplayResponse } from '@mahjong/shared';
import { el } from '../ui/dom.js';

/** The export formats a match offers (riichi and Hong Kong differ), with their labels. */
export function downloadsFor(ruleset: string): readonly { readonly format: string; readonly label: string }[] {
  return isRulesetId(ruleset) && isRiichiFamily(ruleset)
    ? [
        { format: 'tenhou6', label: 'Download tenhou.net/6 log' },
        { format: 'mjai', label: 'Download mjai log' },
      ]
    : [{ format: 'hk', label: 'Download match (JSON)' }];
}

const deltas = (d: readonly number[] | null): string =>
  d === null ? '—' : d.map((x) => (x > 0 ? `+${x}` : String(x))).join(' / ');

/** The lines that say how an imported log's hands came out. */
export function importLines(check: ImportCheck): string[] {
  const lines = [`Imported log: ${check.agree} of ${check.hands} hands as the file states`];
  for (const d of check.differences) {
    lines.push(`Hand ${d.hand + 1}: the file says ${deltas(d.stated)}, the table computes ${deltas(d.computed)}`);
  }
  return lines;
}

/** Posts a tenhou.net/6 file and opens its replay; an error is shown in `status`. */
async function upload(file: File, status: HTMLElement): Promise<void> {
  status.textContent = 'Opening the log…';
  const text = await file.text();
  const res = await fetch('/api/matches/import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: text,
  });
  const body = (await res.json().catch(() => null)) as (ImportResponse & HttpError) | null;
  if (res.status !== 201 || body === null) {
    status.textContent = body?.error?.message ?? `The log was refused (${res.status}).`;
    status.dataset.kind = 'error';
    return;
  }
  location.href = `${location.pathname}?match=${encodeURIComponent(body.id)}`;
}

/** The upload control: a file picker for a tenhou.net/6 log. */
export function openLogControl(): HTMLElement {
  const status = el('span', { 'data-testid': 'log-status', role: 'status' });
  const input = el('input', { type: 'file', accept: '.json,application/json', 'data-testid': 'log-file' });
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) void upload(file, status);
  });
  return el(
    'div',
    { class: 'log-files-open' },
    el('label', { class: 'log-files-pick' }, el('span', {}, 'Open a tenhou.net/6 log'), input),
    status,
  );
}

/** The "Log files" panel of the replay controls: downloads of this match and the upload. */
export function logFilesPanel(r: ReplayResponse): HTMLElement {
  const links = downloadsFor(r.match.ruleset).map(({ format, label }) =>
    el(
      'a',
      {
        href: `/api/matches/${encodeURIComponent(r.match.id)}/export?format=${format}`,
        download: '',
        'data-testid': `download-${format}`,
      },
      label,
    ),
  );
  return el(
    'details',
    { class: 'log-files', 'data-testid': 'log-files' },
    el('summary', {}, 'Log files'),
    el('div', { class: 'log-files-body' }, ...links, openLogControl()),
  );
}

/** The note over an imported match's replay: hands that agree, and each that does not. */
export function importNote(check: ImportCheck): HTMLElement {
  const [head, ...rest] = importLines(check);
  return el(
    'div',
    {
      class: 'import-note',
      'data-testid': 'import-note',
      'data-kind': check.differences.length > 0 ? 'differs' : 'agrees',
    },
    el('strong', {}, head ?? ''),
    ...rest.map((line) => el('div', {}, line)),
  );
}
