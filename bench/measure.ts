/**
 * CPU time and memory of a server and its worker processes, read from /proc while a scenario runs
 * (Linux only; elsewhere the columns stay empty).
 */
import { existsSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
const PAGE_KIB = 4;

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The process and every descendant (cluster workers, and whatever else it started). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    const children = readText(`/proc/${out[i]}/task/${out[i]}/children`)?.trim();
    if (children) out.push(...children.split(/\s+/).map(Number));
  }
  return out;
}

/** User plus system CPU seconds used so far by the process tree. */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    const stat = readText(`/proc/${p}/stat`);
    if (!stat) continue;
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / TICKS_PER_SECOND;
}

/** Resident memory of the process tree, in MiB. */
export function residentMiB(pid: number): number {
  let pages = 0;
  for (const p of processTree(pid)) pages += Number(readText(`/proc/${p}/statm`)?.split(' ')[1] ?? 0);
  return (pages * PAGE_KIB) / 1024;
}

export const canMeasure = existsSync('/proc/self/stat');

/**
 * Watches a process tree while `work` runs: its CPU use (as a share of one core) and its peak
 * resident memory, sampled every 100 ms.
 */
export async function watch<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; cpuPercent: number | null; peakMiB: number | null }> {
  if (!pid || !canMeasure) return { result: await work(), cpuPercent: null, peakMiB: null };
  const startCpu = cpuSeconds(pid);
  const started = process.hrtime.bigint();
  let peak = residentMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMiB(pid));
  }, 100);
  try {
    const result = await work();
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    return { result, cpuPercent: Math.round(((cpuSeconds(pid) - startCpu) / wall) * 100), peakMiB: Math.round(Math.max(peak, residentMiB(pid))) };
  } finally {
    clearInterval(timer);
  }
}
