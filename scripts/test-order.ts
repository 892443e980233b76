/**
 * The order in which vitest runs the test files: within each group (`sequence.groupOrder` in
 * vitest.config.ts), files that failed last time first, then the longest first. A group's
 * workers then end together, instead of one of them running a long file alone at the end while
 * the other cores wait (on a fresh clone vitest knows no durations and starts the largest files
 * first, which left one worker alone for the last 40 s of the unit group).
 *
 * A file's duration is vitest's own record of the last run on this machine when it has one, and
 * otherwise (a fresh clone, as in CI) the one in `scripts/test-durations.json`, which
 * `scripts/test-durations.mjs` writes from a JSON report. A file known to neither runs after
 * the known ones, the larger first: the order only moves time around, so a stale record costs
 * minutes of waiting at most, never a result.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per file (its path from the repository's root), from a recent full run. */
const recorded: Readonly<Record<string, number>> = JSON.parse(
  readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'),
);

/** What the order knows of a test file. */
export interface Known {
  /** Its group (vitest's `sequence.groupOrder`): groups run one after another. */
  readonly group: number;
  /** It failed in the last run on this machine. */
  readonly failed: boolean;
  /** Undefined when neither vitest's record nor the committed one knows the file. */
  readonly seconds: number | undefined;
  readonly bytes: number;
}

/** Group, then last failures, then the longest, then unknown files by size. */
export function longestFirst(a: Known, b: Known): number {
  if (a.group !== b.group) return a.group - b.group;
  if (a.failed !== b.failed) return a.failed ? -1 : 1;
  if (a.seconds !== undefined && b.seconds !== undefined) return b.seconds - a.seconds;
  if (a.seconds !== undefined || b.seconds !== undefined) return a.seconds !== undefined ? -1 : 1;
  return b.bytes - a.bytes;
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = files.map((file) => {
      const path = relative(root, file.moduleId).replaceAll('\\', '/');
      const key = `${file.project.name}:${path}`;
      const last = this.ctx.cache.getFileTestResults(key);
      const facts: Known = {
        group: file.project.config.sequence.groupOrder,
        failed: last?.failed ?? false,
        seconds: last ? last.duration / 1000 : recorded[path],
        bytes: this.ctx.cache.getFileStats(key)?.size ?? 0,
      };
      return { file, facts };
    });
    return known.sort((x, y) => longestFirst(x.facts, y.facts)).map(({ file }) => file);
  }
}
