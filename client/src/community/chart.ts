/**
 * The league chart's geometry: each member's running total after each of their matches, as
 * polylines in a box with labelled axes. Pure (numbers in, paths and ticks out) so that the
 * scale is tested without a DOM; league-view.ts draws it as SVG.
 */

export interface ChartSeries {
  readonly id: string;
  readonly name: string;
  readonly colour: string;
  /** The running total after the player's n-th match (sampled by the server; n ascending). */
  readonly points: readonly { readonly n: number; readonly total: number }[];
}

export interface ChartGeometry {
  readonly width: number;
  readonly height: number;
  /** The plotting box inside the axes. */
  readonly box: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly lines: readonly { readonly id: string; readonly colour: string; readonly d: string }[];
  readonly xTicks: readonly { readonly at: number; readonly label: string }[];
  readonly yTicks: readonly { readonly at: number; readonly label: string }[];
  /** Where the total is 0 (the line every player starts from). */
  readonly zeroY: number;
}

/** A step of 1, 2 or 5 times a power of ten giving at most `max` intervals over `span`. */
export function niceStep(span: number, max: number): number {
  if (span <= 0) return 1;
  const raw = span / max;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

const round = (v: number) => Math.round(v * 10) / 10;

export function chartGeometry(series: readonly ChartSeries[], width: number, height: number): ChartGeometry {
  const box = { x: 52, y: 10, w: Math.max(40, width - 62), h: Math.max(40, height - 36) };
  const maxN = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.n)));
  const totals = series.flatMap((s) => s.points.map((p) => p.total));
  let lo = Math.min(0, ...totals);
  let hi = Math.max(0, ...totals);
  if (lo === hi) hi = lo + 1;
  const yStep = niceStep(hi - lo, 5);
  lo = Math.floor(lo / yStep) * yStep;
  hi = Math.ceil(hi / yStep) * yStep;
  const x = (n: number) => round(box.x + (n / maxN) * box.w);
  const y = (t: number) => round(box.y + ((hi - t) / (hi - lo)) * box.h);
  const lines = series.map((s) => ({
    id: s.id,
    colour: s.colour,
    // Every player starts at 0 before their first match.
    d: [{ n: 0, total: 0 }, ...s.points].map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.n)},${y(p.total)}`).join(' '),
  }));
  const xStep = Math.max(1, niceStep(maxN, Math.max(1, Math.floor(box.w / 40))));
  const xTicks = [];
  for (let n = 0; n <= maxN; n += xStep) xTicks.push({ at: x(n), label: String(n) });
  const yTicks = [];
  for (let t = lo; t <= hi + yStep / 2; t += yStep) {
    const v = Math.round(t * 1000) / 1000;
    yTicks.push({ at: y(v), label: String(v) });
  }
  return { width, height, box, lines, xTicks, yTicks, zeroY: y(0) };
}
