import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { nodeTablesIn } from '../paste/table.ts';
import { bundleRuns, runAndLogTexts } from './run.ts';

/**
 * Round 24 (r24-runtime-io): the runtime's release compared across nodes. `kubectl get nodes -o wide` prints each
 * node's CONTAINER-RUNTIME as the kubelet reports it (kubernetes pkg/printers/internalversion/printers.go
 * printNode: nodeInfo.containerRuntimeVersion, "<runtime>://<version>"). Where every NotReady node runs the same
 * runtime a major release behind the one every Ready node runs (a node restored from an old image or snapshot, a
 * node an upgrade missed), the odd node's runtime is the lead: a release the kubelet and the cluster's agents were
 * not set up against (its CRI, its socket, its client API). A lead only (runtime.version_behind), named with the
 * node: the failing calls themselves are what a verdict needs.
 */
const RUNTIME_VERSION = /^([a-z-]+):\/\/v?(\d+)\.(\d+)/;

interface Release {
  kind: string;
  major: number;
  raw: string;
}

function release(cell: string | undefined): Release | undefined {
  const m = RUNTIME_VERSION.exec(cell?.trim() ?? '');
  return m ? { kind: m[1] ?? '', major: Number(m[2]), raw: cell?.trim() ?? '' } : undefined;
}

export function extractRuntimeSkew(bundle: EvidenceBundle, facts: FactSet): void {
  for (const { source, text } of runAndLogTexts(bundleRuns(bundle), bundle)) {
    for (const table of nodeTablesIn(text)) {
      const rows = table.flatMap((r) => {
        const rel = release(r.cells.get('CONTAINER-RUNTIME'));
        return rel ? [{ name: r.name, down: !r.ready, rel }] : [];
      });
      const down = rows.filter((r) => r.down);
      const up = rows.filter((r) => !r.down);
      const first = up[0];
      if (!first || down.length === 0) continue;
      const same = (a: Release, b: Release) => a.kind === b.kind && a.major === b.major;
      if (!up.every((r) => same(r.rel, first.rel))) continue;
      const behind = down.every((r) => r.rel.kind === first.rel.kind && r.rel.major < first.rel.major);
      if (!behind) continue;
      facts.add({
        id: 'runtime.version_behind',
        source,
        text: `kubectl get nodes → NotReady ${down.map((r) => `${r.name} (${r.rel.raw})`).join(', ')}; Ready nodes run ${first.rel.raw}`,
      });
    }
  }
}
