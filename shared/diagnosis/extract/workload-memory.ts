import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';

/**
 * Round 22: the workload's memory summed against the node's, as a person states both ("8 best-effort pods using about
 * 1 GB each on an 8 GiB worker"). The kubelet, the runtime, the kernel and sshd run in the same memory; with nothing
 * reserved for them (kube-reserved/system-reserved, Kubernetes docs "Reserve Compute Resources for System Daemons")
 * and pods without limits (BestEffort, "Pod Quality of Service Classes"), pods whose memory adds up to the node's
 * leave the node's own daemons nothing: the kernel reclaims and OOM-kills, and the kubelet stops posting status. The
 * arithmetic is the reading; neither figure alone names anything.
 */

/** Bytes per unit as people write them: SI (GB, G, MB) and binary (GiB, Gi, MiB), and Kubernetes' quantities. */
const UNIT: Record<string, number> = {
  g: 1e9,
  gb: 1e9,
  gi: 1024 ** 3,
  gib: 1024 ** 3,
  m: 1e6,
  mb: 1e6,
  mi: 1024 ** 2,
  mib: 1024 ** 2,
};
const SIZE = '(\\d+(?:\\.\\d+)?) ?(GiB|GB|Gi|G|MiB|MB|Mi|M)\\b';

/**
 * A count of pods (or containers, replicas) and what each uses, in one sentence: "8 best effort Java Pods consuming
 * approximately 1G of memory each", "10 replicas, each using 2 GiB", "5 pods with a 1.5Gi heap each".
 */
const PER_ITEM = new RegExp(
  `\\b(\\d{1,4}) (?:[A-Za-z][\\w-]* ){0,3}(?:[Pp]ods?|[Cc]ontainers?|[Rr]eplicas?|[Ii]nstances of)\\b[^.\\n]{0,60}?\\b${SIZE}(?: of (?:memory|RAM|heap))?[^.\\n]{0,12}?\\beach\\b`,
  'g',
);
const EACH_FIRST = new RegExp(
  `\\b(\\d{1,4}) (?:[A-Za-z][\\w-]* ){0,3}(?:[Pp]ods?|[Cc]ontainers?|[Rr]eplicas?)\\b,? each (?:using|consuming|taking|with|requesting|needing)(?: about| approximately| around| roughly| ~)? ${SIZE}`,
  'g',
);
/** The node's memory: "an 8Gi worker node", "a 16 GB node", "nodes with 8 GiB of memory", "4GB RAM VM". */
const NODE_SIZE = new RegExp(
  `\\b${SIZE}(?: of)?(?: (?:memory|RAM))? (?:worker |compute |agent )?(?:node|machine|VM|instance|host|server)s?\\b|\\b(?:node|machine|VM|instance|host|server)s? with ${SIZE}(?: of)? (?:memory|RAM)\\b`,
  'g',
);

/** Pods whose memory is this share of the node's at least: the node's own daemons need the rest, and more. */
const FILLS = 0.85;

const bytes = (value: string | undefined, unit: string | undefined) =>
  Number(value) * (UNIT[(unit ?? '').toLowerCase()] ?? Number.NaN);

export function extractWorkloadMemory(bundle: EvidenceBundle, facts: FactSet): void {
  for (const [key, text] of Object.entries(bundle.logs ?? {})) {
    if (!text) continue;
    const head = text.slice(0, 1 << 16);
    const node = [...head.matchAll(NODE_SIZE)]
      .map((m) => bytes(m[1] ?? m[3], m[2] ?? m[4]))
      .filter((b) => b >= 1024 ** 3);
    if (!node.length) continue;
    const nodeBytes = Math.max(...node);
    for (const m of [...head.matchAll(PER_ITEM), ...head.matchAll(EACH_FIRST)]) {
      const total = Number(m[1]) * bytes(m[2], m[3]);
      if (!(total >= FILLS * nodeBytes)) continue;
      facts.add({
        id: 'mem.workload_fills_node',
        source: `logs.${key}`,
        text: m[0],
        value: total / nodeBytes,
        observation: true,
        specific: true,
      });
      return;
    }
  }
}
