/**
 * A socket the server refused as it connected (socket.io's `connect_error` with a `ConnectRefusal`
 * as its `data`: the address holds as many sockets as the server allows). socket.io retries a
 * failed transport by itself but never a socket so refused (`socket.active` is false then): the
 * page tries again itself, later and later, since the cap frees as other pages of the address close.
 */
import { type ConnectRefusal, REFUSAL_CODES, type RefusalCode, type RefusalValues } from '@mahjong/shared';

/** The refusal an error of `connect_error` carries; null for a transport's failure or a foreign shape. */
export function connectRefusal(err: unknown): ConnectRefusal | null {
  const data: unknown = err instanceof Error ? (err as Error & { data?: unknown }).data : undefined;
  if (data === null || typeof data !== 'object') return null;
  const { code, message, values } = data as Record<string, unknown>;
  if (typeof code !== 'string' || !(REFUSAL_CODES as readonly string[]).includes(code)) return null;
  return {
    code: code as RefusalCode,
    message: typeof message === 'string' ? message : '',
    ...(values !== null && typeof values === 'object' ? { values: values as RefusalValues } : {}),
  };
}

/** The wait before trying again after the `attempt`-th refusal in a row (from 0): 5, 10, 20, 40 s, then a minute. */
export function retryAfterRefusalMs(attempt: number): number {
  return Math.min(60_000, 5000 * 2 ** attempt);
}
