/**
 * Replays of finished matches, built once and kept gzipped. A finished match never changes, so
 * its answer (the whole match, and each hand as its own page) is stepped through, serialised
 * and compressed once; requests after that are a buffer lookup. A 30-hand match's whole replay
 * is tens of MB of JSON, so clients of long matches should ask hand by hand (`?hand=N`).
 * Requests that arrive while a replay is being built wait for that one build; builds of different
 * matches run one after another.
 */
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import type { ReplayResponse } from '@mahjong/shared';

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/** One match's answers: the whole match and each hand's page, gzipped JSON. */
export interface ReplayPages {
  readonly all: Buffer;
  readonly hands: readonly Buffer[];
  /** Uncompressed size of the whole answer (bytes), for the figures. */
  readonly rawBytes: number;
}

export class ReplayCache {
  private readonly pages = new Map<string, ReplayPages>();
  private readonly building = new Map<string, Promise<ReplayPages>>();
  private bytes = 0;
  /** Builds run one at a time: each holds the event loop while it steps through a log. */
  private queue: Promise<unknown> = Promise.resolve();
  builds = 0;

  /** `maxBytes`: compressed bytes kept; the least recently used match goes first. */
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The pages of match `id`, built with `build` (called once, however many ask at once). */
  async get(id: string, build: () => Promise<ReplayResponse>): Promise<ReplayPages> {
    const hit = this.pages.get(id);
    if (hit) {
      this.pages.delete(id);
      this.pages.set(id, hit);
      return hit;
    }
    let pending = this.building.get(id);
    if (!pending) {
      const run = this.queue.then(() => this.build(build));
      this.queue = run.catch(() => undefined);
      pending = run.finally(() => this.building.delete(id));
      this.building.set(id, pending);
      void pending.then(
        (p) => this.keep(id, p),
        () => undefined,
      );
    }
    return pending;
  }

  private async build(build: () => Promise<ReplayResponse>): Promise<ReplayPages> {
    const replay = await build();
    this.builds += 1;
    const json = JSON.stringify(replay);
    const starts = replay.handStarts;
    const hands: Buffer[] = [];
    for (let n = 0; n < starts.length; n += 1) {
      const from = starts[n]!;
      const page: ReplayResponse = {
        ...replay,
        frames: replay.frames.slice(from, starts[n + 1] ?? replay.frames.length),
      };
      hands.push(await gzip(JSON.stringify(page)));
    }
    return { all: await gzip(json), hands, rawBytes: Buffer.byteLength(json) };
  }

  private keep(id: string, p: ReplayPages): void {
    const size = p.all.length + p.hands.reduce((n, b) => n + b.length, 0);
    if (size > this.maxBytes) return;
    this.pages.set(id, p);
    this.bytes += size;
    for (const [old, q] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(old);
      this.bytes -= q.all.length + q.hands.reduce((n, b) => n + b.length, 0);
    }
  }
}

/** For a client that does not take gzip. */
export const unzip = (b: Buffer): Promise<Buffer> => gunzip(b);
