import { describe, expect, it } from 'vitest';
import { frameStats, htmlAssets, pageFiles } from './budgets.js';

describe('budgets: which files a page loads', () => {
  const manifest = {
    'table.html': {
      file: 'assets/table.js',
      isEntry: true,
      imports: ['_shared.js'],
      css: ['assets/table.css'],
      dynamicImports: ['src/pages/replay.ts'],
    },
    '_shared.js': { file: 'assets/shared.js', imports: ['_tiles.js'], css: ['assets/shared.css'] },
    '_tiles.js': { file: 'assets/tiles.js', assets: ['assets/back.png'] },
    'src/pages/replay.ts': { file: 'assets/replay.js', imports: ['_shared.js', '_chart.js'] },
    '_chart.js': { file: 'assets/chart.js' },
    'calculator.html': { file: 'assets/calc.js', isEntry: true, imports: ['_tiles.js'] },
  };

  it('follows static imports with their CSS and assets, and keeps dynamic imports apart', () => {
    const t = pageFiles(manifest, 'table.html');
    expect(t.eager.sort()).toEqual(
      [
        'assets/table.js',
        'assets/table.css',
        'assets/shared.js',
        'assets/shared.css',
        'assets/tiles.js',
        'assets/back.png',
      ].sort(),
    );
    expect(t.lazy.sort()).toEqual(['assets/chart.js', 'assets/replay.js']);
  });

  it('counts a shared chunk for every page that imports it', () => {
    expect(pageFiles(manifest, 'calculator.html')).toEqual({
      eager: ['assets/calc.js', 'assets/tiles.js', 'assets/back.png'],
      lazy: [],
    });
  });
});

describe('budgets: frame statistics', () => {
  it('gives fps and percentiles of the frame deltas', () => {
    const deltas = [...Array.from({ length: 98 }, () => 1000 / 60), 50, 100];
    const s = frameStats(deltas);
    expect(s.frames).toBe(100);
    expect(s.medianMs).toBeCloseTo(16.67, 1);
    expect(s.p99Ms).toBe(100);
    expect(s.maxMs).toBe(100);
    expect(s.slowShare).toBeCloseTo(0.02, 5);
    expect(s.fps).toBeCloseTo((100 * 1000) / (98 * (1000 / 60) + 150), 5);
  });

  it('is zero for no frames', () => {
    expect(frameStats([])).toMatchObject({ frames: 0, fps: 0, maxMs: 0, slowShare: 0 });
  });
});

describe('budgets: what a built page loads up front', () => {
  it('takes module scripts, preloads and stylesheets, not icons or external links', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/table-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/pixi-def.js">
      <link rel="stylesheet" crossorigin href="/assets/style-123.css">
      <link rel="icon" href="/favicon.svg">
      <link rel="stylesheet" href="https://example.com/x.css">
      </head><body><img src="/assets/logo.png"></body></html>`;
    expect(htmlAssets(html)).toEqual(['assets/table-abc.js', 'assets/pixi-def.js', 'assets/style-123.css']);
  });
});
