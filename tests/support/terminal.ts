import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

export type TerminalProcess = {
  child: ChildProcess;
  /** Everything written to the terminal so far, colours removed, one entry per non-empty line. */
  lines(): string[];
  /** Resolves once the terminal shows a line matching `pattern`; fails if the process ends first. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<void>;
  /** Sends `signal` to the command (not to `script`) and resolves with the command's exit code. */
  stop(signal: NodeJS.Signals): Promise<number | null>;
};

/**
 * Runs `command` with a pseudo-terminal as its stdout and stderr, as a person's shell would, using
 * util-linux's `script` (in Debian's essential bsdutils): the command sees `isTTY` true.
 */
export function runInTerminal(command: string[], env: NodeJS.ProcessEnv): TerminalProcess {
  const quoted = command.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
  // `exec`: the command is script's own child, so a signal reaches it and not a shell.
  const child = spawn('script', ['--quiet', '--flush', '--return', '--command', `exec ${quoted}`, '/dev/null'], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = () => stripVTControlCharacters(output).split(/\r?\n/).filter((line) => line.trim() !== '');
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  return {
    child,
    lines,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer);
          child.stdout!.off('data', check);
          child.off('exit', ended);
          if (error) reject(error);
          else resolve();
        };
        const check = () => lines().some((line) => pattern.test(line)) && done();
        const ended = () => done(new Error(`the process ended before showing ${pattern}:\n${lines().join('\n')}`));
        const timer = setTimeout(() => done(new Error(`no line matched ${pattern} within ${timeoutMs} ms:\n${lines().join('\n')}`)), timeoutMs);
        child.stdout!.on('data', check);
        child.once('exit', ended);
        check();
      });
    },
    async stop(signal) {
      const [commandPid] = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ');
      process.kill(Number(commandPid), signal);
      return exited;
    },
  };
}
