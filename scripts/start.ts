import cluster from 'node:cluster';
import { buildBrowserAppIfStale } from './build-if-stale';

/** `npm start`: rebuild the browser app if its sources changed, then serve it and the API on one port. */
// The web processes of a cluster (WEB_CONCURRENCY) run this file too: the first process built it.
if (cluster.isPrimary) buildBrowserAppIfStale();
await import('../server/main');
