import fs from 'node:fs/promises';
import path from 'node:path';

const TICKS_PER_SECOND = 100;

/** utime + stime of a process and of its children already reaped (cutime + cstime), in clock ticks. */
async function ticksOf(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return utime! + stime! + cutime! + cstime!;
}

/**
 * The processor time the PostgreSQL server whose data is under `dataDir` has used so far, in seconds: its postmaster and every
 * process it started (backends, writers, autovacuum), those already gone included. Beside the
 * Node process's own (process.cpuUsage), it says how much work a measure cost whatever else the
 * machine runs meanwhile: the wall-clock figures of a shared machine move with its load.
 */
export async function postgresCpuSeconds(dataDir: string): Promise<number> {
  const pidFile = (await fs.readdir(dataDir, { recursive: true })).find((file) => path.basename(file) === 'postmaster.pid');
  if (!pidFile) throw new Error(`No postmaster.pid under ${dataDir}`);
  const postmaster = Number((await fs.readFile(path.join(dataDir, pidFile), 'utf8')).split('\n')[0]);
  let ticks = await ticksOf(postmaster);
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await fs.readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    if (new RegExp(`^PPid:\\s+${postmaster}$`, 'm').test(status)) ticks += await ticksOf(Number(entry));
  }
  return ticks / TICKS_PER_SECOND;
}

/** The Node process's processor time so far (every thread: the main one, the collector's, libuv's), in seconds. */
export const nodeCpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
