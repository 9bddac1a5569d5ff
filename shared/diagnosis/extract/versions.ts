import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { RuntimeKind } from '../../schemas/diagnosis.ts';
import { DEFECT_FACTS, type DefectComponent, KNOWN_DEFECTS, type KnownDefect } from '../defects.ts';
import { bundledBy } from '../distributions.ts';
import type { FactSet } from '../facts.ts';
import { inRange, parseVersion, type Version, type VersionMode } from '../version.ts';

/**
 * The runtime the node is configured for, as a paste states it: a node image's bootstrap option (EKS's
 * `bootstrap.sh --container-runtime containerd|dockerd`, the kubelet's own `--container-runtime=docker` before
 * 1.24) or the kubelet's `--container-runtime-endpoint` socket. The operator's choice comes first: a bootstrap
 * script that switches runtimes may leave the endpoint on a path it meant to link to the new runtime.
 */
const RUNTIME_OPTION = /--container-runtime[= ]+["']?(containerd|dockerd|docker|cri-o|crio)\b/;
const RUNTIME_ENDPOINT =
  /--container-runtime-endpoint[= ]+["']?(?:unix:\/\/)?\S*?(containerd|crio|dockershim|cri-dockerd)\.sock/;
const RUNTIME_NAMES: Readonly<Record<string, Exclude<RuntimeKind, 'unknown'>>> = {
  containerd: 'containerd',
  dockerd: 'docker',
  docker: 'docker',
  dockershim: 'docker',
  'cri-dockerd': 'docker',
  'cri-o': 'crio',
  crio: 'crio',
};

/** How a text names the runtime the node is configured for: an operator's option outranks an endpoint's path. */
export type RuntimeSetting = { kind: Exclude<RuntimeKind, 'unknown'>; by: 'option' | 'endpoint' };

/** The runtime one text says the node is configured for (its bootstrap option first, then the endpoint). */
export function configuredRuntimeIn(text: string): RuntimeSetting | undefined {
  const option = RUNTIME_OPTION.exec(text)?.[1];
  const endpoint = option === undefined ? RUNTIME_ENDPOINT.exec(text)?.[1] : undefined;
  const kind = RUNTIME_NAMES[option ?? endpoint ?? ''];
  return kind && { kind, by: option === undefined ? 'endpoint' : 'option' };
}

/** Of several settings, the operator's option if any states one, else the first endpoint. */
export function strongerSetting(held: RuntimeSetting | undefined, seen: RuntimeSetting): RuntimeSetting {
  return held && (held.by === 'option' || seen.by === 'endpoint') ? held : seen;
}

/**
 * The runtime the bundle states outright: `nodeInfo.containerRuntimeVersion` (`docker://19.3.8`,
 * `containerd://1.6.20`), else the setting the given texts configure (an operator's option over an endpoint's path).
 * Callers pass the texts they read: the responder its raw logs and outputs, the extractors their bounded views.
 */
export function statedRuntime(
  bundle: EvidenceBundle,
  texts: Iterable<string>,
): Exclude<RuntimeKind, 'unknown'> | undefined {
  const version = (bundle.containerRuntimeVersion ?? '').toLowerCase();
  if (/^docker|dockershim/.test(version)) return 'docker';
  if (/^(?:cri-o|crio)/.test(version)) return 'crio';
  if (/^containerd/.test(version)) return 'containerd';
  let setting: RuntimeSetting | undefined;
  for (const text of texts) {
    const seen = configuredRuntimeIn(text);
    if (seen) setting = strongerSetting(setting, seen);
  }
  return setting?.kind;
}

/** The bundle's logs and command outputs as written (no key prefix, no cut). */
function rawTexts(bundle: EvidenceBundle): string[] {
  return [...Object.values(bundle.logs ?? {}), ...Object.values(bundle.commandOutputs ?? {})].filter(
    (text): text is string => typeof text === 'string',
  );
}

/** The runtime the bundle states, else the one whose daemon's logs it holds. */
export function detectRuntime(bundle: EvidenceBundle): RuntimeKind {
  const stated = statedRuntime(bundle, rawTexts(bundle));
  if (stated) return stated;
  if (bundle.logs?.dockerd) return 'docker';
  if (bundle.logs?.crio) return 'crio';
  if (bundle.logs?.containerd) return 'containerd';
  return 'unknown';
}

/** One version of one component, and the text it was read from. */
export interface SeenVersion {
  component: DefectComponent;
  version: Version;
  raw: string;
  source: string;
}

const MODE: Readonly<Record<DefectComponent, VersionMode>> = {
  kubelet: 'semver',
  containerd: 'semver',
  runc: 'semver',
  docker: 'semver',
  crio: 'semver',
  systemd: 'semver',
  kernel: 'release',
  'eks-ami': 'semver',
};

const TOKEN = String.raw`v?\d+(?:\.\d+){1,3}(?:[-~+][0-9A-Za-z.~+_-]*[0-9A-Za-z])?`;

/**
 * How versions appear in pasted text: version commands (`runc --version`, `containerd --version`, `docker
 * version`/`info`, `kubelet --version`, `systemctl --version`, `uname -a`), `kubectl describe node` (System Info),
 * `containerRuntimeVersion` URLs and EKS AMI names. The first group is the version.
 */
const TEXT_PATTERNS: readonly { component: DefectComponent; pattern: RegExp }[] = [
  { component: 'runc', pattern: new RegExp(String.raw`\brunc(?: version|:\s+Version:)\s+(${TOKEN})`, 'g') },
  { component: 'runc', pattern: new RegExp(String.raw`\brunc[ =]+(${TOKEN})\b`, 'g') },
  // `docker info` from 20.10 on: "runc version: v1.1.4-0-g5fd4c4d" (older releases print only a commit, not read).
  { component: 'runc', pattern: new RegExp(String.raw`\brunc version:\s*(${TOKEN})`, 'g') },
  {
    component: 'containerd',
    pattern: new RegExp(
      String.raw`\bcontainerd(?:\.io)?(?: github\.com/containerd/containerd|:\s+Version:|:/+)\s*(${TOKEN})`,
      'g',
    ),
  },
  { component: 'containerd', pattern: new RegExp(String.raw`\bcontainerd(?:\.io)?[ =-]+(${TOKEN})\b`, 'g') },
  // `crictl version` against containerd: "RuntimeName:  containerd" then "RuntimeVersion:  v1.6.20".
  {
    component: 'containerd',
    pattern: new RegExp(String.raw`\bRuntimeName:\s+containerd\s+RuntimeVersion:\s+(${TOKEN})`, 'g'),
  },
  {
    component: 'docker',
    pattern: new RegExp(String.raw`(?:\bDocker version|\bServer Version:|\bdocker:/+)\s*(${TOKEN})`, 'g'),
  },
  { component: 'crio', pattern: new RegExp(String.raw`(?:\bcri-o:/+|\bcrio version\s+)(${TOKEN})`, 'g') },
  {
    component: 'kubelet',
    pattern: new RegExp(
      String.raw`(?:\bKubelet Version:\s*|\bKubernetes |\bkubelet[ :]+)(v${TOKEN.slice(2)})`,
      'gi',
    ),
  },
  // K3s and RKE2 embed the kubelet and name their release after it: `k3s version v1.20.4+k3s1 (838a906a)`,
  // `rke2 version v1.21.3+rke2r1 (…)`, and their start-up lines `Starting k3s v1.20.4+k3s1 (838a906a)`, `Starting
  // k3s agent v1.21.5+k3s2 (724ef700)`.
  {
    component: 'kubelet',
    pattern: /\b(?:k3s|rke2)(?: version| agent| server)? (v\d+\.\d+\.\d+\+(?:k3s|rke2r)\d+)/g,
  },
  // A node row of `kubectl get nodes` (-o wide too): NAME STATUS ROLES AGE VERSION, the kubelet's version fifth.
  {
    component: 'kubelet',
    pattern: new RegExp(
      String.raw`^\S+\s+(?:Ready|NotReady|Unknown)(?:,SchedulingDisabled)?\s+\S+\s+\S+\s+(v${TOKEN.slice(2)})`,
      'gm',
    ),
  },
  { component: 'systemd', pattern: /^systemd (\d{3})\b/gm },
  {
    component: 'kernel',
    pattern: /(?:\bKernel Version:\s*|\bLinux \S+ )(\d+\.\d+\.\d+-[0-9A-Za-z._-]+)/g,
  },
  // amazon-eks-node-1.19-v20210329; the 1.16.15-20201112 form of some releases' names and 2022's unprefixed dates;
  // AL2023's amazon-eks-node-al2023-x86_64-standard-1.29-v20241115.
  {
    component: 'eks-ami',
    pattern:
      /\bamazon-eks(?:-gpu|-arm64)?-node(?:-al2023-[a-z0-9_]+-[a-z]+)?(?:-1\.\d+(?:\.\d+)?-| +)v?(20\d{6})\b/g,
  },
  // The release as its notes name it ("AMI Release v20260505", amazon-eks-ami CHANGELOG.md and tags) and as people
  // write it: "EKS AMI v20260505", "EKS-optimized Amazon Linux 2023 AMI v20260505", "AL2023 AMI v20260505".
  {
    component: 'eks-ami',
    pattern:
      /\b(?:EKS(?:[- ]optimized)?(?: Amazon Linux(?: 2023| 2)?| AL2023| AL2)?|AL2023|AMI Release) ?(?:AMI)?\s+`?v(20\d{6})\b/g,
  },
];

/** A runtime URL (`containerd://1.4.4`) names its component. */
const RUNTIME_URL = /^(docker|containerd|cri-o|crio):\/\/v?(.+)$/;
const URL_COMPONENT: Readonly<Record<string, DefectComponent>> = {
  docker: 'docker',
  containerd: 'containerd',
  'cri-o': 'crio',
  crio: 'crio',
};

function seen(component: DefectComponent, raw: string, source: string): SeenVersion | undefined {
  const version = parseVersion(raw, MODE[component]);
  return version ? { component, version, raw, source } : undefined;
}

function fromFields(bundle: EvidenceBundle): SeenVersion[] {
  const out: (SeenVersion | undefined)[] = [];
  if (bundle.kubeletVersion) out.push(seen('kubelet', bundle.kubeletVersion, 'kubeletVersion'));
  if (bundle.kernelVersion) out.push(seen('kernel', bundle.kernelVersion, 'kernelVersion'));
  const url = RUNTIME_URL.exec(bundle.containerRuntimeVersion ?? '');
  const component = url?.[1] ? URL_COMPONENT[url[1]] : undefined;
  if (component && url?.[2]) out.push(seen(component, url[2], 'containerRuntimeVersion'));
  return out.filter((v) => v !== undefined);
}

/** Bounded, like the scanners: version lines and settings sit near the start of what people paste. */
const MAX_TEXT = 256 * 1024;

/** Every text a person or collector pasted: logs, command names and outputs, and the free-form node fields. */
export function bundleTexts(bundle: EvidenceBundle): { source: string; text: string }[] {
  return [
    ...Object.entries(bundle.logs ?? {}).map(([k, text]) => ({ source: `logs.${k}`, text: text ?? '' })),
    ...Object.entries(bundle.commandOutputs ?? {}).map(([command, output]) => ({
      source: `commandOutputs[${JSON.stringify(command)}]`,
      text: `${command}\n${output}`,
    })),
    { source: 'osImage', text: bundle.osImage ?? '' },
    { source: 'containerRuntimeVersion', text: bundle.containerRuntimeVersion ?? '' },
  ]
    .filter((t) => t.text !== '')
    .map((t) => ({ source: t.source, text: t.text.slice(0, MAX_TEXT) }));
}

/**
 * The versions on this node. A field of the bundle (the node's own report) wins over text; text counts for
 * components the fields do not name, so "we upgraded from 1.4.4" in a comment cannot override the node.
 */
export function collectVersions(bundle: EvidenceBundle): SeenVersion[] {
  const fields = fromFields(bundle);
  const known = new Set(fields.map((v) => v.component));
  const found: SeenVersion[] = [];
  for (const { source, text } of bundleTexts(bundle)) {
    for (const { component, pattern } of TEXT_PATTERNS) {
      if (known.has(component)) continue;
      for (const m of text.matchAll(pattern)) {
        const v = m[1] ? seen(component, m[1], source) : undefined;
        if (v && !found.some((f) => f.component === component && f.raw === v.raw)) found.push(v);
      }
    }
  }
  const all = [...fields, ...found];
  return [...all, ...bundledVersions(all)];
}

/**
 * The runc and containerd a K3s or RKE2 release bundles (distributions.ts), for a kubelet version that names such a
 * release, when the node printed no version of its own for that component.
 */
function bundledVersions(versions: readonly SeenVersion[]): SeenVersion[] {
  const out: SeenVersion[] = [];
  for (const kubelet of versions.filter((v) => v.component === 'kubelet')) {
    const bundled = bundledBy(kubelet.raw);
    if (!bundled) continue;
    for (const component of ['runc', 'containerd'] as const) {
      if ([...versions, ...out].some((v) => v.component === component)) continue;
      const v = seen(component, bundled[component], `${kubelet.source} (bundled by ${kubelet.raw})`);
      if (v) out.push(v);
    }
  }
  return out;
}

const GATE_FLAG = /--feature-gates[= ]["']?([A-Za-z0-9=,]+)/g;
const GATE_LOG = /feature gates: &?\{?map\[([^\]]*)\]/g;
const GATE_YAML = /featureGates:\s*\n((?:[ \t]+[A-Za-z0-9]+:\s*(?:true|false)\s*\n?)+)/g;
/**
 * A gate named in people's words: "the EventedPLEG feature gate is enabled", "enabled the EventedPLEG feature",
 * "开启了 EventedPLEG 特性". A CamelCase name next to feature/gate and an enabling word; denials are not read.
 */
const GATE_PROSE =
  /(?:\b(?:enabl(?:ed|ing)|turn(?:ed|ing) on|switch(?:ed|ing) on)|开启了?|启用了?|打开了?)\s*(?:the\s+)?([A-Z][a-z]+[A-Z][A-Za-z0-9]*)\s+(?:feature|gate|特性|功能)|\b([A-Z][a-z]+[A-Z][A-Za-z0-9]*)\s+(?:feature(?:\s+gate)?|gate|特性|功能)\s+(?:is\s+|was\s+)?(?:enabled|turned on|on\b|已?开启|已?启用)/g;

/** Feature gates set on the kubelet, from its flags, its config file or its startup log line. */
export function collectFeatureGates(bundle: EvidenceBundle): Map<string, boolean> {
  const gates = new Map<string, boolean>();
  const set = (pairs: string, separator: RegExp) => {
    for (const pair of pairs.split(separator)) {
      const m = /^\s*([A-Za-z0-9]+)\s*[=:]\s*(true|false)\s*$/.exec(pair);
      if (m?.[1]) gates.set(m[1], m[2] === 'true');
    }
  };
  for (const { text } of bundleTexts(bundle)) {
    for (const m of text.matchAll(GATE_FLAG)) set(m[1] ?? '', /,/);
    for (const m of text.matchAll(GATE_LOG)) set(m[1] ?? '', /\s+/);
    for (const m of text.matchAll(GATE_YAML)) set(m[1] ?? '', /\n/);
    for (const m of text.matchAll(GATE_PROSE)) {
      const name = m[1] ?? m[2];
      if (name && !gates.has(name)) gates.set(name, true);
    }
  }
  return gates;
}

function affected(defect: KnownDefect, v: SeenVersion): boolean {
  if (v.component !== defect.component) return false;
  if (defect.build && !defect.build.test(v.raw)) return false;
  if (defect.excludeBuild?.test(v.raw)) return false;
  return defect.affected.some((range) => inRange(v.version, range, MODE[defect.component]));
}

function symptomPresent(defect: KnownDefect, facts: FactSet): boolean {
  if (defect.unless && facts.hasAny(defect.unless)) return false;
  return defect.requires.some((all) => all.every((id) => facts.has(id)));
}

/** Known defects whose release is on this node and whose symptom is present. */
export function matchDefects(
  bundle: EvidenceBundle,
  facts: FactSet,
): { defect: KnownDefect; version: SeenVersion }[] {
  const versions = collectVersions(bundle);
  const gates = collectFeatureGates(bundle);
  return KNOWN_DEFECTS.flatMap((defect) => {
    if (defect.featureGate && gates.get(defect.featureGate) !== true) return [];
    if (!symptomPresent(defect, facts)) return [];
    const version = versions.find((v) => affected(defect, v));
    return version ? [{ defect, version }] : [];
  });
}

export function extractKnownDefects(bundle: EvidenceBundle, facts: FactSet): void {
  for (const { defect, version } of matchDefects(bundle, facts)) {
    facts.add({
      id: DEFECT_FACTS[defect.cause],
      source: version.source,
      text: `${defect.component} ${version.raw}: ${defect.id} — ${defect.mechanism} (fixed: ${defect.fix})`,
      defect: defect.id,
    });
  }
}
