import { readdirSync, readFileSync } from "node:fs";
import { peakRssMb } from "./proc-stats";

/**
 * Peak memory of a process and everything it started, read from Linux's /proc: VmHWM is the
 * resident set's high-water mark, kept by the kernel for the process's whole life, so reading it
 * once before stopping the process gives the peak under the load that ran. A tool like `next start`
 * or `tsx` may run the real server in a child process: the tree's largest peak is that server's.
 */

export interface ProcessPeak {
  pid: number;
  command: string;
  peakMb: number;
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function peakOf(pid: number): ProcessPeak | null {
  const peakMb = peakRssMb(pid);
  if (Number.isNaN(peakMb)) return null;
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).slice(0, 3).join(" ");
    return { pid, command, peakMb };
  } catch {
    return null;
  }
}

/** The process and its descendants, each with its peak resident memory; [] where /proc is absent. */
export function processTreePeaks(rootPid: number | undefined): ProcessPeak[] {
  if (!rootPid) return [];
  const seen: ProcessPeak[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    const peak = peakOf(pid);
    if (peak) seen.push(peak);
    queue.push(...children(pid));
  }
  return seen;
}

/** One line: the largest peak in the tree against its target, met or not. */
export function peakMemoryLine(label: string, rootPid: number | undefined, targetMb: number): string {
  const peaks = processTreePeaks(rootPid);
  if (peaks.length === 0) return `${label} peak memory: not measured (no /proc entry for the process)`;
  const largest = peaks.reduce((a, b) => (b.peakMb > a.peakMb ? b : a));
  const verdict = largest.peakMb < targetMb ? "met" : "NOT met";
  return `${label} peak memory ${largest.peakMb.toFixed(0)} MB (pid ${largest.pid}, ${largest.command}); target under ${targetMb} MB: ${verdict}`;
}
