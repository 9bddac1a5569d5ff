import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json' with { type: 'json' };
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';
import type { HostProbe } from '../../shared/schemas/host.ts';
import { assembleBundle, type Readings } from './assemble.ts';
import { execBounded } from './exec.ts';
import { readJournals } from './journal.ts';
import { kubeletSettings } from './kubelet-flags.ts';
import { parseOsRelease } from './proc-parse.ts';
import type { ProcRecord } from './proc-probe.ts';
import { readRuntimes } from './runtime.ts';
import { readSystemd } from './systemd.ts';

export interface CollectOptions {
  /** The host's root as mounted here: `/` on the node, `/host` in the agent's pod. Sockets, journal, files. */
  root: string;
  /** The host's /proc: `/proc` on the node and in a hostPID pod. */
  proc: string;
  budgetMs: number;
  /** Each probe's own timeout (a runtime call, a journalctl, the D-Bus ping). */
  probeTimeoutMs: number;
  /** journalctl --since. */
  since: string;
  journalLines: number;
  /** The bundle's JSON stays under this (ingest's default body limit is 1 MiB). */
  maxBytes: number;
  node?: string;
  cluster?: string;
  /** The kubelet's /metrics, when the caller already has them. */
  metrics?: string;
  /** How long a process must stay in D or Z state to be reported (two samples this far apart). */
  settleMs?: number;
}

/** Left for assembling and printing when the budget is spent. */
const RESERVE_MS = 250;
/** The /proc probe gets at most this share of the budget: a hang there must leave time for the rest. */
const PROC_SHARE = 0.6;
/** Bytes of one journal excerpt before the bundle-wide bound applies. */
const JOURNAL_BYTES = 256 * 1024;
const FILE_BYTES = 16 * 1024;

const PROC_PROBE = new URL(
  import.meta.url.endsWith('.ts') ? './proc-probe.ts' : '../proc-probe.js',
  import.meta.url,
);

async function readProc(
  options: CollectOptions,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ records: ProcRecord[]; probe: HostProbe }> {
  const records: ProcRecord[] = [];
  const result = await execBounded(
    process.execPath,
    [fileURLToPath(PROC_PROBE), options.proc, String(options.settleMs ?? 1000), '50'],
    {
      timeoutMs,
      maxBytes: 8 * 1024 * 1024,
      signal,
      onLine: (line) => {
        if (line) records.push(JSON.parse(line) as ProcRecord);
      },
    },
  );
  const done = records.some((r) => r.type === 'done');
  const outcome = done ? 'ok' : result.outcome === 'ok' ? 'error' : result.outcome;
  const detail =
    outcome === 'timeout'
      ? `the /proc scan did not finish within ${timeoutMs} ms`
      : outcome === 'error'
        ? result.stderr.trim().slice(0, 300)
        : undefined;
  return { records, probe: { probe: 'proc', outcome, ms: result.ms, ...(detail ? { detail } : {}) } };
}

/**
 * A file of the host, at most FILE_BYTES; undefined when absent or unreadable. Under `root` first, else as a host
 * process sees it (/proc/PID/root, readable with CAP_SYS_PTRACE in a hostPID pod): the agent reads the kubelet's
 * configuration and /etc/os-release that way instead of mounting more of the host.
 */
async function hostFile(
  options: CollectOptions,
  path: string,
  pid: number,
  signal: AbortSignal,
): Promise<string | undefined> {
  for (const base of [options.root, join(options.proc, String(pid), 'root')]) {
    try {
      return (await readFile(join(base, path), { encoding: 'utf8', signal })).slice(0, FILE_BYTES);
    } catch {
      // not there: try the next place
    }
  }
  return undefined;
}

/**
 * Reads the node within the budget: every probe starts at once with its own timeout (and the budget's), and
 * whatever has not answered when the budget is spent is reported as such. Never throws for a missing target.
 */
export async function collectBundle(options: CollectOptions): Promise<EvidenceBundle> {
  // Our own timer rather than AbortSignal.timeout: it is cleared when the probes are done, so nothing is left
  // to keep the process (or the agent's loop) waiting for a budget already met.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(1, options.budgetMs - RESERVE_MS));
  try {
    return await collectWithin(options, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function collectWithin(options: CollectOptions, budget: AbortSignal): Promise<EvidenceBundle> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const probeTimeout = Math.min(options.probeTimeoutMs, options.budgetMs - RESERVE_MS);
  const shared = { root: options.root, timeoutMs: probeTimeout, signal: budget };

  const proc = readProc(
    options,
    Math.max(1, Math.floor((options.budgetMs - RESERVE_MS) * PROC_SHARE)),
    budget,
  );
  const journals = readJournals({
    ...shared,
    since: options.since,
    lines: options.journalLines,
    maxBytes: JOURNAL_BYTES,
  });
  const systemd = readSystemd(shared);
  const osRelease = hostFile(options, 'etc/os-release', 1, budget);

  // The kubelet's own endpoint is known once /proc has been read; the default sockets are asked meanwhile.
  const procReadings = await proc;
  const kubelet = procReadings.records.find((r) => r.type === 'process' && r.role === 'kubelet');
  const kubeletPid = kubelet?.type === 'process' ? kubelet.pid : undefined;
  const cmdline = kubelet?.type === 'process' ? (kubelet.cmdline ?? '') : '';
  const configPath = kubeletSettings(cmdline).configPath ?? '/var/lib/kubelet/config.yaml';
  const config =
    kubeletPid !== undefined ? await hostFile(options, configPath, kubeletPid, budget) : undefined;
  const settings = kubeletSettings(cmdline, config);
  const runtimes = await readRuntimes({ ...shared, expectedEndpoint: settings.runtimeEndpoint });

  const commandOutputs: Record<string, string> = {};
  if (kubeletPid !== undefined) commandOutputs[`tr '\\0' ' ' < /proc/${kubeletPid}/cmdline`] = cmdline;
  if (config) commandOutputs[`cat ${configPath}`] = config;

  const [journalExcerpts, systemdReadings, osText] = await Promise.all([journals, systemd, osRelease]);
  const readings: Readings = {
    collector: `pleg-responder ${pkg.version}`,
    startedAt,
    durationMs: performance.now() - started,
    budgetMs: options.budgetMs,
    node: options.node ?? settings.hostname ?? hostname(),
    cluster: options.cluster,
    osImage: osText ? parseOsRelease(osText) : undefined,
    runtimeVersion: runtimes.version,
    counts: { pods: runtimes.pods, containers: runtimes.containers },
    proc: procReadings.records,
    procProbe: procReadings.probe,
    journals: journalExcerpts,
    checks: [...runtimes.checks, ...systemdReadings.checks],
    scopeUnits: systemdReadings.scopeUnits,
    commandOutputs,
    metrics: options.metrics,
    probes: [runtimes.probe, ...systemdReadings.probes],
  };
  return assembleBundle(readings, options.maxBytes);
}
