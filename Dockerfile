# The server image used by docker-compose.yml: installs from the lockfile, builds the client,
# and runs `npm start` (migrations run at start).
FROM node:22-slim
WORKDIR /app
COPY . .
# npm install, not npm ci: npm 11 lockfiles keep only this platform's optional binaries (npm/cli#8320).
RUN npm install --no-audit --no-fund && npm run build
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
EXPOSE 3000
CMD ["npm", "start"]
