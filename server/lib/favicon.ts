import type { FastifyPluginAsync } from 'fastify';
import { fileAnswer } from './schemas';

/** The app's star (index.html draws the same one from a data: URL), for the public pages and for browsers that ask for /favicon.ico. */
export const FAVICON_PATH = '/favicon.svg';
const STAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#4f46e5" d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"/></svg>';

/** Without it every public page and every browser's first visit logs a 404 for /favicon.ico. */
export const faviconRoutes: FastifyPluginAsync = async (app) => {
  for (const url of [FAVICON_PATH, '/favicon.ico']) {
    const schema = { tags: ['App'], security: [], summary: "The app's icon", response: { 200: fileAnswer('image/svg+xml', 'The icon') } };
    app.get(url, { schema }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(STAR_SVG),
    );
  }
};
