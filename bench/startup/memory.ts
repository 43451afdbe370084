// The server's resident memory as the kernel counts it for its process (/proc/<pid>/status): VmRSS now,
// VmHWM the most it has held since it started, and a sampler for the most it holds during a stretch of time.
import { readFileSync } from 'node:fs';

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number.parseInt(line?.split(/\s+/)[1] ?? '0', 10) / 1024;
}

export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** The most the process has held since it started (the kernel's high-water mark, so no peak is missed). */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');

/** Samples VmRSS every `everyMs` until stop(), which answers the most seen (for a peak after start-up's). */
export function sampleRss(pid: number, everyMs = 100): { stop(): number } {
  let most = rssMb(pid);
  const timer = setInterval(() => {
    try {
      most = Math.max(most, rssMb(pid));
    } catch {
      // the process is gone; stop() still answers what was seen
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return most;
    },
  };
}
