import type { EvidenceBundle, LogSource } from '../../shared/schemas/bundle.ts';
import {
  type Host,
  type HostCheck,
  type HostProbe,
  type HostProcess,
  MAX_HOST_STUCK,
  MAX_INOTIFY_USERS,
  type StuckProcess,
} from '../../shared/schemas/host.ts';
import { MAX_UNAVAILABLE } from '../../shared/schemas/limits.ts';
import type { ProcRecord } from './proc-probe.ts';

/**
 * Readings in, evidence bundle out: the pure core of `pleg-responder collect`. The probes (proc-probe.ts,
 * journal.ts, runtime.ts, systemd.ts) only read; everything decided about what the bundle says and how large it
 * may grow is decided here, and tested on captured readings (test/collect/assemble.test.ts).
 */
export interface Readings {
  collector: string;
  startedAt: string;
  durationMs: number;
  budgetMs: number;
  node?: string;
  cluster?: string;
  osImage?: string;
  /** `containerd://1.7.13`, from the runtime's own answer. */
  runtimeVersion?: string;
  counts: { pods?: number; containers?: number };
  /** The /proc probe's records, as far as it got, and how it ended. */
  proc: readonly ProcRecord[];
  procProbe: HostProbe;
  journals: ReadonlyArray<{ source: LogSource; text?: string; probe: HostProbe }>;
  checks: readonly HostCheck[];
  scopeUnits?: number;
  /** What a file or command showed, keyed by the command that shows it (`cat /var/lib/kubelet/config.yaml`). */
  commandOutputs: Record<string, string>;
  /** The kubelet's /metrics, when the caller has them (the agent scrapes them to decide). */
  metrics?: string;
  probes: readonly HostProbe[];
}

/** Nothing is cut below this: a log shorter than that is not worth keeping part of. */
const MIN_TEXT_BYTES = 2048;

type Of<T extends ProcRecord['type']> = Extract<ProcRecord, { type: T }>;
const of = <T extends ProcRecord['type']>(records: readonly ProcRecord[], type: T): Of<T>[] =>
  records.filter((r): r is Of<T> => r.type === type);
const strip = <T extends { type: string }>({ type: _, ...rest }: T): Omit<T, 'type'> => rest;

/** Stuck processes worth reading first: zombies under a shim and D-state tasks before ordinary zombies. */
function stuckOrder(s: StuckProcess): number {
  if (s.state === 'D') return 0;
  return /shim|conmon/.test(`${s.parent?.comm ?? ''} ${s.parent?.cmdline ?? ''}`) ? 1 : 2;
}

function procProbeDetail(records: readonly ProcRecord[], probe: HostProbe): HostProbe {
  if (probe.outcome !== 'timeout') return probe;
  // Reading /proc/PID/cmdline blocks while the process's memory map is locked: name the file it stopped on.
  const at = of(records, 'at').at(-1)?.path;
  return at ? { ...probe, detail: `${probe.detail ?? 'did not finish'}; it was reading ${at}` } : probe;
}

function hostSection(r: Readings): { host: Host; kernelVersion?: string; denied?: string } {
  const system = new Map(of(r.proc, 'system').map((s) => [s.name, s.value]));
  const processes: HostProcess[] = of(r.proc, 'process').map(strip);
  const stuck = of(r.proc, 'stuck')
    .map(strip)
    .sort((a, b) => stuckOrder(a) - stuckOrder(b));
  const inotify = of(r.proc, 'inotify')
    .map(strip)
    .sort((a, b) => b.instances - a.instances);
  const omitted = of(r.proc, 'processesOmitted')[0]?.count;
  const denied = of(r.proc, 'denied')[0];
  const host: Host = {
    collectedAt: r.startedAt,
    collector: r.collector,
    budgetMs: r.budgetMs,
    durationMs: Math.round(r.durationMs),
    ...(processes.length ? { processes } : {}),
    ...(omitted ? { processesOmitted: omitted } : {}),
    ...(stuck.length ? { stuck: stuck.slice(0, MAX_HOST_STUCK) } : {}),
    ...(stuck.length > MAX_HOST_STUCK ? { stuckOmitted: stuck.length - MAX_HOST_STUCK } : {}),
    ...(r.checks.length ? { checks: r.checks.map((c) => ({ ...c, ms: Math.round(c.ms) })) } : {}),
    ...(inotify.length ? { inotifyByUser: inotify.slice(0, MAX_INOTIFY_USERS) } : {}),
    ...(r.scopeUnits !== undefined ? { scopeUnits: r.scopeUnits } : {}),
  };
  for (const name of ['fileHandles', 'inotifyLimits', 'pressure', 'load', 'memory'] as const) {
    const value = system.get(name);
    if (value !== undefined) Object.assign(host, { [name]: value });
  }
  const kernelVersion = system.get('kernelVersion');
  return {
    host,
    kernelVersion: typeof kernelVersion === 'string' ? kernelVersion : undefined,
    denied: denied ? `${denied.count} ${denied.what} not readable, e.g. ${denied.example}` : undefined,
  };
}

/** Failed probes as the bundle's report of what it lacks (the diagnosis lists them as reported gaps). */
function unavailable(probes: readonly HostProbe[]): NonNullable<EvidenceBundle['unavailable']> {
  return probes
    .filter((p) => p.outcome === 'timeout' || p.outcome === 'denied' || p.outcome === 'error')
    .slice(0, MAX_UNAVAILABLE)
    .map((p) => ({ what: p.probe, why: `${p.outcome}${p.detail ? `: ${p.detail}` : ''}` }));
}

/** The tail of a text, at most `bytes` long, from a line start: the most recent lines of a log. */
function tail(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  const cut = Buffer.from(text).subarray(-bytes).toString('utf8');
  const newline = cut.indexOf('\n');
  return newline >= 0 ? cut.slice(newline + 1) : cut;
}

/**
 * Keeps the bundle under `maxBytes` of JSON: the largest text (a log, the metrics, a command's output) is halved,
 * keeping its end, until it fits. Measured values are never cut: they are small and they decide.
 */
function bound(bundle: EvidenceBundle, maxBytes: number, probes: HostProbe[]): void {
  const size = () => Buffer.byteLength(JSON.stringify(bundle));
  const texts = (): Array<{ name: string; get: () => string; set: (t: string) => void }> => [
    ...Object.keys(bundle.logs ?? {}).map((k) => ({
      name: `logs.${k}`,
      get: () => bundle.logs?.[k] ?? '',
      set: (t: string) => Object.assign(bundle.logs ?? {}, { [k]: t }),
    })),
    ...Object.keys(bundle.commandOutputs ?? {}).map((k) => ({
      name: `commandOutputs[${JSON.stringify(k)}]`,
      get: () => bundle.commandOutputs?.[k] ?? '',
      set: (t: string) => Object.assign(bundle.commandOutputs ?? {}, { [k]: t }),
    })),
    {
      name: 'metrics',
      get: () => bundle.metrics ?? '',
      set: (t: string) => Object.assign(bundle, { metrics: t }),
    },
  ];
  const cut = new Set<string>();
  for (let over = size() - maxBytes; over > 0; over = size() - maxBytes) {
    const largest = texts()
      .map((t) => ({ ...t, bytes: Buffer.byteLength(t.get()) }))
      .sort((a, b) => b.bytes - a.bytes)[0];
    if (!largest || largest.bytes <= MIN_TEXT_BYTES) break;
    largest.set(
      tail(largest.get(), Math.max(MIN_TEXT_BYTES, Math.min(largest.bytes - over, largest.bytes / 2))),
    );
    cut.add(largest.name);
  }
  if (cut.size > 0)
    probes.push({
      probe: 'size limit',
      outcome: 'ok',
      ms: 0,
      detail: `${[...cut].join(', ')} cut to their most recent lines to keep the bundle under ${maxBytes} bytes`,
    });
}

export function assembleBundle(r: Readings, maxBytes: number): EvidenceBundle {
  const { host, kernelVersion, denied } = hostSection(r);
  const probes: HostProbe[] = [
    procProbeDetail(r.proc, denied ? { ...r.procProbe, outcome: 'denied', detail: denied } : r.procProbe),
    ...r.journals.map((j) => j.probe),
    ...r.probes,
  ].map((p) => ({ ...p, ms: Math.round(p.ms) }));
  const logs = Object.fromEntries(r.journals.flatMap((j) => (j.text ? [[j.source, j.text]] : [])));
  const bundle: EvidenceBundle = {
    ...(r.cluster ? { cluster: r.cluster } : {}),
    ...(r.node ? { node: r.node } : {}),
    ...(r.runtimeVersion ? { containerRuntimeVersion: r.runtimeVersion } : {}),
    ...(r.osImage ? { osImage: r.osImage } : {}),
    ...(kernelVersion ? { kernelVersion } : {}),
    ...(Object.keys(logs).length ? { logs } : {}),
    ...(Object.keys(r.commandOutputs).length ? { commandOutputs: { ...r.commandOutputs } } : {}),
    ...(r.metrics ? { metrics: r.metrics } : {}),
    ...(r.counts.pods !== undefined || r.counts.containers !== undefined ? { counts: { ...r.counts } } : {}),
    host,
  };
  host.probes = probes;
  bound(bundle, maxBytes, probes);
  const gaps = unavailable(probes);
  if (gaps.length) bundle.unavailable = gaps;
  return bundle;
}
