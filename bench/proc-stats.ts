import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/**
 * Who used the CPU during a bench window, read from /proc (Linux only): the worker processes (each
 * a tsx parent and its node child, one process group), Postgres, Redis and the bench's own process
 * (which runs the platform sandbox). Ticks are 1/100 s (CLK_TCK on Linux x86).
 */

const TICK_MS = 10;

interface ProcInfo {
  pid: number;
  comm: string;
  pgrp: number;
  /** utime + stime, in ticks. */
  ticks: number;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm may hold spaces and parentheses: the fields after it start at the last ')'.
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15.
    return { pid, comm, pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    // The process ended between listing and reading.
    return null;
  }
}

function allProcs(): ProcInfo[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((proc): proc is ProcInfo => proc !== null);
}

/** Busy and total ticks of the whole machine (every core), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

export interface CpuSnapshot {
  at: number;
  procs: Map<number, ProcInfo>;
  self: NodeJS.CpuUsage;
  machine: { busy: number; total: number };
}

export function cpuSnapshot(): CpuSnapshot {
  return {
    at: performance.now(),
    procs: new Map(allProcs().map((proc) => [proc.pid, proc])),
    self: process.cpuUsage(),
    machine: machineTicks(),
  };
}

/** Peak resident memory (VmHWM) of a process, in MB; NaN when it cannot be read. */
export function peakRssMb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export interface CpuReport {
  wallMs: number;
  /** CPU ms per worker process group, in the order the groups were given. */
  workers: number[];
  /** Peak RSS (MB) per worker: the largest process in its group (the node child, not tsx). */
  workerPeakRssMb: number[];
  /** Every postgres process (other databases' backends included), and only `ourBackends`. */
  postgres: number;
  postgresOurs: number;
  redis: number;
  /** The bench process: the platform sandbox, plus the bench's own polling. */
  bench: number;
  machineBusyMs: number;
}

/**
 * CPU ms each used between `before` and now. Call it before the workers stop (their peak RSS is
 * read here). `workerGroups`: the workers' process group ids; `ourBackends`: the pids of the
 * Postgres backends serving the bench's database.
 */
export function cpuSince(before: CpuSnapshot, workerGroups: number[], ourBackends: number[]): CpuReport {
  const after = cpuSnapshot();
  const used = (proc: ProcInfo) => (proc.ticks - (before.procs.get(proc.pid)?.ticks ?? 0)) * TICK_MS;
  const procs = [...after.procs.values()];
  const sum = (list: ProcInfo[]) => list.reduce((total, proc) => total + used(proc), 0);
  const self = process.cpuUsage(before.self);
  const ours = new Set(ourBackends);
  return {
    wallMs: after.at - before.at,
    workers: workerGroups.map((group) => sum(procs.filter((proc) => proc.pgrp === group))),
    workerPeakRssMb: workerGroups.map((group) =>
      Math.max(...procs.filter((proc) => proc.pgrp === group).map((proc) => peakRssMb(proc.pid))),
    ),
    postgres: sum(procs.filter((proc) => proc.comm === "postgres")),
    postgresOurs: sum(procs.filter((proc) => ours.has(proc.pid))),
    redis: sum(procs.filter((proc) => proc.comm.startsWith("redis-server"))),
    bench: (self.user + self.system) / 1000,
    machineBusyMs: (after.machine.busy - before.machine.busy) * TICK_MS,
  };
}

/** CPU ms one process used since `before` (NaN when it has ended). */
export function processCpuMsSince(before: CpuSnapshot, pid: number): number {
  const now = readProc(pid);
  const then = before.procs.get(pid);
  return now && then ? (now.ticks - then.ticks) * TICK_MS : NaN;
}

/** One line: each process's CPU seconds and its share of the machine's busy time. */
export function formatCpu(report: CpuReport, targets: number): string {
  const workers = report.workers.reduce((sum, ms) => sum + ms, 0);
  const share = (ms: number) => `${(ms / 1000).toFixed(1)} s (${((100 * ms) / report.machineBusyMs).toFixed(0)}%)`;
  const perTarget = (ms: number) => `${((1000 * ms) / targets).toFixed(0)} µs`;
  return (
    `  CPU over ${(report.wallMs / 1000).toFixed(1)} s (machine busy ${(report.machineBusyMs / 1000).toFixed(1)} of ` +
    `${((availableParallelism() * report.wallMs) / 1000).toFixed(1)} core-s): workers ${share(workers)} [${report.workers.map((ms) => (ms / 1000).toFixed(1)).join(" + ")}], ` +
    `postgres ${share(report.postgres)} (this database's backends ${(report.postgresOurs / 1000).toFixed(1)} s), ` +
    `redis ${share(report.redis)}, bench+sandbox ${share(report.bench)}\n` +
    `  per target: workers ${perTarget(workers)}, postgres ${perTarget(report.postgresOurs)}, redis ${perTarget(report.redis)}, sandbox ${perTarget(report.bench)}\n` +
    `  worker peak RSS ${report.workerPeakRssMb.map((mb) => `${mb.toFixed(0)} MB`).join(", ")} (target: worker under 200 MB: ` +
    `${report.workerPeakRssMb.every((mb) => mb < 200) ? "met" : "NOT met"})`
  );
}
