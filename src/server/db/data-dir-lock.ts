import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database folder ${dir} is already in use by another Souvenir process (pid ${pid}). ` +
        'Stop that process, or point DATA_DIR at another folder, or use DATABASE_URL for a PostgreSQL server shared by several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes an exclusive lock file in `dir`. A lock left by a process that no longer exists
 * (for example one killed with SIGKILL) is taken over, so a crashed server restarts cleanly.
 */
export function acquireDataDirLock(dir: string): () => void {
  const file = path.join(dir, 'souvenir.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
