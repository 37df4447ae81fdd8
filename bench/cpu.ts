/**
 * CPU and memory of the processes a bench starts, from /proc (Linux): a server's process group and the
 * PostgreSQL backends of one database (bench/run.ts, bench/day.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ). */
const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const pageKb = 4;

/** Each process's /proc/<pid>/stat fields after the command name (field 3 onwards), with its pid. */
export function processes(): Array<{ pid: number; fields: string[] }> {
  const list: Array<{ pid: number; fields: string[] }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      list.push({ pid: Number(name), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') });
    } catch {
      /* gone */
    }
  }
  return list;
}
export const cpuMsOf = (fields: string[]) => ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;

/** CPU ms (user + system) of the processes of a process group (the server and any child it starts). */
export function groupCpuMs(group: number): number {
  return processes()
    .filter((p) => Number(p.fields[2]) === group)
    .reduce((sum, p) => sum + cpuMsOf(p.fields), 0);
}

/** Resident MB of the largest process of the group (the server's node process). */
export function groupRssMb(group: number): number {
  const rss = processes()
    .filter((p) => Number(p.fields[2]) === group)
    .map((p) => (Number(p.fields[21]) * pageKb) / 1024);
  return Math.round(Math.max(0, ...rss));
}

/**
 * CPU ms of the PostgreSQL backends connected to this database (their title names it: `postgres: user db …`).
 * Other databases' backends (other engineers' tests) and the shared background writers are left out.
 */
export function postgresCpuMs(database: string): number {
  let sum = 0;
  for (const p of processes()) {
    try {
      const title = readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      // `postgres: [cluster: ]user database host(port) state`
      if (/^postgres: (?:[^ ]+: )?[^ ]+ ([^ ]+) /.exec(title)?.[1] === database) sum += cpuMsOf(p.fields);
    } catch {
      /* gone */
    }
  }
  return sum;
}
