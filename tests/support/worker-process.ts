import { spawn, type ChildProcess } from 'node:child_process';

export type WorkerProcess = { child: ChildProcess; output: () => string; kill(signal?: NodeJS.Signals): Promise<void> };

/**
 * `npm run worker` as a child process, resolved once it logs that it started. Node runs the worker
 * itself with tsx's loader: the tsx command would run it in a grandchild, which a kill -9 of the
 * child would not reach.
 */
export async function startWorkerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<WorkerProcess> {
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: { ...environment, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('delivery worker started')) {
    if (child.exitCode !== null) throw new Error(`the worker exited with code ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the worker did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    output: () => output,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
