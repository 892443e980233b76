/**
 * Why a request to the API failed, as a page shows it: a refusal by its code and values in the
 * language shown (kept in step when the language changes), anything else (a bug) as it came.
 */
import { live } from '../i18n/live-text.js';
import { refusalText } from '../i18n/refusals.js';
import { ApiError } from '../net/community.js';

/** The words of why `err` happened, as a text node. */
export const whyRefused = (err: unknown): Text =>
  err instanceof ApiError ? live(() => refusalText(err)) : document.createTextNode(String((err as Error).message));

/** The same as a function of the language shown (for words built into a longer message). */
export const whyRefusedText = (err: unknown): (() => string) =>
  err instanceof ApiError ? () => refusalText(err) : () => String((err as Error).message);
