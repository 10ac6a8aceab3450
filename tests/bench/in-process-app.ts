import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { ApiClient } from '../support/test-app';

/**
 * Runs `fn` with the app built in this process on `database` (quiet, no static files) and a
 * signed-in owner, and always closes the app: no port or worker process between the timer and it.
 */
export async function withInProcessOwner(
  database: Database,
  env: Record<string, string>,
  fn: (owner: ApiClient, app: FastifyInstance) => Promise<void>,
): Promise<void> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', ...env }), staticDir: null };
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const owner = new ApiClient(app);
    await owner.signUpAndIn();
    await fn(owner, app);
  } finally {
    await app.close();
  }
}
