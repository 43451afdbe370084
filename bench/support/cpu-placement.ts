// Where the load generator and the server under test run. On one machine they compete for the same cores, and
// whoever the scheduler favours sets the figure: on this 2-core machine the bare server's throughput varied
// from 17,600 to 33,700 req/s within one run of bench/load. Separate cores stand in for separate machines, and
// every server measured (the app and its bare baseline) gets the same ones.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export interface CpuPlacement {
  /** The CPUs of the process that sends the requests (taskset's list syntax). */
  client: string;
  /** The CPUs of the servers under test. */
  server: string;
  /** Every CPU, to undo the placement. */
  all: string;
  /** Puts every thread of the process (those it starts later inherit it) on these CPUs. */
  place(pid: number, cpus: string): void;
}

/**
 * The client on CPU 0 and the servers on the rest; undefined (nobody is placed) with fewer than two CPUs,
 * without Linux's taskset, or when `disabled`.
 */
export function cpuPlacement(disabled = false): CpuPlacement | undefined {
  const cpus = availableParallelism();
  if (disabled || cpus < 2) return undefined;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return {
    client: '0',
    server: cpus === 2 ? '1' : `1-${cpus - 1}`,
    all: `0-${cpus - 1}`,
    place(pid, list) {
      execFileSync('taskset', ['-a', '-p', '-c', list, String(pid)], { stdio: 'ignore' });
    },
  };
}

/** CPU time (user + system) the process has used so far, in seconds, from /proc; NaN where there is none. */
export function cpuSeconds(pid: number): number {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are
    // the 14th and 15th of the whole line, in clock ticks (100 a second on Linux).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
