/**
 * The replay page's log files: download a finished match (tenhou.net/6 and mjai for riichi, the
 * project's JSON for Hong Kong, from `GET /api/matches/:id/export`), open a tenhou.net/6 file
 * (posted to `POST /api/matches/import`, then watched here), and, for an imported match, how
 * its hands compare with the file: every hand whose computed result differs is listed, never
 * hidden. Every word is asked for by message id and written again when the language changes.
 */
import { isRulesetId, isRiichiFamily } from '@mahjong/shared';
import type { HttpError, ImportCheck, ImportResponse, ReplayResponse } from '@mahjong/shared';
import { currentLang, t } from '../i18n/i18n.js';
import { live, say } from '../i18n/live-text.js';
import { logRefusalText } from '../i18n/log-refusals.js';
import type { MessageId } from '../i18n/messages.js';
import { refusalText } from '../i18n/refusals.js';
import { el } from '../ui/dom.js';

/** The export formats a match offers (riichi and Hong Kong differ), with their labels. */
export function downloadsFor(ruleset: string): readonly { readonly format: string; readonly label: MessageId }[] {
  return isRulesetId(ruleset) && isRiichiFamily(ruleset)
    ? [
        { format: 'tenhou6', label: 'logs.tenhou6' },
        { format: 'mjai', label: 'logs.mjai' },
      ]
    : [{ format: 'hk', label: 'logs.hk' }];
}

const deltas = (d: readonly number[] | null): string =>
  d === null ? '—' : d.map((x) => (x > 0 ? `+${x}` : String(x))).join(' / ');

type Words = { readonly id: MessageId; readonly values: Readonly<Record<string, string | number>> };

/** The lines that say how an imported log's hands came out. */
export function importLines(check: ImportCheck): Words[] {
  const lines: Words[] = [{ id: 'logs.agree', values: { n: check.agree, n2: check.hands } }];
  for (const d of check.differences) {
    lines.push({ id: 'logs.differs', values: { n: d.hand + 1, name: deltas(d.stated), name2: deltas(d.computed) } });
  }
  return lines;
}

/** Posts a tenhou.net/6 file and opens its replay; a refusal is said in `status`. */
async function upload(file: File, status: HTMLElement): Promise<void> {
  status.replaceChildren(say('logs.opening'));
  delete status.dataset.kind;
  const text = await file.text();
  const res = await fetch('/api/matches/import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: text,
  });
  const body = (await res.json().catch(() => null)) as (ImportResponse & HttpError) | null;
  if (res.status !== 201 || body === null) {
    // Said by the refusal's code and values; its English message is for logs.
    const error = body?.error;
    const words =
      error === undefined
        ? () => t('logs.refused', { n: res.status })
        : error.code === 'log/invalid'
          ? () => logRefusalText(error.values, currentLang())
          : error.code === 'http/too_large'
            ? // A file over the route's limit is not read at all: too large, as the checker says
              // of a smaller one, with the file limit (its values' kb).
              () => logRefusalText({ ...error.values, reason: 'log/too_large' }, currentLang())
            : () => refusalText(error);
    status.replaceChildren(live(words));
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
    el('label', { class: 'log-files-pick' }, el('span', {}, say('logs.open')), input),
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
      say(label),
    ),
  );
  return el(
    'details',
    { class: 'log-files', 'data-testid': 'log-files' },
    el('summary', {}, say('logs.files')),
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
    el('strong', {}, head ? say(head.id, head.values) : ''),
    ...rest.map((line) => el('div', {}, say(line.id, line.values))),
  );
}
