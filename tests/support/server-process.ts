import { spawn } from 'node:child_process';
import { freePort, waitForHealth } from './app-process';

/** Cold starts of a whole server process (tsx compiling it, migrations) take seconds on a busy machine. */
export const STARTUP_MS = 90_000;

/** The real server process (server/main.ts, as `npm start` runs it without the browser app); `env` names its database. */
export async function spawnServer(env: Record<string, string>) {
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  // Node with tsx's loader, as `npm start` runs it: the tsx command would relay SIGTERM to a
  // grandchild and SIGKILL it unless it answered within 30 ms, which a busy machine misses.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...environment, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, child, exited, stderr: () => stderr };
}

/** A server process that answers its health check; fails loudly (with its output) if it never does. */
export async function startServer(env: Record<string, string>) {
  const server = await spawnServer(env);
  try {
    await waitForHealth(server.url, server.child, STARTUP_MS);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${server.stderr()}`, { cause: error });
  }
  return server;
}

/** A signed-in browser stand-in over a real port: JSON, same origin, the session cookies kept. */
export class PortClient {
  private cookies = new Map<string, string>();
  constructor(private baseUrl: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: this.baseUrl,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split('=');
      this.cookies.set(name!, value!);
    }
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown, status = 200): Promise<T> {
    const response = await this.call(method, path, body);
    const text = await response.text();
    if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
}

