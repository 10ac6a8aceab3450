import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built browser app. Any GET outside /api that is not a file gets index.html,
 * so the app's own router handles deep links such as /contacts.
 */
export default fp(async function browserApp(app: FastifyInstance, opts: { staticDir: string }) {
  const root = resolve(opts.staticDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(`The browser app is not built: ${root}/index.html is missing. Run "npm run build".`);
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders(res, path) {
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply
      .status(404)
      .send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${request.url}` });
  });
});
