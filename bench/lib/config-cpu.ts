/**
 * CPU seconds (user + system, all threads) a process has used so far, from /proc; NaN where there is
 * no /proc. config.bench.ts divides the server's CPU over a measurement by the requests answered: a
 * cost per request that moves far less than req/s when other work shares the cores.
 */
import { existsSync, readFileSync } from 'node:fs';

export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name (which may hold spaces) the fields start at state; utime is the 12th, stime the 13th.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ: /proc counts hundredths of a second
}
