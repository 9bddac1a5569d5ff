import type { Missing } from '../schemas/diagnosis.ts';
import { memoryFigures } from './extract/memory-figures.ts';
import type { bundleTexts } from './extract/versions.ts';
import type { FactSet } from './facts.ts';

/**
 * Round 23: a machine's memory size stated (the node's capacity in `kubectl describe node` or its JSON, a VM's size
 * in a table or a sentence: "memory: 4026532Ki", "| RAM | 4 GB |", "8 GiB of memory", "内存 4G") with nothing of its
 * use: a size is not a use, and a small machine whose runtime is said down or whose kubelet stops posting is most
 * often out of memory (the runtime or the guest killed by an OOM killer). It is a question: the memory in use at
 * the time and what ran then, the runtime's last words and the kernel's OOM kills.
 */
const MEMORY_SIZE: readonly RegExp[] = [
  // kubectl describe node's Capacity/Allocatable rows, and the node's JSON.
  /(?:^|\n)\s*memory:\s+[0-9]+(?:Ki|Mi|Gi)\s*(?:\n|$)/,
  /"memory":\s*"[0-9]+(?:Ki|Mi|Gi)"/,
  // A table's cell or a field: Memory | 4 GB, RAM: 8GiB, 内存：4G.
  /(?:[Mm]emory|MEMORY|RAM|内存|記憶體|記憶体|メモリ)\s*(?:\([^)\n]{0,10}\))?\s*[:|=：]\s*\|?\s*[0-9]+(?:\.[0-9]+)?\s*(?:[KMGT]i?B?|[KMGT]iB)(?![A-Za-z])/,
  // A sentence: "a 4 GB RAM VM", "8 GiB of memory".
  /[0-9]+(?:\.[0-9]+)?\s*(?:GB|GiB|G|MB|MiB)\s+(?:of\s+)?(?:RAM|memory)(?![A-Za-z])/,
];

/** Memory facts that say how it was used, by a program or a person. */
const MEMORY_USE_FACTS = [
  'mem.oom',
  'mem.exhausted',
  'mem.reclaim',
  'mem.workload_fills_node',
  'runtime.oom_killed',
] as const;

/** `texts`: the bundle's texts (bundleTexts), read once for every ask. */
export function memoryAsks(texts: ReturnType<typeof bundleTexts>, facts: FactSet): Missing[] {
  if (facts.hasAny(MEMORY_USE_FACTS)) return [];
  if (!texts.some((t) => MEMORY_SIZE.some((p) => p.test(t.text)))) return [];
  // Figures of its use read and found not used up: the question is answered.
  if (texts.some((t) => memoryFigures(t.text)?.available !== undefined)) return [];
  return [
    {
      what: "the machine's memory in use at the time and what ran then, against its size; the runtime's exit and the kernel's OOM kills",
      why: "the machine's memory size is stated but not its use: a small machine whose runtime stops answering or whose node goes NotReady is most often out of memory (image builds, the control plane, workloads without limits), the runtime or the guest killed by an OOM killer, and nothing else in the bundle says whether it was",
      how: "free -m; ps aux --sort=-rss | head -n 15; journalctl -k --since -1d --no-pager | grep -Ei 'out of memory|oom-kill|killed process' | tail -n 20; journalctl -u containerd -u docker -u crio --since -1d --no-pager | tail -n 30; kubectl top node NODE",
    },
  ];
}
