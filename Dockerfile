# The server image used by docker-compose.yml, in two stages.
# build: every dependency, the client (client/dist, with its .br/.gz siblings) and the server
#   compiled to one JavaScript file (server/dist/main.js, scripts/build-server.mjs).
# runtime: the server's production dependencies only, the two builds and the migrations; plain
#   node, no TypeScript compiler, as the unprivileged `node` user of the base image.
FROM node:22-slim AS build
WORKDIR /app
COPY . .
# npm install, not npm ci: npm 11 lockfiles keep only this platform's optional binaries (npm/cli#8320).
RUN npm install --no-audit --no-fund && npm run build

FROM node:22-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY shared/package.json shared/
COPY client/package.json client/
# The server workspace's dependencies without dev ones; no install scripts (the Prisma client is
# generated at build time and bundled into server/dist/main.js). Without optional ones either: the
# Prisma CLI and TypeScript are optional peers of @prisma/client, installed otherwise (153 MB of
# node_modules instead of 272).
RUN npm install --omit=dev --omit=optional --workspace server --no-audit --no-fund --ignore-scripts \
  && npm cache clean --force
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
COPY --from=build /app/prisma/migrations prisma/migrations
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
