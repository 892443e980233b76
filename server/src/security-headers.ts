/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy that lets the
 * built client run and nothing else, `X-Content-Type-Options: nosniff`, and no framing by other
 * sites (`frame-ancestors 'none'`, `X-Frame-Options: DENY`). What the client needs, and why:
 * - scripts: only the built files (`'self'`); Pixi compiles its shader glue without `eval`
 *   (the client imports `pixi.js/unsafe-eval`, which despite its name is the no-eval path);
 * - workers: Pixi decodes images in workers it makes from `blob:` URLs;
 * - images: tiles are SVG `data:` URLs; `blob:` for decoded bitmaps;
 * - styles: the stylesheet plus `style` attributes the pages set (`'unsafe-inline'` for styles
 *   only; styles cannot run code);
 * - fonts: the CJK subset is added as bytes (`FontFace`), which needs no source; `data:` kept
 *   for a build that inlines a font;
 * - connections: the API and socket.io on the page's own origin (`'self'` covers ws/wss there),
 *   plus the configured extra origins.
 * HSTS is left to the TLS-terminating proxy (the server itself speaks plain HTTP), and
 * `upgrade-insecure-requests` is off so that a LAN server on http:// keeps working.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance, connectOrigins: readonly string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connectOrigins],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
}
