# The server image used by docker-compose.yml: installs from the lockfile, builds the client,
# and runs `npm start` (migrations run at start).
FROM node:22-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && (npm run build -w client || true)
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
EXPOSE 3000
CMD ["npm", "start"]
