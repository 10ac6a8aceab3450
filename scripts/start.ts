import { buildBrowserAppIfStale } from './build-if-stale';

/** `npm start`: rebuild the browser app if its sources changed, then serve it and the API on one port. */
buildBrowserAppIfStale();
await import('../server/main');
