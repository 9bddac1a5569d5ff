import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { RuntimeKind } from '../../schemas/diagnosis.ts';
import type { FactSet } from '../facts.ts';

/** The runtime from `nodeInfo.containerRuntimeVersion` (`docker://19.3.8`, `containerd://1.6.20`), else from logs. */
export function detectRuntime(bundle: EvidenceBundle): RuntimeKind {
  const version = (bundle.containerRuntimeVersion ?? '').toLowerCase();
  if (/^docker|dockershim/.test(version)) return 'docker';
  if (/^(?:cri-o|crio)/.test(version)) return 'crio';
  if (/^containerd/.test(version)) return 'containerd';
  if (bundle.logs?.dockerd) return 'docker';
  if (bundle.logs?.crio) return 'crio';
  if (bundle.logs?.containerd) return 'containerd';
  return 'unknown';
}

interface KnownDefect {
  /** Matches the version strings a node reports (containerRuntimeVersion, osImage, kubeletVersion). */
  matches: (bundle: EvidenceBundle) => boolean;
  fact: 'runtime.known_defect' | 'kubelet.known_defect';
  /** Only counts together with this symptom, so a version alone never names a cause. */
  requires?: 'pleg.stuck';
  text: string;
}

function kubeletMinor(version: string | undefined): number | undefined {
  const m = /^v?1\.(\d+)/.exec(version ?? '');
  return m ? Number(m[1]) : undefined;
}

/**
 * Releases with a defect that stalls relist. containerd.io 1.4.4 bundled runc 1.0.0-rc93, whose `runc init`
 * could deadlock (fixed in rc94 / containerd 1.4.5); kubelets before 1.14 could deadlock inside relist itself.
 */
const KNOWN_DEFECTS: readonly KnownDefect[] = [
  {
    matches: (b) =>
      /containerd(?:\.io)?:?\/*\s*v?1\.4\.4\b|runc[ -]v?1\.0\.0-rc93/.test(b.containerRuntimeVersion ?? ''),
    fact: 'runtime.known_defect',
    text: 'containerd 1.4.4 ships runc 1.0.0-rc93, whose runc init can deadlock (fixed in rc94 / containerd 1.4.5)',
  },
  {
    matches: (b) => (kubeletMinor(b.kubeletVersion) ?? 99) < 14,
    fact: 'kubelet.known_defect',
    requires: 'pleg.stuck',
    text: 'kubelets before 1.14 can deadlock inside relist (fixed in 1.14)',
  },
];

export function extractKnownDefects(bundle: EvidenceBundle, facts: FactSet): void {
  for (const defect of KNOWN_DEFECTS) {
    if (!defect.matches(bundle)) continue;
    if (defect.requires && !facts.has(defect.requires)) continue;
    const source = defect.fact === 'runtime.known_defect' ? 'containerRuntimeVersion' : 'kubeletVersion';
    facts.add({ id: defect.fact, source, text: `${bundle[source] ?? ''}: ${defect.text}` });
  }
}
