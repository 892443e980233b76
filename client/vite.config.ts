/**
 * Vite build of the client: one HTML page per screen (lobby, table, replay, calculator, tile
 * gallery, player, circle) so that the game page carries only what it needs; every text file gets
 * brotli and gzip siblings (scripts/compress.ts). `npm run build -w
 * client` writes client/dist, which the server serves; `npm run dev -w client` proxies the API
 * and the socket to the server (PORT, default 3000).
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { cjkFont } from './scripts/cjk-font.js';
import { precompress } from './scripts/compress.js';
import { nameFonts } from './scripts/name-fonts.js';

const root = import.meta.dirname;
const target = `http://127.0.0.1:${process.env.SERVER_PORT ?? process.env.PORT ?? 3000}`;

export default defineConfig({
  root,
  base: '/',
  // Compression last: it writes .br and .gz copies of what the others emitted.
  plugins: [cjkFont(), nameFonts(), precompress()],
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      input: {
        lobby: resolve(root, 'index.html'),
        table: resolve(root, 'table.html'),
        replay: resolve(root, 'replay.html'),
        calculator: resolve(root, 'calculator.html'),
        gallery: resolve(root, 'gallery.html'),
        player: resolve(root, 'player.html'),
        circle: resolve(root, 'circle.html'),
      },
    },
  },
  server: {
    port: Number(process.env.CLIENT_PORT ?? 5173),
    // The server answers only its own origin (ORIGINS): proxied requests say they come from it.
    proxy: {
      '/api': { target, changeOrigin: true, headers: { origin: target } },
      '/healthz': { target, changeOrigin: true, headers: { origin: target } },
      '/socket.io': { target, ws: true, changeOrigin: true, headers: { origin: target } },
    },
  },
});
