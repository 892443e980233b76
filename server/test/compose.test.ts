/**
 * docker-compose.yml runs the server with PostgreSQL and Redis. No Docker engine runs here, so
 * the file is checked as data (and with `docker compose config` where the compose plugin exists).
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
  healthcheck?: { test: string[] };
  volumes?: string[];
};

describe('docker-compose.yml', () => {
  const doc = parseYaml(readFileSync(file, 'utf8')) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };

  it('has the server, PostgreSQL and Redis, each with a health check', () => {
    expect(Object.keys(doc.services).sort()).toEqual(['postgres', 'redis', 'server']);
    for (const s of Object.values(doc.services)) expect(s.healthcheck?.test.length).toBeGreaterThan(1);
    expect(doc.services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(doc.services.redis?.image).toMatch(/^redis:\d+/);
  });

  it('builds the server, publishes port 3000 and points it at the database and Redis by service name', () => {
    const server = doc.services.server!;
    expect(server.build).toBe('.');
    expect(server.ports).toContain('3000:3000');
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
