/**
 * docker-compose.yml runs the server with PostgreSQL and Redis, from the image the Dockerfile
 * builds. No Docker engine runs here, so both files are checked as data (and the compose file with
 * `docker compose config` where the compose plugin exists).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseYaml } from './yaml.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.join(root, 'docker-compose.yml');

type Service = {
  build?: unknown;
  image?: string;
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { test: string[] };
  volumes?: string[];
};

describe('docker-compose.yml', () => {
  const doc = parseYaml(readFileSync(file, 'utf8')) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };

  it('has the proxy, the server, PostgreSQL and Redis, each with a health check', () => {
    expect(Object.keys(doc.services).sort()).toEqual(['postgres', 'proxy', 'redis', 'server']);
    for (const s of Object.values(doc.services)) expect(s.healthcheck?.test.length).toBeGreaterThan(1);
    expect(doc.services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(doc.services.redis?.image).toMatch(/^redis:\d+/);
    expect(doc.services.proxy?.image).toMatch(/^nginx:\d+/);
  });

  it('runs two server replicas behind the proxy on port 3000, pointed at the database and Redis by service name', () => {
    const server = doc.services.server!;
    expect(server.build).toBe('.');
    expect(server.deploy?.replicas).toBe(2);
    // Only the proxy is published; the replicas share port 3000 inside the network.
    expect(server.ports).toBeUndefined();
    expect(doc.services.proxy!.ports).toEqual(['3000:80']);
    expect(doc.services.proxy!.depends_on).toEqual({ server: { condition: 'service_healthy' } });
    const env = server.environment!;
    expect(env.PORT).toBe('3000');
    const db = new URL(env.DATABASE_URL!);
    expect(db.protocol).toBe('postgresql:');
    expect(db.hostname).toBe('postgres');
    const pg = doc.services.postgres!.environment!;
    expect([decodeURIComponent(db.username), decodeURIComponent(db.password), db.pathname.slice(1)]).toEqual([
      pg.POSTGRES_USER,
      pg.POSTGRES_PASSWORD,
      pg.POSTGRES_DB,
    ]);
    expect(new URL(env.REDIS_URL!).hostname).toBe('redis');
    expect(server.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    // Any request may reach any replica: one signing secret, websockets only, the client's
    // address from the proxy.
    expect(env.SECRET).toMatch(/^\$\{MAHJONG_SECRET:\?/);
    expect([env.WEBSOCKET_ONLY, env.TRUST_PROXY]).toEqual(['1', '1']);
  });

  it('the proxy passes websocket upgrades and the client address to the replicas by service name', () => {
    const mount = doc.services.proxy!.volumes!.find((v) => v.endsWith(':/etc/nginx/nginx.conf:ro'))!;
    const conf = readFileSync(path.join(root, mount.split(':')[0]!), 'utf8');
    expect(conf).toMatch(/proxy_pass http:\/\/\$replicas:3000;/);
    expect(conf).toMatch(/set \$replicas server;/);
    expect(conf).toMatch(/proxy_http_version 1\.1;/);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    // Braces balance (a cheap syntax check where no nginx runs).
    expect(conf.split('{').length).toBe(conf.split('}').length);
  });

  it('declares every named volume it mounts', () => {
    for (const s of Object.values(doc.services)) {
      for (const v of s.volumes ?? []) {
        const name = v.split(':')[0]!;
        if (!name.startsWith('.') && !name.startsWith('/')) expect(Object.keys(doc.volumes)).toContain(name);
      }
    }
  });

  it('passes `docker compose config` where the compose plugin exists', () => {
    const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (probe.status !== 0) {
      // No plugin here: the checks above stand in for it. Make sure the parser is strict enough to matter.
      expect(() => parseYaml('a:\n  b: 1\n   c: 2\n')).toThrow();
      expect(() => parseYaml('a: 1\na: 2\n')).toThrow();
      return;
    }
    const r = spawnSync('docker', ['compose', '-f', file, 'config', '-q'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('Dockerfile', () => {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  // Instructions, with continuation lines joined and comments left out.
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const stages = lines.flatMap((l, i) => (/^FROM /i.test(l) ? [i] : []));
  const runtime = lines.slice(stages[stages.length - 1]);

  it('builds in one stage and runs from another with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => /^RUN .*npm run build/.test(l))).toBe(true);
    const install = runtime.find((l) => /^RUN .*npm (?:ci|install)/.test(l));
    expect(install).toMatch(/--omit=dev/);
    // The Prisma CLI and TypeScript are optional peers of @prisma/client: left out only so.
    expect(install).toMatch(/--omit=optional/);
    const server = JSON.parse(readFileSync(path.join(root, 'server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    for (const tool of ['prisma', 'typescript', 'tsx', 'vite'])
      expect(Object.keys(server.dependencies)).not.toContain(tool);
    // The runtime copies the builds from the build stage, not the sources.
    expect(runtime.some((l) => /^COPY --from=\S+ .*server\/dist/.test(l))).toBe(true);
    expect(runtime.some((l) => /^COPY --from=\S+ .*client\/dist/.test(l))).toBe(true);
    expect(runtime.some((l) => /^COPY --from=\S+ .*prisma\/migrations/.test(l))).toBe(true);
    expect(runtime.some((l) => /^COPY \. /.test(l))).toBe(false);
  });

  it('runs the compiled server with node as a non-root user, with a health check', () => {
    const user = runtime.find((l) => /^USER /.test(l));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (?:root|0)(?::|$)/);
    expect(runtime.find((l) => /^HEALTHCHECK /.test(l))).toMatch(/\/healthz/);
    const cmd = runtime.find((l) => /^CMD /.test(l))!;
    expect(JSON.parse(cmd.slice(4)) as string[]).toContain('server/dist/main.js');
    expect(cmd).not.toMatch(/tsx|npm/);
  });

  it('leaves local builds and dependencies out of the build context', () => {
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', 'client/dist', 'server/dist', 'data']) expect(ignored).toContain(entry);
  });
});
