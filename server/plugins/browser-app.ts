import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built browser app; the not-found handler answers its deep links with index.html. */
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
});
