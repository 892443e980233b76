#!/usr/bin/env node
/**
 * `npm start`: runs the compiled server, `server/dist/main.js` (scripts/build-server.mjs), with
 * plain node. Where the sources are present (a checkout) and the build is missing or older than
 * them, it is rebuilt first (esbuild, about a second), so that `npm install && npm start` works
 * on a fresh machine and never runs a stale build; a production image has only the build and
 * runs it as it is. Development without a build step: `npm run dev` (tsx over the sources).
 */
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBuildStale } from './build-server.mjs';

if (serverBuildStale()) {
  try {
    await buildServer();
  } catch (error) {
    console.error(
      `server/dist/main.js could not be built (${error?.message ?? error}); run npm install, then npm run build`,
    );
    process.exit(1);
  }
}
process.setSourceMapsEnabled(true);
// Workers (WORKERS=N) are forked from process.argv[1]: the bundle itself, not this launcher.
process.argv[1] = SERVER_BUNDLE;
await import(pathToFileURL(SERVER_BUNDLE).href);
