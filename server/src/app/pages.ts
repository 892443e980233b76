/** The client's pages (client/dist) and the answer to any other unknown route. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { staticOptions } from '../static-files.js';

export async function serveClient(app: FastifyInstance, clientDir: string | null): Promise<void> {
  if (clientDir) await app.register(fastifyStatic, staticOptions(clientDir));
  app.setNotFoundHandler((req, res) => {
    const page = req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io');
    if (page && clientDir) return res.sendFile('index.html');
    if (page && req.url === '/') {
      return res
        .type('text/html')
        .send(
          '<!doctype html><title>Mahjong server</title><p>The API is up; the client is not built (npm run build -w client).</p>',
        );
    }
    return res.status(404).send({ error: { code: 'http/not_found', message: 'no such route' } });
  });
}
