import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The lock file inside an embedded database's folder: the holder's pid, then what it runs. */
export const DATA_DIR_LOCK_FILE = 'starboost.lock';

/** Another process (or this one, a second time) has the embedded database open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    what: string,
  ) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid}${what ? ` (${what})` : ''}. ` +
        'Two processes must never open one embedded database: stop that process first (for `npm run demo`, stop `npm start`, then start it again after the demo), ' +
        'set DATA_DIR to another folder, or set DATABASE_URL to a PostgreSQL server that both can share.',
    );
  }
}

/** Whether a process with this pid runs (EPERM: it does, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the file; one already gone (another process was quicker) is fine. */
function remove(path: string) {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function readHolder(path: string): { pid: number; what: string } | null {
  try {
    const [pid = '', what = ''] = readFileSync(path, 'utf8').split('\n');
    return { pid: Number(pid), what };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Takes the embedded database's folder for this process, or throws DataDirInUseError naming the
 * process that has it: PGlite opens a folder from a second process without a word, and then
 * neither sees the other's writes and together they can corrupt it. The lock is a file created
 * only if absent (O_EXCL); one left by a process that is gone (killed, crashed) is taken over.
 * Answers the release, which removes the file while it is still this process's.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, DATA_DIR_LOCK_FILE);
  const mine = `${process.pid}\n${basename(process.argv[1] ?? process.title)}\n`;
  for (;;) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      return () => {
        if (readHolder(path)?.pid === process.pid) remove(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(path);
    if (holder && Number.isInteger(holder.pid) && holder.pid > 0 && isRunning(holder.pid)) {
      throw new DataDirInUseError(dataDir, holder.pid, holder.pid === process.pid ? 'this process' : holder.what);
    }
    // Left by a process that is gone: removed (unless another process took it over meanwhile), then tried again.
    if (holder && readHolder(path)?.pid === holder.pid) remove(path);
  }
}
