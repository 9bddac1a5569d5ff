import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { memoryFigures } from './memory-figures.ts';

/**
 * The node's Capacity (`kubectl describe node`) against the machine's own figures in the same bundle (its memory in
 * any tool's form that `memoryFigures` reads: free, top, /proc/meminfo, vmstat -s; `lscpu`'s CPUs). The kubelet reads
 * the machine's description from cAdvisor once, in NewMainKubelet (kubernetes pkg/kubelet/kubelet.go
 * klet.setCachedMachineInfo, 1.19+; kubelet_getters.go GetCachedMachineInfo:
 * "assumes that the machine info can't change without a reboot"), and the node status setter
 * (pkg/kubelet/nodestatus/setters.go MachineInfo, via kubelet_node_status.go) posts that cached copy as capacity.
 * Memory or CPUs hot-added or removed while the kubelet runs leave capacity, and every eviction threshold computed
 * from it, at the start's figures until the kubelet restarts.
 */

/** Memory differing by more than this share (and by at least MIN_MEMORY_GAP) is not rounding or a reserved region. */
const MEMORY_MARGIN = 0.1;
const MIN_MEMORY_GAP = 1024 ** 3;

const UNITS: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
  Ti: 1024 ** 4,
};

/** A Kubernetes quantity (`16389012Ki`, `64Gi`) in bytes. */
function quantityBytes(text: string): number | undefined {
  const m = /^([0-9]+(?:\.[0-9]+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * (UNITS[m[2] ?? ''] ?? 1);
}

interface Capacity {
  memory?: number;
  cpu?: number;
}

/** The Capacity block of `kubectl describe node` (up to Allocatable). */
function describedCapacity(text: string): Capacity | undefined {
  const start = text.indexOf('\nCapacity:');
  if (start < 0) return undefined;
  const end = text.indexOf('\nAllocatable:', start);
  if (end < 0) return undefined;
  const block = text.slice(start, end);
  const memory = /\n\s+memory:\s+([0-9.]+[A-Za-z]*)/.exec(block)?.[1];
  const cpu = /\n\s+cpu:\s+([0-9]+)\s*(?:\n|$)/.exec(block)?.[1];
  return { memory: memory ? quantityBytes(memory) : undefined, cpu: cpu ? Number(cpu) : undefined };
}

/** lscpu(1)'s "CPU(s):" line: the CPUs the kernel knows. */
function machineCpus(text: string): number | undefined {
  const m = /(?:^|\n)CPU\(s\):\s+([0-9]+)\s*(?:\n|$)/.exec(text);
  return m ? Number(m[1]) : undefined;
}

const GIB = 1024 ** 3;

export function extractCapacity(bundle: EvidenceBundle, facts: FactSet): void {
  const outputs = Object.entries(bundle.commandOutputs ?? {}).map(([k, v]) => [k, v ?? ''] as const);
  let capacity: Capacity | undefined;
  let memory: { bytes: number; source: string } | undefined;
  let cpus: { count: number; source: string } | undefined;
  for (const [command, text] of outputs) {
    capacity ??= describedCapacity(`\n${text}`);
    const m = memoryFigures(text, command)?.total;
    if (m !== undefined && !memory) memory = { bytes: m, source: command };
    const c = machineCpus(text);
    if (c !== undefined && !cpus) cpus = { count: c, source: command };
  }
  if (!capacity) return;
  if (capacity.memory && memory) {
    const gap = Math.abs(memory.bytes - capacity.memory);
    if (gap >= MIN_MEMORY_GAP && gap > MEMORY_MARGIN * Math.max(memory.bytes, capacity.memory)) {
      facts.add({
        id: 'kubelet.capacity_stale',
        source: `commandOutputs[${JSON.stringify(memory.source)}]`,
        text: `node Capacity memory ${(capacity.memory / GIB).toFixed(1)} GiB, the machine ${(memory.bytes / GIB).toFixed(1)} GiB`,
        value: memory.bytes - capacity.memory,
      });
    }
  }
  if (capacity.cpu && cpus && capacity.cpu !== cpus.count) {
    facts.add({
      id: 'kubelet.capacity_stale',
      source: `commandOutputs[${JSON.stringify(cpus.source)}]`,
      text: `node Capacity cpu ${capacity.cpu}, the machine ${cpus.count} CPUs`,
      value: cpus.count - capacity.cpu,
    });
  }
}
