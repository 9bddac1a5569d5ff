import type { EvidenceBundle } from '../../schemas/bundle.ts';
import { parseGoDuration } from '../duration.ts';
import type { FactId, FactSet } from '../facts.ts';
import { compareVersions, parseVersion } from '../version.ts';
import { bundleTexts, collectVersions } from './versions.ts';

/**
 * Settings people paste (kubelet flags and config file, controller-manager flags, runtime configuration),
 * checked against each other where a mismatch alone explains NotReady or flapping. Defaults are the upstream
 * ones: kubelet nodeStatusUpdateFrequency 10s and nodeLeaseDurationSeconds 40 (renewed every quarter, 10 s);
 * kube-controller-manager --node-monitor-grace-period 40s, 50s from v1.32 (kubernetes#126287).
 */

/** One setting: a command-line flag or a config-file field, with the value as text. */
function setting(text: string, flag: string, field: string): string | undefined {
  const m =
    new RegExp(String.raw`--${flag}[= ]["']?([\w.]+)`).exec(text) ??
    new RegExp(String.raw`(?:^|[\s{,])${field}:\s*["']?([\w.]+)`, 'm').exec(text);
  return m?.[1];
}

interface Found<T> {
  value: T;
  source: string;
  text: string;
}

function firstSetting<T>(
  texts: readonly { source: string; text: string }[],
  read: (text: string) => T | undefined,
  describe: (value: T) => string,
): Found<T> | undefined {
  for (const { source, text } of texts) {
    const value = read(text);
    if (value !== undefined) return { value, source, text: describe(value) };
  }
  return undefined;
}

const seconds = (text: string, flag: string, field: string) => {
  const raw = setting(text, flag, field);
  return raw === undefined ? undefined : parseGoDuration(raw);
};

const DEFAULT_STATUS_UPDATE_SECONDS = 10;
const DEFAULT_LEASE_DURATION_SECONDS = 40;
/** Kubelets 1.14 and 1.15 renewed the lease every hard-coded 10 s (kubernetes#80172). */
const FIXED_RENEW_SECONDS = 10;
/** A grace period must hold at least this many heartbeats, or one late renewal marks the node NotReady. */
const HEARTBEATS_PER_GRACE = 2;

function kubeletVersionAtLeast(bundle: EvidenceBundle, minimum: string): boolean | undefined {
  const kubelet = collectVersions(bundle).find((v) => v.component === 'kubelet');
  const bound = parseVersion(minimum);
  return kubelet && bound ? compareVersions(kubelet.version, bound) >= 0 : undefined;
}

/** How often the kubelet heartbeats: its lease renewals (1.14+), before leases its status posts. */
function heartbeatSeconds(
  bundle: EvidenceBundle,
  statusUpdate: number | undefined,
  lease: number | undefined,
) {
  if (kubeletVersionAtLeast(bundle, '1.14.0') === false) {
    return { seconds: statusUpdate ?? DEFAULT_STATUS_UPDATE_SECONDS, how: 'status update frequency' };
  }
  if (kubeletVersionAtLeast(bundle, '1.16.0') === false) {
    return { seconds: FIXED_RENEW_SECONDS, how: 'lease renewal, fixed at 10 s in kubelet 1.14-1.15' };
  }
  return {
    seconds: (lease ?? DEFAULT_LEASE_DURATION_SECONDS) / 4,
    how: 'lease renewal, a quarter of the lease duration',
  };
}

function checkHeartbeat(
  bundle: EvidenceBundle,
  texts: readonly { source: string; text: string }[],
  facts: FactSet,
) {
  const grace = firstSetting(
    texts,
    (t) => seconds(t, 'node-monitor-grace-period', 'nodeMonitorGracePeriod'),
    (s) => `--node-monitor-grace-period=${s}s`,
  );
  const status = firstSetting(
    texts,
    (t) => seconds(t, 'node-status-update-frequency', 'nodeStatusUpdateFrequency'),
    (s) => `nodeStatusUpdateFrequency=${s}s`,
  );
  const lease = firstSetting(
    texts,
    (t) => {
      const raw = setting(t, 'node-lease-duration-seconds', 'nodeLeaseDurationSeconds');
      return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
    },
    (s) => `nodeLeaseDurationSeconds=${s}`,
  );
  if (!grace && !status && !lease) return;
  const graceSeconds = grace?.value ?? (kubeletVersionAtLeast(bundle, '1.32.0') ? 50 : 40);
  const beat = heartbeatSeconds(bundle, status?.value, lease?.value);
  if (graceSeconds > HEARTBEATS_PER_GRACE * beat.seconds) return;
  const cited = [grace, status, lease].find((f) => f !== undefined);
  facts.add({
    id: 'config.heartbeat_vs_grace',
    source: cited?.source ?? 'config',
    text: `grace period ${graceSeconds}s vs heartbeat every ${beat.seconds}s (${beat.how})${[
      grace,
      status,
      lease,
    ]
      .flatMap((f) => (f ? [`; ${f.text}`] : []))
      .join('')}`,
    value: graceSeconds / beat.seconds,
  });
}

type Driver = 'systemd' | 'cgroupfs';
const driver = (raw: string | undefined): Driver | undefined =>
  raw === 'systemd' || raw === 'cgroupfs' ? raw : undefined;

/** The kubelet's own refusal names both drivers. */
const DOCKERSHIM_MISMATCH =
  /kubelet cgroup driver: \\?"'?(\w+)'?\\?" is different from docker cgroup driver: \\?"(\w+)\\?"/;

function runtimeDriver(text: string): Driver | undefined {
  // `docker info`, dockerd's daemon.json, or the Docker Info the kubelet's dockershim logs at start.
  const docker =
    /\bCgroup Driver:\s*(\w+)/.exec(text) ??
    /native\.cgroupdriver=(\w+)/.exec(text) ??
    /Docker Info: &\{[^}]*?\bCgroupDriver:(\w+)/.exec(text);
  if (docker) return driver(docker[1]);
  const containerd = /\bSystemdCgroup\s*=\s*(true|false)/.exec(text);
  if (containerd) return containerd[1] === 'true' ? 'systemd' : 'cgroupfs';
  return driver(/\bcgroup_manager\s*=\s*"(\w+)"/.exec(text)?.[1]);
}

function kubeletDriver(text: string): Driver | undefined {
  // Flags, the config file, or the container manager's Node Config the kubelet logs at start.
  const logged = /Node Config: \{[^}]*?\bCgroupDriver:(\w+)/.exec(text)?.[1];
  return driver(setting(text, 'cgroup-driver', 'cgroupDriver') ?? logged);
}

function checkCgroupDriver(texts: readonly { source: string; text: string }[], facts: FactSet) {
  for (const { source, text } of texts) {
    const m = DOCKERSHIM_MISMATCH.exec(text);
    if (m && m[1] !== m[2]) {
      // The whole line, as the scanner records it: the kubelet's refusal is one message whichever rule reads it.
      const start = text.lastIndexOf('\n', m.index) + 1;
      const end = text.indexOf('\n', m.index);
      const line = text.slice(start, end < 0 ? undefined : end).trim();
      facts.add({ id: 'config.cgroup_driver_mismatch', source, text: line });
      return;
    }
  }
  const kubelet = firstSetting(texts, kubeletDriver, (d) => `kubelet cgroup driver ${d}`);
  const runtime = firstSetting(texts, runtimeDriver, (d) => `runtime cgroup driver ${d}`);
  if (kubelet && runtime && kubelet.value !== runtime.value) {
    facts.add({
      id: 'config.cgroup_driver_mismatch',
      source: kubelet.source,
      text: `${kubelet.text} (${kubelet.source}) vs ${runtime.text} (${runtime.source})`,
    });
  }
}

/** A whole kubelet configuration: a KubeletConfiguration file or a kubelet command line with its flags. */
// Round 22: also the configz endpoint's JSON (`kubectl get --raw /api/v1/nodes/N/proxy/configz`: {"kubeletconfig":{…}},
// pkg/kubelet/server configz), whose reservations are "kubeReserved":{…}; an empty map reserves nothing.
const KUBELET_CONFIG =
  /\bkind:\s*KubeletConfiguration\b|"kind":\s*"KubeletConfiguration"|\{"kubeletconfig":\{|\bkubelet(?:\s+--[\w-]+(?:[= ]\S+)?){3,}/;
const RESERVED =
  /--(?:kube|system)-reserved[= ]\S|\b(?:kube|system)Reserved:(?!\s*\{\s*\})|"(?:kube|system)Reserved":\s*\{\s*"/;
// Round 22: the workload's memory said to fill the node, and reclaim taking it, are starvation for this check too.
const STARVATION: readonly FactId[] = [
  'mem.oom',
  'mem.exhausted',
  'mem.reclaim',
  'mem.workload_fills_node',
  'cpu.saturated',
  'pid.pressure',
];

function checkReserved(texts: readonly { source: string; text: string }[], facts: FactSet) {
  if (!facts.hasAny(STARVATION)) return;
  const configs = texts.filter((t) => KUBELET_CONFIG.test(t.text));
  const first = configs[0];
  if (!first || configs.some((t) => RESERVED.test(t.text))) return;
  facts.add({
    id: 'config.no_reserved',
    source: first.source,
    text: 'kubelet configuration without kube-reserved/system-reserved',
  });
}

/**
 * Kubelet flags removed by release, from the release notes: a kubelet of that release or later fails its flag parse
 * at start on any of them ("unknown flag: --network-plugin", cmd/kubelet/app/server.go) and exits.
 */
const REMOVED_KUBELET_FLAGS: readonly { since: string; flags: readonly string[]; ref: string }[] = [
  {
    since: '1.24.0',
    flags: [
      'network-plugin',
      'network-plugin-mtu',
      'cni-bin-dir',
      'cni-conf-dir',
      'cni-cache-dir',
      'docker-endpoint',
      'image-pull-progress-deadline',
      'experimental-dockershim-root-directory',
    ],
    ref: 'with dockershim, CHANGELOG-1.24, kubernetes#106907',
  },
  { since: '1.27.0', flags: ['container-runtime'], ref: 'CHANGELOG-1.27, kubernetes#114017' },
  { since: '1.27.0', flags: ['master-service-namespace'], ref: 'CHANGELOG-1.27, kubernetes#116015' },
];

/**
 * A line that hands flags to the kubelet: kubeadm's env file and the unit's Environment= (KUBELET_KUBEADM_ARGS,
 * KUBELET_EXTRA_ARGS), a kubelet command line, a distribution's kubelet-arg list (k3s, RKE2: flags without dashes).
 */
const KUBELET_ARGS_LINE = /KUBELET_[A-Z_]*ARGS|kubelet-arg|(?:^|[\s/])kubelet\s+--/;

/** The flag named as a flag: after its dashes (or an argument list's quote, bracket or comma), before its value. */
function passesFlag(line: string, flag: string): boolean {
  return new RegExp(`(?:--|[\\s"'\\[,])${flag}(?=[=\\s"',\\]]|$)`).test(line);
}

function checkRemovedFlags(
  bundle: EvidenceBundle,
  texts: readonly { source: string; text: string }[],
  facts: FactSet,
) {
  const kubelet = collectVersions(bundle).find((v) => v.component === 'kubelet');
  if (!kubelet) return;
  for (const removal of REMOVED_KUBELET_FLAGS) {
    if (kubeletVersionAtLeast(bundle, removal.since) !== true) continue;
    for (const { source, text } of texts) {
      for (const line of text.split('\n')) {
        if (!KUBELET_ARGS_LINE.test(line)) continue;
        const flag = removal.flags.find((f) => passesFlag(line, f));
        if (!flag) continue;
        facts.add({
          id: 'kubelet.config_error',
          source,
          text: `--${flag} is passed to kubelet ${kubelet.raw}, a release without it (removed in ${removal.since.replace(/\.0$/, '')}, ${removal.ref}): ${line.trim().slice(0, 200)}`,
        });
        return;
      }
    }
  }
}

/** The node's operating system as the Node reports it (nodeInfo.osImage). */
function checkWindows(bundle: EvidenceBundle, facts: FactSet) {
  if (/\bWindows\b/.test(bundle.osImage ?? ''))
    facts.add({ id: 'node.windows', source: 'osImage', text: bundle.osImage ?? '' });
}

export function extractConfigChecks(bundle: EvidenceBundle, facts: FactSet): void {
  const texts = bundleTexts(bundle);
  checkHeartbeat(bundle, texts, facts);
  checkCgroupDriver(texts, facts);
  checkReserved(texts, facts);
  checkRemovedFlags(bundle, texts, facts);
  checkWindows(bundle, facts);
}
