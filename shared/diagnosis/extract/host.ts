import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { Host, HostCheck, HostProcess, StuckProcess } from '../../schemas/host.ts';
import type { FactSet } from '../facts.ts';
import { kernelStackFacts } from '../paste/kernel-stack.ts';

/**
 * Facts from what `pleg-responder collect` measured on the node (the bundle's `host` section): the collector's
 * own format, judged on its numbers. Thresholds are the ones the command-output extractor applies to the same
 * readings pasted by hand (extract/commands.ts), so a measured value and a pasted one mean the same.
 */

/** Descriptors at this share of the soft limit: the next burst of connections fails with EMFILE. */
const NEAR_LIMIT = 0.9;
/** At or below this share a daemon is clearly not short of descriptors. */
const WITHIN_LIMIT = 0.5;
/** Distribution defaults that are too low for a container host (the same bounds as for pasted sysctl output). */
const LOW_INOTIFY_INSTANCES = 128;
const LOW_INOTIFY_WATCHES = 8192;
/** systemd slows down past a few thousand units; one scope per container with the systemd cgroup driver. */
const SCOPE_PILEUP = 1000;
/** PSI shares (percent of wall time over 60 s) at which the node's daemons wait more than they run. */
const CPU_SOME_SATURATED = 90;
const IO_FULL_SATURATED = 25;
const IO_SOME_NORMAL = 5;
const MEMORY_FULL_EXHAUSTED = 10;
/** Runnable tasks per core at which the kubelet and runtime wait for CPU (as for a pasted `uptime`). */
const LOAD_PER_CORE_SATURATED = 4;
/** Available memory below this share of the total. */
const MEMORY_AVAILABLE_EXHAUSTED = 0.05;
/** Parents that reap a container's processes: containerd's shims, cri-o's conmon. */
const SHIM = /shim|conmon/;

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

function descriptors(host: Host, facts: FactSet): void {
  const measured = (host.processes ?? []).flatMap((p, i) =>
    p.openFiles !== undefined && typeof p.maxOpenFiles === 'number' && p.maxOpenFiles > 0
      ? [{ p, i, ratio: p.openFiles / p.maxOpenFiles }]
      : [],
  );
  const text = (p: HostProcess, ratio: number) =>
    `${p.role} (pid ${p.pid}): ${p.openFiles} of ${p.maxOpenFiles} open files (${percent(ratio)} of its Max open files)`;
  const near = measured.filter((m) => m.ratio >= NEAR_LIMIT);
  for (const { p, i, ratio } of near)
    facts.add({ id: 'fd.near_limit', source: `host.processes[${i}]`, text: text(p, ratio), value: ratio });
  // Only when no daemon is short: one daemon well within its limit says nothing about another at it.
  if (near.length > 0) return;
  for (const { p, i, ratio } of measured) {
    if (ratio <= WITHIN_LIMIT && !SHIM.test(p.role))
      facts.add({
        id: 'fd.within_limit',
        source: `host.processes[${i}]`,
        text: text(p, ratio),
        value: ratio,
      });
  }
}

function fileTable(host: Host, facts: FactSet): void {
  const files = host.fileHandles;
  if (!files || files.max <= 0) return;
  const ratio = files.allocated / files.max;
  if (ratio >= NEAR_LIMIT) {
    facts.add({
      id: 'fd.file_max',
      source: 'host.fileHandles',
      text: `/proc/sys/fs/file-nr: ${files.allocated} of ${files.max} file handles allocated (${percent(ratio)})`,
      value: ratio,
    });
  }
}

function inotify(host: Host, facts: FactSet): void {
  const limits = host.inotifyLimits;
  if (!limits) return;
  const limitText = `fs.inotify.max_user_instances ${limits.maxUserInstances}, max_user_watches ${limits.maxUserWatches}`;
  if (limits.maxUserInstances <= LOW_INOTIFY_INSTANCES || limits.maxUserWatches <= LOW_INOTIFY_WATCHES) {
    facts.add({ id: 'fd.limit_low', source: 'host.inotifyLimits', text: limitText });
  }
  for (const [i, user] of (host.inotifyByUser ?? []).entries()) {
    const instances = user.instances / Math.max(1, limits.maxUserInstances);
    const watches = user.watches / Math.max(1, limits.maxUserWatches);
    if (Math.max(instances, watches) < NEAR_LIMIT) continue;
    facts.add({
      id: 'fd.inotify',
      source: `host.inotifyByUser[${i}]`,
      text: `uid ${user.uid} holds ${user.instances} inotify instances and ${user.watches} watches (${limitText})`,
      value: Math.max(instances, watches),
    });
  }
}

function describeStuck(s: StuckProcess): string {
  const parent = s.parent ? ` (parent ${s.parent.pid} ${s.parent.cmdline ?? s.parent.comm})` : '';
  const wchan = s.wchan ? ` in ${s.wchan}` : '';
  const seen = s.seenForMs ? ` for at least ${(s.seenForMs / 1000).toFixed(1)} s` : '';
  return `${s.pid} ${s.state} ${s.cmdline ?? s.comm}${wchan}${seen}${parent}`;
}

function stuck(host: Host, facts: FactSet): void {
  for (const [i, s] of (host.stuck ?? []).entries()) {
    const source = `host.stuck[${i}]`;
    const text = describeStuck(s);
    if (s.state === 'Z') {
      const underShim = s.parent !== undefined && SHIM.test(`${s.parent.comm} ${s.parent.cmdline ?? ''}`);
      facts.add({ id: underShim ? 'proc.zombie_shim' : 'proc.zombie', source, text });
      continue;
    }
    facts.add({ id: 'proc.dstate', source, text });
    // The stack (or, without it, the function it sleeps in) says which subsystem holds it.
    kernelStackFacts(s.stack ?? (s.wchan ? `[<0>] ${s.wchan}` : ''), source, facts);
  }
}

function describeCheck(c: HostCheck): string {
  const what = `${c.target} ${c.call} on ${c.endpoint}`;
  if (c.outcome === 'timeout')
    return `${what}: accepted the connection, no answer within ${((c.timeoutMs ?? c.ms) / 1000).toFixed(1)} s`;
  if (c.outcome === 'refused') return `${what}: connection refused (nothing listens on the socket)`;
  if (c.outcome === 'absent')
    return `${what}: the socket does not exist, yet the kubelet is configured to use it`;
  const items = c.items === undefined ? '' : ` (${c.items} items)`;
  return `${what}: ${c.outcome} in ${Math.round(c.ms)} ms${items}${c.detail ? `: ${c.detail}` : ''}`;
}

function checks(host: Host, facts: FactSet): void {
  for (const [i, c] of (host.checks ?? []).entries()) {
    const source = `host.checks[${i}]`;
    const text = describeCheck(c);
    const systemd = c.target === 'systemd';
    if (c.outcome === 'timeout')
      facts.add({ id: systemd ? 'systemd.cmd_hang' : 'runtime.cmd_hang', source, text });
    else if (c.outcome === 'refused' || (c.outcome === 'absent' && c.expected))
      facts.add({ id: systemd ? 'systemd.cmd_hang' : 'runtime.unreachable', source, text });
    else if (c.outcome === 'answered' && !systemd) facts.add({ id: 'runtime.answers', source, text });
  }
  if (host.scopeUnits !== undefined && host.scopeUnits >= SCOPE_PILEUP) {
    facts.add({
      id: 'systemd.scope_pileup',
      source: 'host.scopeUnits',
      text: `${host.scopeUnits} scope units loaded`,
      value: host.scopeUnits,
    });
  }
}

function saturation(host: Host, facts: FactSet): void {
  const { pressure, load, memory } = host;
  const cpu = pressure?.cpu?.some.avg60;
  if (cpu !== undefined && cpu >= CPU_SOME_SATURATED)
    facts.add({
      id: 'cpu.saturated',
      source: 'host.pressure.cpu',
      text: `CPU pressure some avg60=${cpu}`,
      value: cpu,
    });
  const io = pressure?.io;
  if (io?.full && io.full.avg60 >= IO_FULL_SATURATED) {
    facts.add({
      id: 'io.saturated',
      source: 'host.pressure.io',
      text: `I/O pressure full avg60=${io.full.avg60}`,
      value: io.full.avg60,
    });
  } else if (io && io.some.avg60 < IO_SOME_NORMAL) {
    facts.add({
      id: 'io.normal',
      source: 'host.pressure.io',
      text: `I/O pressure some avg60=${io.some.avg60}`,
    });
  }
  const mem = pressure?.memory?.full?.avg60;
  if (mem !== undefined && mem >= MEMORY_FULL_EXHAUSTED)
    facts.add({
      id: 'mem.exhausted',
      source: 'host.pressure.memory',
      text: `memory pressure full avg60=${mem}`,
      value: mem,
    });
  if (load && load.cores > 0 && load.one >= load.cores * LOAD_PER_CORE_SATURATED) {
    facts.add({
      id: 'cpu.saturated',
      source: 'host.load',
      text: `load average ${load.one} on ${load.cores} cores`,
      value: load.one,
    });
  }
  if (memory && memory.totalKiB > 0 && memory.availableKiB / memory.totalKiB < MEMORY_AVAILABLE_EXHAUSTED) {
    facts.add({
      id: 'mem.exhausted',
      source: 'host.memory',
      text: `MemAvailable ${memory.availableKiB} kB of ${memory.totalKiB} kB`,
      value: memory.availableKiB,
    });
  }
}

export function extractHost(bundle: EvidenceBundle, facts: FactSet): void {
  const host = bundle.host;
  if (!host) return;
  descriptors(host, facts);
  fileTable(host, facts);
  inotify(host, facts);
  stuck(host, facts);
  checks(host, facts);
  saturation(host, facts);
}
