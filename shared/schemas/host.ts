import { z } from 'zod';

/**
 * What `pleg-responder collect` read on the node itself, as measured values rather than command output: the
 * collector's contract with the engine (shared/diagnosis/extract/host.ts turns it into facts). Every field is
 * optional, so a node lacking a runtime, systemd or a journal gives a smaller section, not an invalid one.
 */
const count = z.number().int().nonnegative();
const millis = z.number().nonnegative();

/** Collections are capped by the collector; the schema caps them again for any other sender. */
export const MAX_HOST_PROCESSES = 200;
export const MAX_HOST_STUCK = 100;
export const MAX_HOST_CHECKS = 40;
export const MAX_HOST_PROBES = 60;
export const MAX_INOTIFY_USERS = 50;

/** A node daemon (runtime, shim, kubelet) and its descriptors against its own soft limit. */
export const HostProcessSchema = z.object({
  pid: count,
  /** What it is: dockerd, containerd, crio, cri-dockerd, kubelet, containerd-shim, conmon. */
  role: z.string(),
  comm: z.string(),
  /** Command line, cut short. */
  cmdline: z.string().optional(),
  openFiles: count.optional(),
  /** Soft `Max open files` from /proc/PID/limits; null when unlimited. */
  maxOpenFiles: count.nullable().optional(),
  inotifyInstances: count.optional(),
  inotifyWatches: count.optional(),
  /** Why a reading is missing (e.g. `/proc/PID/fd: EACCES`). */
  unreadable: z.string().optional(),
});
export type HostProcess = z.infer<typeof HostProcessSchema>;

/** A process in D (uninterruptible) or Z (zombie) state in two samples at least `seenForMs` apart. */
export const StuckProcessSchema = z.object({
  pid: count,
  state: z.enum(['D', 'Z']),
  comm: z.string(),
  cmdline: z.string().optional(),
  wchan: z.string().optional(),
  /** /proc/PID/stack as the kernel prints it, when readable (it needs CAP_SYS_ADMIN). */
  stack: z.string().optional(),
  seenForMs: millis.optional(),
  parent: z.object({ pid: count, comm: z.string(), cmdline: z.string().optional() }).optional(),
});
export type StuckProcess = z.infer<typeof StuckProcessSchema>;

/**
 * One call to a runtime or to systemd and how it ended: `answered`, `timeout` (accepted, no answer within
 * `timeoutMs`), `refused` (a socket nobody listens on), `absent` (no socket), `error` (an answer that is an error).
 */
export const CHECK_OUTCOMES = ['answered', 'timeout', 'refused', 'absent', 'error'] as const;
export const HostCheckSchema = z.object({
  /** containerd, crio, docker, systemd. */
  target: z.string(),
  /** CRI Version, CRI ListContainers, GET /_ping, D-Bus Ping... */
  call: z.string(),
  endpoint: z.string(),
  outcome: z.enum(CHECK_OUTCOMES),
  ms: millis,
  timeoutMs: millis.optional(),
  /** The answer or the error, cut short. */
  detail: z.string().optional(),
  /** Items an answered list call returned. */
  items: count.optional(),
  /** The kubelet is configured to use this endpoint (its absence is then a fault, not a node without it). */
  expected: z.boolean().optional(),
});
export type HostCheck = z.infer<typeof HostCheckSchema>;

/** How one probe of the collector ended (`absent`: nothing to read on this node). */
export const PROBE_OUTCOMES = ['ok', 'absent', 'timeout', 'denied', 'error'] as const;
export const HostProbeSchema = z.object({
  probe: z.string(),
  outcome: z.enum(PROBE_OUTCOMES),
  ms: millis,
  detail: z.string().optional(),
});
export type HostProbe = z.infer<typeof HostProbeSchema>;

const psiLine = z.object({ avg10: z.number(), avg60: z.number(), avg300: z.number() });
const psi = z.object({ some: psiLine, full: psiLine.optional() });

export const HostSchema = z.object({
  collectedAt: z.string().optional(),
  collector: z.string().optional(),
  budgetMs: millis.optional(),
  durationMs: millis.optional(),
  processes: z.array(HostProcessSchema).max(MAX_HOST_PROCESSES).optional(),
  /** Shims are counted here when there are more than the list keeps. */
  processesOmitted: count.optional(),
  stuck: z.array(StuckProcessSchema).max(MAX_HOST_STUCK).optional(),
  stuckOmitted: count.optional(),
  checks: z.array(HostCheckSchema).max(MAX_HOST_CHECKS).optional(),
  /** /proc/sys/fs/file-nr: handles allocated and the kernel-wide maximum. */
  fileHandles: z.object({ allocated: count, max: count }).optional(),
  inotifyLimits: z.object({ maxUserInstances: count, maxUserWatches: count }).optional(),
  /** inotify instances and watches per user id, summed over its processes (the limits are per user). */
  inotifyByUser: z
    .array(z.object({ uid: count, instances: count, watches: count, topPid: count.optional() }))
    .max(MAX_INOTIFY_USERS)
    .optional(),
  /** Transient scope units systemd holds (one per container with the systemd cgroup driver). */
  scopeUnits: count.optional(),
  pressure: z.object({ cpu: psi.optional(), memory: psi.optional(), io: psi.optional() }).optional(),
  load: z.object({ one: z.number(), five: z.number(), fifteen: z.number(), cores: count }).optional(),
  memory: z.object({ totalKiB: count, availableKiB: count }).optional(),
  probes: z.array(HostProbeSchema).max(MAX_HOST_PROBES).optional(),
});
export type Host = z.infer<typeof HostSchema>;
