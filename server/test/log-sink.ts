/**
 * A server logger whose lines the test can read: pino at `info` writing its JSON lines, parsed,
 * into `lines` (oldest first), so that a suite can check what the server said and about which table.
 */
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export interface LogSink {
  /** The logger to hand to the server. */
  readonly logger: Logger;
  /** Every line logged so far, parsed. */
  readonly lines: Record<string, unknown>[];
}

export function logSink(): LogSink {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}
