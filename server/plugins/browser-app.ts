import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { CSP_NONCE_PLACEHOLDER } from '#domain/csp';

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the browser app's index.html, carrying this response's CSP nonce. */
    sendBrowserApp(): FastifyReply;
  }
}

/**
 * Serves the built browser app; the not-found handler answers its deep links with index.html.
 * index.html is a template: the build marks its tags with a nonce placeholder, replaced here by
 * the nonce of the response's Content-Security-Policy. Only inline <style> elements rely on it
 * (scripts and style sheets are files from this origin, allowed by 'self').
 */
export default fp(async function browserApp(app: FastifyInstance, opts: { staticDir: string }) {
  const root = resolve(opts.staticDir);
  const indexPath = resolve(root, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`The browser app is not built: ${root}/index.html is missing. Run "npm run build".`);
  }
  const indexTemplate = readFileSync(indexPath, 'utf8');

  app.decorateReply('sendBrowserApp', function sendBrowserApp(this: FastifyReply) {
    const nonce = this.cspNonce?.style ?? '';
    return this.type('text/html; charset=utf-8')
      // A nonce is good for one response: the page is never stored.
      .header('cache-control', 'no-store')
      .send(indexTemplate.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  });

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (scripts/vite-precompress.ts): sent as they are.
    preCompressed: true,
    // index.html goes out only through sendBrowserApp, with its nonce filled in.
    allowedPath: (pathName) => pathName !== '/index.html',
    // Hashed assets never change; other files must always be revalidated. send's own header
    // (public, max-age=0) would replace the one set below, so it is off.
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_request, reply) => reply.sendBrowserApp());
});
