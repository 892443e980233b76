/**
 * Replays of finished matches, built once and kept gzipped. A finished match never changes, so
 * its answer (the whole match, and each hand as its own page) is stepped through, serialised
 * and compressed once; requests after that are a buffer lookup. A 30-hand match's whole replay
 * is tens of MB of JSON, so clients of long matches should ask hand by hand (`?hand=N`).
 *
 * A build never holds the event loop for long: it steps the log a slice at a time (about
 * `SLICE_MS` of work, then it lets everything else run), writes each frame's JSON into gzip
 * streams as it goes (compression runs on libuv's threads; a full stream is waited for), and
 * never holds the frames or the uncompressed JSON: memory is the compressed pages. Requests that
 * arrive while a replay is being built wait for that one build; builds of different matches run
 * one after another.
 */
import { Readable } from 'node:stream';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';
import type { ReplayFrame, ReplayResponse } from '@mahjong/shared';

/** Work between two yields to the event loop (ms). */
export const SLICE_MS = 8;

/** One match's answers: the whole match and each hand's page, gzipped JSON. */
export interface ReplayPages {
  readonly all: Buffer;
  readonly hands: readonly Buffer[];
  /** Uncompressed size of the whole answer (bytes), for the figures. */
  readonly rawBytes: number;
}

/**
 * What a build steps through: everything of the answer but its frames, and the frames one at a
 * time with the number of the hand each belongs to (the index of `handStarts`).
 */
export interface ReplaySource {
  readonly head: Omit<ReplayResponse, 'frames' | 'handStarts'>;
  readonly frames: Iterable<{ readonly hand: number; readonly frame: ReplayFrame }>;
}

/** A gzip stream written with back-pressure, its output collected. */
class Page {
  private readonly zip: Gzip = createGzip();
  private readonly out: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  bytes = 0;
  frames = 0;
  constructor(head: string) {
    this.zip.on('data', (c: Buffer) => this.out.push(c));
    this.done = new Promise((resolve, reject) => {
      this.zip.on('end', () => resolve(Buffer.concat(this.out)));
      this.zip.on('error', reject);
    });
    void this.write(head);
  }
  async write(s: string): Promise<void> {
    this.bytes += Buffer.byteLength(s);
    if (!this.zip.write(s)) await new Promise((r) => this.zip.once('drain', r));
  }
  frame(json: string): Promise<void> {
    return this.write(this.frames++ === 0 ? json : `,${json}`);
  }
  end(tail: string): Promise<Buffer> {
    this.zip.end(tail);
    return this.done;
  }
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

/**
 * Steps `source` into the gzipped pages, yielding to the event loop every `SLICE_MS`. The JSON
 * is that of `ReplayResponse` with `handStarts` written last (its keys' order is free).
 */
export async function buildPages(source: ReplaySource): Promise<ReplayPages> {
  const headJson = JSON.stringify(source.head);
  // `{...head,"frames":[` — the head's closing brace becomes the frames' opening.
  const open = `${headJson.slice(0, -1)}${headJson.length > 2 ? ',' : ''}"frames":[`;
  const all = new Page(open);
  const hands: Page[] = [];
  const handStarts: number[] = [];
  let index = 0;
  let sliceStart = performance.now();
  for (const { hand, frame } of source.frames) {
    if (handStarts[hand] === undefined) handStarts[hand] = index;
    const json = JSON.stringify(frame);
    hands[hand] ??= new Page(open);
    await Promise.all([all.frame(json), hands[hand]!.frame(json)]);
    index += 1;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  const tail = `],"handStarts":${JSON.stringify(handStarts)}}`;
  // A hand number without frames (none in practice) still answers, with no frames.
  for (let n = 0; n < handStarts.length; n += 1) hands[n] ??= new Page(open);
  const [whole, ...pages] = await Promise.all([all.end(tail), ...hands.map((p) => p.end(tail))]);
  return { all: whole!, hands: pages, rawBytes: all.bytes + Buffer.byteLength(tail) };
}

export class ReplayCache {
  private readonly pages = new Map<string, ReplayPages>();
  private readonly building = new Map<string, Promise<ReplayPages>>();
  private bytes = 0;
  /** Builds run one at a time: each holds the memory of one match's pages while it runs. */
  private queue: Promise<unknown> = Promise.resolve();
  builds = 0;

  /** `maxBytes`: compressed bytes kept; the least recently used match goes first. */
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** The pages of match `id`, built from `source` (called once, however many ask at once). */
  async get(id: string, source: () => Promise<ReplaySource>): Promise<ReplayPages> {
    const hit = this.pages.get(id);
    if (hit) {
      this.pages.delete(id);
      this.pages.set(id, hit);
      return hit;
    }
    let pending = this.building.get(id);
    if (!pending) {
      const run = this.queue.then(async () => {
        const pages = await buildPages(await source());
        this.builds += 1;
        return pages;
      });
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

/** For a client that does not take gzip: the stored page decompressed as it is sent. */
export const unzipStream = (b: Buffer): Readable => Readable.from([b]).pipe(createGunzip());
