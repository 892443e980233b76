/**
 * The browser's side of players and circles: the JSON API with its error codes kept (a page
 * answers `circle/invite_invalid` differently from a network failure), and the player this
 * browser is. The player key is an HttpOnly cookie the browser sends by itself: no script here
 * ever sees it, so "who am I" is always a question to the server (GET /api/me).
 */
import {
  checkDisplayName,
  type CreatePlayerResponse,
  type HttpError,
  type HttpErrorCode,
  type MeResponse,
  type RefusalValues,
} from '@mahjong/shared';
import { type Lang, settings } from '../settings/settings.js';
import type { Refusal } from '../i18n/refusals.js';
import { message } from '../i18n/translate.js';
import type { MessageId } from '../i18n/messages.js';

/**
 * A refusal from the server, with its code (or `http/offline` when no answer came) and the values
 * its words name: pages say it with `refusalText` (`i18n/refusals.ts`), the English message is for logs.
 */
export class ApiError extends Error implements Refusal {
  constructor(
    readonly status: number,
    readonly code: HttpErrorCode | 'http/offline',
    message: string,
    readonly values?: RefusalValues,
  ) {
    super(message);
  }
}

/** GET (no body) or POST (a JSON body) to the API; a 204 answers undefined. */
export async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(() => null);
  if (!res) throw new ApiError(0, 'http/offline', 'Cannot reach the server…');
  if (res.status === 204) return undefined as T;
  const json = (await res.json().catch(() => ({}))) as T & Partial<HttpError>;
  if (!res.ok)
    throw new ApiError(
      res.status,
      json.error?.code ?? 'http/invalid',
      json.error?.message ?? `${res.status}`,
      json.error?.values,
    );
  return json;
}

/** Why this browser got a new player although it had a key: said once on the page, by the refusal's code. */
const KEY_NOTICES: Partial<Record<HttpErrorCode, MessageId>> = {
  'player/bad_key': 'player.badKey',
  'player/expired_key': 'player.expiredKey',
  'player/device_forgotten': 'player.deviceForgotten',
};

/** How a device is listed on the player page ("Chrome on Linux"), never shown to others. */
export function deviceLabel(ua = navigator.userAgent): string {
  const first = (pairs: readonly (readonly [RegExp, string])[]) => pairs.find(([re]) => re.test(ua))?.[1];
  const browser =
    first([
      [/Edg\//, 'Edge'],
      [/Firefox\//, 'Firefox'],
      [/Chrom(e|ium)\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ]) ?? 'A browser';
  const os = first([
    [/iPhone|iPad/, 'iOS'],
    [/Android/, 'Android'],
    [/Mac OS X/, 'macOS'],
    [/Windows/, 'Windows'],
    [/Linux/, 'Linux'],
  ]);
  return os ? `${browser} on ${os}` : browser;
}

/** The name typed in the lobby before this browser was a player (kept in localStorage). */
export function typedName(): string | null {
  const checked = checkDisplayName(localStorage.getItem('mj.name') ?? '');
  return checked.ok ? checked.value : null;
}

/**
 * A name for a new player who typed none, in the page's language ("Player 7QkF", "玩家 7QkF"):
 * it heads the lobby until they rename themselves, and a Chinese page said "Player". The language
 * asked for, not the one shown: a Chinese page shows English until its font is in, and the
 * player is made before that (three new Chinese browsers in five were named "Player").
 */
export function madeUpName(lang: Lang = settings.get().lang): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const random = crypto.getRandomValues(new Uint8Array(4));
  return `${message('player.madeUp', lang)} ${[...random].map((b) => letters[b % letters.length]).join('')}`;
}

export interface PlayerSession {
  readonly me: MeResponse;
  /** Set when a key was refused and a new player made (the page says so, in its language). */
  readonly notice: MessageId | null;
}

/**
 * Set once this browser has been a player. Without it the page asks for a player straight away
 * (the server answers a browser that holds a key with its player), instead of asking who it is:
 * every first visit got a 401 there, which the browser logs as an error.
 */
const BEEN_A_PLAYER = 'mj.player';
const beenAPlayer = (): boolean => localStorage.getItem(BEEN_A_PLAYER) !== null;
/** Notes that this browser is a player now (a player made, asked or moved in by a code). */
export const rememberPlayer = (me: MeResponse): MeResponse => {
  localStorage.setItem(BEEN_A_PLAYER, '1');
  return me;
};

const newPlayer = async (): Promise<CreatePlayerResponse> => {
  const made = await api<CreatePlayerResponse>('/api/players', {
    name: typedName() ?? madeUpName(),
    device: deviceLabel(),
  });
  rememberPlayer(made);
  return made;
};

/**
 * The player this browser is, made on the first visit (with the name typed before, if any). A
 * refused key (forged, expired, a forgotten device) also makes a new player, and says why: the
 * answer to "who am I" says so, or, on a page that went straight to making one (a browser whose
 * storage was cleared but not its key), the answer that made it.
 */
export async function ensurePlayer(): Promise<PlayerSession> {
  if (!beenAPlayer()) {
    const made = await newPlayer();
    return { me: made, notice: made.keyRefused ? (KEY_NOTICES[made.keyRefused] ?? null) : null };
  }
  try {
    return { me: rememberPlayer(await api<MeResponse>('/api/me')), notice: null };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    return { me: await newPlayer(), notice: KEY_NOTICES[err.code as HttpErrorCode] ?? null };
  }
}

/** A pending ensurePlayer() shared by whatever on the page asks (one POST per page load). */
let session: Promise<PlayerSession> | null = null;
export const player = (): Promise<PlayerSession> => {
  session ??= ensurePlayer();
  return session;
};
