import type { CauseId } from '../schemas/diagnosis.ts';
import type { Weighted } from './causes/types.ts';
import type { FactId } from './facts.ts';
import type { VersionRange } from './version.ts';

/**
 * Known defects by release: reviewable data, one entry per upstream bug, each with the issue/PR that describes
 * it and the release that fixed it. A version alone never names a cause: an entry counts only when one of its
 * symptom sets is present, and then raises its cause (and lowers competing explanations a little, see
 * causes/*.ts). The extractor (extract/versions.ts) finds the versions; this file only says what they mean.
 */

/** Where a version comes from: a node component, or a distribution image that shipped one. */
export type DefectComponent =
  | 'kubelet'
  | 'containerd'
  | 'runc'
  | 'docker'
  | 'crio'
  | 'systemd'
  | 'kernel'
  | 'eks-ami';

/** The causes a known defect can belong to, each raised through its own fact. */
export const DEFECT_FACTS = {
  kubelet_defect: 'kubelet.known_defect',
  // A release that keeps a silent connection to the API server: why node_unreachable lasts, not a second cause.
  node_unreachable: 'kubelet.pinned_conn_release',
  runtime_down: 'runtime.known_defect',
  zombie_shim_hang: 'shim.known_defect',
  systemd_dbus_stall: 'systemd.known_defect',
  fd_exhaustion: 'fd.known_defect',
} as const satisfies Partial<Record<CauseId, FactId>>;
export type DefectCause = keyof typeof DEFECT_FACTS;

export interface KnownDefect {
  id: string;
  component: DefectComponent;
  /** Affected releases: the version is affected when it falls in any one range. */
  affected: readonly VersionRange[];
  /** For distribution kernels: the build the version must name (their release numbers only compare within one). */
  build?: RegExp;
  /** Builds of an affected version that do not carry the defect (a distribution's rebuild bundling another runc). */
  excludeBuild?: RegExp;
  /** Only with this feature gate enabled. */
  featureGate?: string;
  cause: DefectCause;
  /** What the node shows. */
  symptom: string;
  /** One line of mechanism. */
  mechanism: string;
  /** The release that fixed it, or what to do when nothing has. */
  fix: string;
  links: readonly string[];
  /** Any one of these fact sets, all present, is the symptom that lets the version count. */
  requires: readonly (readonly FactId[])[];
  /** Facts that point at another mechanism: with any of them the version is not counted. */
  unless?: readonly FactId[];
}

const K8S = 'https://github.com/kubernetes/kubernetes';
const CONTAINERD = 'https://github.com/containerd/containerd';
const RUNC = 'https://github.com/opencontainers/runc';
const EKS_AMI = 'https://github.com/awslabs/amazon-eks-ami';

/** Symptoms of a runtime whose container operations hang (what a stuck `runc init` produces). */
const RUNTIME_OP_HANG: readonly (readonly FactId[])[] = [
  ['runc.init_stuck'],
  ['pleg.stuck'],
  ['pleg.unhealthy'],
  ['runtime.container_cmd_hang'],
  ['runtime.op_timeout'],
  ['runtime.pods_stuck'],
];
/** Symptoms of one wedged shim: calls about one container hang, or its process cannot be reaped. */
const SHIM_HANG: readonly (readonly FactId[])[] = [
  ['runtime.container_cmd_hang'],
  ['runtime.selective_hang'],
  ['proc.zombie_shim'],
  ['runtime.pods_stuck'],
];
/**
 * A runc call that never returns, seen at the per-container layer: its init stage alive, calls about one container
 * or its shim hanging, a process of it in D state, pods held creating or terminating.
 */
const PER_CONTAINER_HANG: readonly (readonly FactId[])[] = [
  ['runc.init_stuck'],
  ['runtime.container_cmd_hang'],
  ['runtime.selective_hang'],
  ['runtime.shim_hang'],
  ['proc.dstate'],
  ['runtime.pods_stuck'],
];
/** The daemon's own CRI calls timing out: a runc hang that has blocked the runtime, not only one container. */
const DAEMON_TIMEOUTS: readonly FactId[] = [
  'runtime.op_timeout',
  'runtime.list_timeout',
  'runtime.cmd_hang',
  'runtime.status_timeout',
];
const DAEMON_BLOCKED: readonly (readonly FactId[])[] = [
  ...DAEMON_TIMEOUTS.map((id) => [id]),
  ['pleg.stuck'],
  ['pleg.unhealthy'],
];
const DESCRIPTORS_EXHAUSTED: readonly (readonly FactId[])[] = [
  ['fd.emfile'],
  ['fd.file_max'],
  ['fd.near_limit'],
];
/** Descriptors exhausted, or described growing steadily toward the limit: what a release with a leak shows first. */
const DESCRIPTORS_LEAKING: readonly (readonly FactId[])[] = [...DESCRIPTORS_EXHAUSTED, ['fd.growing']];
const WORKLOADS_HANG_IN_KERNEL: readonly (readonly FactId[])[] = [
  ['kernel.hung_task_runtime'],
  ['kernel.hung_task'],
  ['pleg.stuck'],
  ['pleg.unhealthy'],
];

export const KNOWN_DEFECTS: readonly KnownDefect[] = [
  {
    id: 'kubelet-relist-deadlock',
    component: 'kubelet',
    affected: [{ fixed: '1.14.0' }],
    cause: 'kubelet_defect',
    symptom: 'PLEG never becomes healthy again although the runtime answers',
    mechanism:
      'relist blocks sending to the full PLEG event channel while syncLoop, seeing PLEG unhealthy, stops draining it',
    fix: 'kubelet v1.14.0 (relist drops events when the channel is full)',
    links: [`${K8S}/issues/72482`, `${K8S}/pull/72709`],
    requires: [
      ['pleg.channel_full'],
      ['pleg.stuck', 'runtime.answers'],
      ['pleg.unhealthy', 'runtime.answers'],
    ],
    unless: ['runtime.cmd_hang', 'runtime.list_timeout', 'runtime.unreachable'],
  },
  {
    // Round 25. The in-tree AWS provider's NodeAddresses (pkg/cloudprovider/aws/aws.go) read the instance's public
    // address without checking it: an instance with none made it dereference nil. v0.18.0 made the kubelet register
    // its own Node, calling NodeAddresses at start, so the kubelet panicked there (kubernetes #9123, the trace at
    // aws.go:412 of v0.18.0); fixed by #9189 (June 2015, before v0.19.0 was cut).
    id: 'aws-node-addresses-no-public-ip-panic',
    component: 'kubelet',
    affected: [{ introduced: '0.18.0', fixed: '0.19.0' }],
    cause: 'kubelet_defect',
    symptom:
      'the kubelet crashes at start on AWS instances that have no public IP, so the node never registers',
    mechanism:
      "the AWS provider's NodeAddresses dereferences the instance's missing public address, and node self-registration (v0.18.0) calls it at every start",
    fix: 'kubelet v0.19.0 (#9189); or give the instance a public address',
    links: [`${K8S}/issues/9123`, `${K8S}/pull/9189`],
    requires: [['kubelet.cloud_lookup_failed']],
  },
  {
    // Round 25. In the 1.2 development line the AWS provider's NodeAddresses took the node's public-ipv4 from the
    // instance metadata service as required (commit 64aa189); the service answers 404 for an instance without one,
    // which the SDK reports as "UnknownError: unknown error", so the kubelet could not construct its Node ("Unable to
    // construct api.Node object for kubelet: failed to get node address from cloud provider") and never joined
    // (kubernetes #20280, #11543). #20372 treats the 404 as no public address; #20378 reads the private address
    // from the metadata; both merged before v1.2.0.
    id: 'aws-node-addresses-public-ipv4-required',
    component: 'kubelet',
    affected: [{ introduced: '1.2.0-alpha.0', fixed: '1.2.0' }],
    cause: 'kubelet_defect',
    symptom:
      'a kubelet on an AWS instance without a public IP logs "failed to get node address from cloud provider: UnknownError: unknown error" and its node never joins',
    mechanism:
      "the AWS provider treats the metadata service's 404 for public-ipv4 (an instance with no public address) as a failure of NodeAddresses, and the kubelet cannot build its Node without them",
    fix: 'kubelet v1.2.0 (#20372, #20378); on a 1.2 pre-release, a public address on the instance',
    links: [`${K8S}/issues/20280`, `${K8S}/issues/11543`, `${K8S}/pull/20372`, `${K8S}/pull/20378`],
    requires: [['kubelet.cloud_lookup_failed']],
  },
  {
    // Round 22. The kubelet's status path called the in-tree cloud provider for the node's addresses on every update
    // (kubelet.go setNodeAddress, then kubelet_node_status.go): to 1.7 a failed call failed the update, and to 1.10 a
    // call that hung held it (no timeout until #62543 in 1.11); 1.12's cloud resource sync manager (#65226) caches the
    // addresses off the status path. The failure logged inside the update is the symptom.
    id: 'kubelet-status-update-cloud-provider-call',
    component: 'kubelet',
    affected: [{ fixed: '1.12.0' }],
    cause: 'kubelet_defect',
    symptom:
      "node status updates fail or stop while the cloud provider's API or metadata service is unavailable, throttling or slow, though the API server is reachable",
    mechanism:
      "the status update asks the cloud provider for the node's addresses synchronously before it posts: the provider's error fails it, and a call that hangs holds it",
    fix: 'kubelet v1.12.0 (addresses fetched by a sync loop and cached, #65226; a timeout on the call in v1.11.0, #62543); or the external cloud provider',
    links: [
      `${K8S}/issues/43516`,
      `${K8S}/issues/46969`,
      `${K8S}/issues/65814`,
      `${K8S}/pull/62543`,
      `${K8S}/pull/65226`,
    ],
    requires: [['kubelet.cloud_lookup_failed']],
  },
  {
    // Round 22. The API server's patch handler checked a retried patch for a "meaningful conflict" against the object
    // it re-read, which the watch cache could serve stale for good: the kubelet's status patch then failed every
    // retry once the node controller had written the node. #63146 removed the check in 1.11; #66169 and #66171
    // backported it to 1.10 and 1.9 (the patch releases are not established here, so no 1.10 or 1.9 is excused).
    // The server's release is usually the kubelet's; the version read is the kubelet's.
    id: 'apiserver-patch-meaningful-conflict',
    component: 'kubelet',
    affected: [{ fixed: '1.11.0' }],
    cause: 'kubelet_defect',
    symptom:
      'the node stays NotReady/Unknown while the kubelet logs its status patch refused as "a meaningful conflict" at every retry',
    mechanism:
      "the API server compares the kubelet's retried status patch with a stale cached node and refuses it as a conflict every time",
    fix: 'kube-apiserver v1.11.0 (#63146), backports #66169 (1.10) and #66171 (1.9); a kubelet restart patches from a fresh read',
    links: [`${K8S}/issues/58002`, `${K8S}/pull/63146`, `${K8S}/pull/66169`, `${K8S}/pull/66171`],
    requires: [['kubelet.status_patch_conflict']],
  },
  {
    // Round 23. Before 1.0 RunKubelet logged a failed creation ("Failed to create kubelet: %s") and returned, and the
    // process went on blocking in Run with its health server up: no kubelet, no exit, no retry (#5092, #5411 on
    // 0.12). #5187 (0.13) made the kubelet wait up to 5 minutes for Docker, but NewMainKubelet still dialled Docker
    // for its image manager before that wait (#7762 on 0.16, milestone 1.0). By 1.0 RunKubelet returns the error
    // ("failed to create kubelet: %v") and the process exits for its supervisor to restart; the PR that changed the
    // return is not established here, so the fix is given as the release.
    id: 'kubelet-create-failure-no-retry',
    component: 'kubelet',
    affected: [{ fixed: '1.0.0' }],
    cause: 'kubelet_defect',
    symptom:
      'the node stays down after the runtime is back: the kubelet logged "Failed to create kubelet" (the runtime refusing or shutting down at its start) and its process lives on without serving',
    mechanism:
      "the kubelet's creation talks to the runtime before (or without) waiting for it, and a failed creation is only logged: the process neither retries nor exits",
    fix: 'kubelet v1.0.0 (the creation error returned and the process exits for its supervisor; #5187 waits for Docker in 0.13); until then order the kubelet after the runtime and restart it',
    links: [`${K8S}/issues/5092`, `${K8S}/issues/5411`, `${K8S}/issues/7762`, `${K8S}/pull/5187`],
    requires: [['kubelet.create_no_retry']],
  },
  {
    // Round 22. Deleting many multi-container pods at once filled the status manager's channel; an update for a pod
    // already gone from the API server blocked it, and SyncPods blocked on the status manager next: containers of
    // the deleted pods stayed running (#9833). #10182 fixed it before v1.0.0.
    id: 'kubelet-status-manager-channel-deadlock',
    component: 'kubelet',
    affected: [{ fixed: '1.0.0' }],
    cause: 'kubelet_defect',
    symptom: 'containers of deleted pods keep running on some nodes after many pods are deleted at once',
    mechanism:
      "the status manager's channel fills during a mass deletion and deadlocks; the sync loop blocks on it and kills nothing more",
    fix: 'kubelet v1.0.0 (#10182); until then restart the kubelet',
    links: [`${K8S}/issues/9833`, `${K8S}/pull/10182`],
    requires: [['kubelet.pods_not_killed'], ['kubelet.status_channel_full']],
    unless: ['runtime.cmd_hang', 'runtime.list_timeout', 'runtime.op_timeout', 'runtime.unreachable'],
  },
  {
    // Round 22. From 1.0 the periodic cleanup forced a status update for every terminated pod not yet deleted, every
    // two seconds: a batch deletion flooded the status manager's channel, and pods stayed Terminating for minutes.
    // #21438 and #21732 (1.2.0) force it only once the deletion timestamp is set.
    id: 'kubelet-status-channel-flood-batch-deletion',
    component: 'kubelet',
    affected: [{ introduced: '1.0.0', fixed: '1.2.0' }],
    cause: 'kubelet_defect',
    symptom:
      'pods deleted in a batch stay Terminating for minutes while the kubelet drops termination notices for a full status channel',
    mechanism:
      "the kubelet's cleanup routine queues a forced status update for every terminated pod every two seconds, filling the status manager's channel faster than it drains",
    fix: 'kubelet v1.2.0 (#21438, #21732)',
    links: [`${K8S}/issues/19037`, `${K8S}/pull/21438`, `${K8S}/pull/21732`],
    requires: [['kubelet.status_channel_full']],
  },
  {
    // Round 22. The housekeeping loop stopped delivering updates to the pod worker of a force-deleted pod once the
    // runtime returned an error during its termination, so the pod stayed Terminating until the kubelet restarted
    // (the pod worker rewrite of 1.22; fixed in 1.26.0 by #113145, backported to the supported branches, whose patch
    // releases are not established here).
    id: 'kubelet-force-deleted-pods-stuck-terminating',
    component: 'kubelet',
    affected: [{ introduced: '1.22.0', fixed: '1.26.0' }],
    cause: 'kubelet_defect',
    symptom: 'deleted pods stay Terminating until the kubelet is restarted',
    mechanism:
      "after a runtime error during a force-deleted pod's termination, housekeeping no longer hands the pod's updates to its worker, so the worker's state machine never finishes",
    fix: 'kubelet v1.26.0 (#113145); until then restart the kubelet',
    links: [`${K8S}/pull/113145`],
    requires: [['kubelet.pods_not_killed']],
    // The runtime's own hang holds pods Terminating too: with its timeouts in the evidence the release is not counted.
    unless: ['runtime.cmd_hang', 'runtime.list_timeout', 'runtime.op_timeout', 'runtime.unreachable'],
  },
  {
    id: 'kubelet-lease-renew-fixed-interval',
    component: 'kubelet',
    affected: [{ introduced: '1.14.0', fixed: '1.16.0' }],
    cause: 'kubelet_defect',
    symptom: 'the node flaps NotReady/Ready for seconds with a short --node-monitor-grace-period',
    mechanism:
      'with NodeLease on by default the kubelet renews its lease every hard-coded 10 s and ignores --node-status-update-frequency',
    fix: 'kubelet v1.16.0 (renew interval derived from the lease duration)',
    links: [`${K8S}/issues/80172`, `${K8S}/pull/80173`, `${K8S}/pull/80429`],
    requires: [['config.heartbeat_vs_grace']],
  },
  {
    // The health check reached 1.20.0 (#95981), 1.19.5 (#96778) and, late, 1.18.18 (#100376, CHANGELOG-1.18
    // "HTTP/2 connection health check is enabled by default"); the 1.18 releases before it are affected too, among
    // them the 1.18.10 and 1.18.12 of #96842, whose kubelets never reconnected after etcd had been read-only.
    id: 'kubelet-http2-stale-connection',
    component: 'kubelet',
    affected: [{ fixed: '1.18.18' }, { introduced: '1.19.0', fixed: '1.19.5' }],
    cause: 'kubelet_defect',
    symptom:
      'after a network blip the kubelet keeps failing with "use of closed network connection" until restarted',
    mechanism:
      'client-go keeps a dead HTTP/2 connection to the API server in its pool; without HTTP/2 health checks (ReadIdleTimeout) nothing closes it',
    fix: 'kubelet v1.20.0 / v1.19.5 / v1.18.18 (HTTP/2 health check enabled in client-go)',
    links: [
      `${K8S}/issues/87615`,
      `${K8S}/issues/96842`,
      `${K8S}/pull/95981`,
      `${K8S}/pull/96778`,
      `${K8S}/pull/100376`,
    ],
    requires: [['kubelet.stale_conn']],
  },
  {
    // client-go turned on x/net's HTTP/2 health check (ReadIdleTimeout 30 s, PingTimeout 15 s, in
    // apimachinery/pkg/util/net SetTransportDefaults) in 1.20.0 (#95981), 1.19.5 (#96778) and 1.18.18 (#100376);
    // 1.17 and older never got it. Without it a connection that goes silent (a server, its virtual address or its balancer failed over
    // without a reset) stays in the pool and every request multiplexed on it times out until the kernel aborts it
    // (tcp_retries2, ~15 min). From 1.11 the kubelet also closes its connections after repeated heartbeat failures
    // (#63492; the entry below covers the releases before it); what remains is the node cut off from the API server
    // for as long as the dead connection lasts, with nothing wrong on the node. The kubelet keeping a connection
    // already closed ("use of closed network connection") is the kubelet-defect entry above.
    id: 'kubelet-http2-no-health-check-pinned-connection',
    component: 'kubelet',
    affected: [
      { introduced: '1.11.0', fixed: '1.18.18' },
      { introduced: '1.19.0', fixed: '1.19.5' },
    ],
    cause: 'node_unreachable',
    symptom:
      'status and Lease updates time out for minutes (up to ~15) after an API server, its virtual address or its balancer fails over, on nodes that are otherwise healthy, then recover by themselves',
    mechanism:
      "client-go without the HTTP/2 health check keeps the kubelet's silent connection to the API server in its pool: requests on it time out until the kernel gives up retransmitting (net.ipv4.tcp_retries2, ~15 min)",
    fix: 'kubelet v1.20.0 / v1.19.5 / v1.18.18 (HTTP/2 health check on by default, HTTP2_READ_IDLE_TIMEOUT_SECONDS); before it, a lower net.ipv4.tcp_retries2 on nodes or a balancer that resets flows to a failed backend',
    links: [`${K8S}/issues/87615`, `${K8S}/pull/95981`, `${K8S}/pull/96778`, `${K8S}/pull/100376`],
    // The status or Lease updates timing out with no answer (a refusal or a reset is the far end answering), or the
    // connection seen dropped.
    requires: [['kubelet.api_timeout'], ['kubelet.api_conn_lost']],
    unless: ['kubelet.stale_conn', 'kubelet.dead', 'kubelet.auth_error', 'kubelet.node_identity'],
  },
  {
    // The same dead path as the entry above, before the kubelet closed its connections on failed heartbeats: the node
    // is cut off from the API server until the kernel drops the connection, with nothing wrong on it (node_unreachable's
    // mechanism, as blind-11's failovers read; the kubelet's fault is only that it does not notice sooner).
    id: 'kubelet-heartbeat-stuck-tcp-connection',
    component: 'kubelet',
    affected: [{ fixed: '1.11.0' }],
    cause: 'node_unreachable',
    symptom:
      'node status updates fail or stop for ~15 minutes on many nodes at once when an API server or its load balancer goes away uncleanly, then resume by themselves',
    mechanism:
      'the heartbeat reuses a TCP connection whose far end stopped acknowledging; nothing closes it until the kernel gives up retransmitting (net.ipv4.tcp_retries2, ~15 min)',
    fix: 'kubelet v1.11.0 (connections tracked and closed on heartbeat failure, #63492); before it, lower net.ipv4.tcp_retries2 on nodes',
    links: [`${K8S}/issues/48638`, `${K8S}/pull/52176`, `${K8S}/pull/63492`],
    requires: [['kubelet.api_timeout'], ['kubelet.api_conn_lost'], ['kubelet.stale_conn']],
  },
  {
    id: 'kubelet-heartbeat-conn-close-regression',
    component: 'kubelet',
    affected: [{ introduced: '1.14.0', fixed: '1.14.3' }],
    cause: 'kubelet_defect',
    symptom: 'heartbeats keep failing on the same broken connection',
    mechanism:
      'a 1.14 regression stopped the kubelet closing its API connections after failed heartbeats when client certificate rotation is off',
    fix: 'kubelet v1.14.3 (cherry-pick of #78016)',
    links: [`${K8S}/pull/78016`, `${K8S}/pull/78281`],
    requires: [['kubelet.stale_conn']],
  },
  {
    id: 'kubelet-cert-rotation-stale-credentials',
    component: 'kubelet',
    affected: [{ introduced: '1.7.0', fixed: '1.8.0' }],
    cause: 'kubelet_defect',
    symptom: 'the API server answers Unauthorized although the kubelet has rotated to a valid certificate',
    mechanism:
      'after rotating its client certificate the kubelet kept its open connections, which still carried the old, expired credentials',
    fix: 'kubelet v1.8.0 (connections are closed when the certificate rotates)',
    links: [`${K8S}/pull/49899`],
    requires: [['kubelet.auth_error']],
  },
  {
    id: 'kubelet-volume-reconstruction-static-pods',
    component: 'kubelet',
    affected: [{ introduced: '1.27.0', fixed: '1.27.2' }],
    cause: 'kubelet_defect',
    symptom:
      'after a reboot or kubelet restart the static pods (the API server among them on a control-plane node) never start, so the kubelet cannot register or post status',
    mechanism:
      'the NewVolumeManagerReconstruction feature gate, on by default in 1.27.0-1.27.1, rebuilds the volumes of pods found on disk by asking the API server, which on a control-plane node is itself a static pod waiting for its volumes',
    fix: 'kubelet v1.27.2 (the gate off by default again); before it, --feature-gates=NewVolumeManagerReconstruction=false',
    links: [`${K8S}/issues/117745`, `${K8S}/pull/117752`],
    requires: [['kubelet.volumes_not_mounted']],
  },
  {
    // Round 27 (r27-storage): before #82514 the kubelet's exec prober read a probe command's whole stdout and stderr
    // into memory (pkg/probe/exec/exec.go Probe: e.CombinedOutput(), the CRI path's ExecSync response unbounded, the
    // dockershim's buffer likewise), so a probe that prints without end grows the kubelet until the node has no memory
    // left. #82514 (1.17.0) reads at most 10 KiB (maxReadLength; later through ioutils.LimitWriter) and bounds the remote
    // CRI's and the dockershim's ExecSync at 16 MiB; its 1.16 cherry-pick #82687 merged after 1.16.1 was cut (the range
    // ends at v1.16.2 so that no release without it is excused); no earlier branch took it.
    id: 'kubelet-exec-probe-output-unbounded',
    component: 'kubelet',
    affected: [{ introduced: '1.0.0', fixed: '1.16.2' }],
    cause: 'kubelet_defect',
    symptom:
      "the kubelet's own memory grows to the node's whole memory (its resident set, the OOM killer choosing it) while a pod's exec probe prints without end",
    mechanism:
      "the kubelet's exec prober keeps a probe command's whole output in memory, so a probe that prints without end grows the kubelet until the node's memory is gone",
    fix: 'kubelet v1.17.0 / v1.16.2 (#82514, cherry-pick #82687: at most 10 KiB of probe output read, 16 MiB from the runtime); or make the probe command print little',
    links: [`${K8S}/issues/70890`, `${K8S}/pull/82514`, `${K8S}/pull/82687`],
    requires: [['kubelet.memory_leak'], ['kubelet.oom_victim'], ['kubelet.killed', 'mem.oom']],
  },
  {
    id: 'kubelet-evented-pleg',
    component: 'kubelet',
    affected: [{ introduced: '1.26.0' }],
    featureGate: 'EventedPLEG',
    cause: 'kubelet_defect',
    symptom: 'PLEG unhealthy with a full event channel, or pods that never settle (duplicate containers)',
    mechanism:
      'the Evented PLEG (CRI container events) misses or floods events, so pod status is stale and the kubelet recreates containers',
    fix: 'none: disable the EventedPLEG feature gate (back to alpha in v1.30; duplicate-container fix in #120942)',
    links: [`${K8S}/issues/121003`, `${K8S}/issues/121349`, `${K8S}/pull/120942`],
    // Round 27 (r27-storage): the gate on (featureGate above) with the node never Ready or its relist unhealthy, or
    // the runtime refusing the container-events stream the gate needs (GetContainerEvents, served from containerd
    // 1.7.0 and CRI-O 1.26.0): the gate's own failure to settle the node, not only its channel's overflow.
    requires: [
      ['pleg.evented_unhealthy'],
      ['runtime.pods_stuck'],
      ['pleg.unhealthy'],
      ['node.never_ready'],
      ['pleg.events_unsupported'],
    ],
  },
  {
    // Round 27 (r27-storage): the EventedPLEG gate on against a runtime that does not serve its container-events
    // stream. containerd's CRI plugin first implements GetContainerEvents in 1.7.0 (pkg/cri/server/container_events.go;
    // 1.6 answers Unimplemented); CRI-O first in 1.26.0 (server/container_events.go; 1.25's
    // server/cri/v1/rpc_container_events.go returned at once, "until actual support code is added"). The kubelet
    // retries the stream, then falls back to relisting with the gate's settings half applied.
    id: 'kubelet-evented-pleg-containerd-without-events',
    component: 'containerd',
    affected: [{ introduced: '1.0.0', fixed: '1.7.0' }],
    featureGate: 'EventedPLEG',
    cause: 'kubelet_defect',
    symptom:
      "with the EventedPLEG gate on, the node never turns Ready or its PLEG is unhealthy, the kubelet unable to hold containerd's container-events stream",
    mechanism:
      'the kubelet, with the EventedPLEG gate on, asks containerd for the GetContainerEvents stream that containerd serves only from 1.7.0; it retries and falls back to relisting',
    fix: 'turn the EventedPLEG gate off, or containerd v1.7.0 (GetContainerEvents served)',
    links: [`${K8S}/issues/121349`],
    requires: [['pleg.events_unsupported'], ['pleg.unhealthy'], ['node.never_ready']],
  },
  {
    id: 'kubelet-evented-pleg-crio-without-events',
    component: 'crio',
    affected: [{ introduced: '1.0.0', fixed: '1.26.0' }],
    featureGate: 'EventedPLEG',
    cause: 'kubelet_defect',
    symptom:
      'with the EventedPLEG gate on, the node never turns Ready or its PLEG is unhealthy, CRI-O serving no container-events stream',
    mechanism:
      'the kubelet, with the EventedPLEG gate on, asks CRI-O for the GetContainerEvents stream that CRI-O serves only from 1.26.0 (1.25 returns at once); it retries and falls back to relisting',
    fix: 'turn the EventedPLEG gate off, or CRI-O v1.26.0 (GetContainerEvents served)',
    links: [`${K8S}/issues/121349`],
    requires: [['pleg.events_unsupported'], ['pleg.unhealthy'], ['node.never_ready']],
  },
  {
    // pkg/kubelet/pleg/evented.go processCRIEvents read each container event's PodSandboxStatus without checking it;
    // containerd's CRI sends a container's stop or delete event with none when the container's sandbox is already
    // gone (a sandbox removed while a container of it was still being created, #114371). #114351 (1.27.0) drops
    // such events, cherry-picked to 1.26 as #115552 (merged for the February 2023 patch release; the range ends at
    // v1.26.3 so that no release without it is excused).
    id: 'kubelet-evented-pleg-nil-sandbox-panic',
    component: 'kubelet',
    affected: [{ introduced: '1.26.0', fixed: '1.26.3' }],
    featureGate: 'EventedPLEG',
    cause: 'kubelet_defect',
    symptom:
      'the kubelet panics (nil pointer dereference in the Evented PLEG) and restarts, around a container whose pod sandbox was removed',
    mechanism:
      'with the EventedPLEG gate on, the kubelet dereferences the sandbox status of each CRI container event, and the runtime sends none for a container whose sandbox is already gone',
    fix: 'kubelet v1.27.0 / the 1.26 cherry-pick #115552 (events without a sandbox status ignored); or turn the EventedPLEG gate off',
    links: [`${K8S}/issues/114371`, `${K8S}/pull/114351`, `${K8S}/pull/115552`],
    requires: [['kubelet.panic']],
  },
  {
    // Keyed to the layer it hangs: a `runc init` that never finishes leaves its shim's create or exec call open,
    // while the daemon keeps answering (round 9, class 7). RKE2 v1.19.8-v1.19.10 and v1.20.4-v1.20.6 bundle this
    // runc (distributions.ts), so their release string on the node counts as this version.
    id: 'runc-rc93-init-hang',
    component: 'runc',
    affected: [{ introduced: '1.0.0-rc93', fixed: '1.0.0-rc94' }],
    cause: 'zombie_shim_hang',
    symptom: 'containers stay Created, inspect/exec on them hangs, PLEG goes unhealthy and the node flaps',
    mechanism: '`runc init` deadlocks while loading the seccomp filter (a regression in rc93)',
    fix: 'runc v1.0.0-rc94',
    links: [
      `${RUNC}/issues/2865`,
      'https://github.com/moby/moby/pull/42388',
      'https://github.com/rancher/rke2/issues/977',
      'https://github.com/rancher/rke2/pull/1016',
    ],
    requires: PER_CONTAINER_HANG,
    unless: DAEMON_TIMEOUTS,
  },
  {
    id: 'runc-rc93-init-hang-daemon-blocked',
    component: 'runc',
    affected: [{ introduced: '1.0.0-rc93', fixed: '1.0.0-rc94' }],
    cause: 'runtime_down',
    symptom: "as runc-rc93-init-hang, with the daemon's own CRI calls timing out behind the stuck runc calls",
    mechanism:
      '`runc init` deadlocks while loading the seccomp filter; the runtime calls waiting on it pile up until the daemon stops answering in time',
    fix: 'runc v1.0.0-rc94',
    links: [`${RUNC}/issues/2865`, 'https://github.com/moby/moby/pull/42388'],
    requires: DAEMON_BLOCKED,
  },
  {
    id: 'containerd-io-1.4.4-runc-rc93',
    component: 'containerd',
    // K3s and RKE2 build their own containerd 1.4.4 (-k3sN) and ship runc separately (distributions.ts).
    excludeBuild: /-k3s\d/,
    affected: [{ introduced: '1.4.4', fixed: '1.4.5' }],
    cause: 'zombie_shim_hang',
    symptom: 'as runc-rc93-init-hang: the containerd.io 1.4.4 package ships runc 1.0.0-rc93',
    mechanism: 'the bundled `runc init` deadlocks while loading the seccomp filter',
    fix: 'containerd.io 1.4.5 with runc rc94, or containerd.io 1.4.3 (runc rc92)',
    links: [`${K8S}/issues/45419`, 'https://github.com/replicatedhq/kURL/pull/1346', `${RUNC}/issues/2865`],
    requires: PER_CONTAINER_HANG,
    unless: DAEMON_TIMEOUTS,
  },
  {
    id: 'containerd-io-1.4.4-runc-rc93-daemon-blocked',
    component: 'containerd',
    excludeBuild: /-k3s\d/,
    affected: [{ introduced: '1.4.4', fixed: '1.4.5' }],
    cause: 'runtime_down',
    symptom: "as containerd-io-1.4.4-runc-rc93, with the daemon's own CRI calls timing out",
    mechanism:
      'the bundled `runc init` deadlocks while loading the seccomp filter and the runtime calls waiting on it time out',
    fix: 'containerd.io 1.4.5 with runc rc94, or containerd.io 1.4.3 (runc rc92)',
    links: [`${K8S}/issues/45419`, 'https://github.com/replicatedhq/kURL/pull/1346', `${RUNC}/issues/2865`],
    requires: DAEMON_BLOCKED,
  },
  {
    id: 'eks-ami-v20210329-runc-rc93',
    component: 'eks-ami',
    affected: [{ introduced: '20210329', fixed: '20210414' }],
    cause: 'runtime_down',
    symptom: 'PLEG errors, nodes flapping Ready/NotReady, pods stuck creating or terminating on dense nodes',
    mechanism: 'the AMI updated runc to 1.0.0-rc93, whose `runc init` can deadlock',
    fix: 'EKS AMI v20210414 (runc pinned back to 1.0.0-rc92)',
    links: [`${EKS_AMI}/issues/648`, `${EKS_AMI}/pull/650`],
    // The AMI thread's reports were flapping nodes, often with nothing else to see.
    requires: [...RUNTIME_OP_HANG, ['node.flapping']],
  },
  {
    // The EKS AMI changelog: v20201112 shipped containerd 1.4.0 (with docker 19.03.13) on Amazon Linux 2, and
    // v20201117 "Downgraded containerd version to 1.3.2 to fix pods getting stuck in the Terminating state"
    // (amazon-eks-ami #564 for #563, where AWS reproduced it with exec readiness/liveness probes).
    id: 'eks-ami-v20201112-containerd-1.4.0-terminating',
    component: 'eks-ami',
    affected: [{ introduced: '20201112', fixed: '20201117' }],
    cause: 'zombie_shim_hang',
    symptom:
      'after moving to the v20201112 AMI, exec probes start failing and pods with probes stay Terminating; docker calls about those containers hang until the node is restarted',
    mechanism:
      "the AMI's containerd 1.4.0 under docker 19.03 leaves the exec calls of probes unfinished, and stopping the containers they ran in never completes",
    fix: 'EKS AMI v20201117 (containerd downgraded to 1.3.2); later AMIs ship a fixed containerd 1.4',
    links: [`${EKS_AMI}/issues/563`, `${EKS_AMI}/pull/564`],
    requires: [
      ['runtime.pods_stuck'],
      ['runtime.container_cmd_hang'],
      ['runtime.selective_hang'],
      ['runtime.shim_hang'],
    ],
  },
  {
    id: 'containerd-shim-reaper-deadlock',
    component: 'containerd',
    affected: [{ introduced: '1.2.0', fixed: '1.2.8' }],
    cause: 'zombie_shim_hang',
    symptom: 'one container never terminates; every call about it hangs; its shim stops answering',
    mechanism:
      'the shim reaper holds its lock while sending an exit to a subscriber that is itself waiting for that lock to unsubscribe',
    fix: 'containerd v1.2.8',
    links: [`${CONTAINERD}/pull/3529`, `${CONTAINERD}/issues/3617`],
    requires: SHIM_HANG,
  },
  {
    id: 'containerd-1.1-shim-exit-hang',
    component: 'containerd',
    affected: [{ introduced: '1.1.0', fixed: '1.1.5' }],
    cause: 'zombie_shim_hang',
    symptom: 'pods stuck Terminating; one shim is completely unresponsive and blocks the runtime',
    mechanism:
      'a shim misses its container exit and stays blocked, so kill/delete/state calls on it never return',
    fix: 'containerd v1.1.5',
    links: [`${CONTAINERD}/issues/2438`, `${CONTAINERD}/issues/2709`, `${CONTAINERD}/issues/2744`],
    requires: SHIM_HANG,
  },
  {
    id: 'docker-bundled-containerd-1.1-shim-hang',
    component: 'docker',
    affected: [{ introduced: '17.12.0', fixed: '18.09.0' }],
    cause: 'zombie_shim_hang',
    symptom: 'a container cannot be stopped, removed or exec-ed until its docker-containerd-shim is killed',
    mechanism: 'Docker 17.12-18.06 bundle docker-containerd 1.0/1.1, whose shims can hang on container exit',
    fix: 'Docker 18.09 or later (containerd 1.2.x; see containerd-shim-reaper-deadlock for 1.2 before 1.2.8)',
    links: [
      'https://github.com/moby/moby/issues/40145',
      `${CONTAINERD}/issues/3572`,
      `${CONTAINERD}/issues/2744`,
    ],
    requires: SHIM_HANG,
  },
  {
    id: 'containerd-shim-log-fd-leak',
    component: 'containerd',
    affected: [{ introduced: '1.2.0', fixed: '1.2.7' }],
    cause: 'fd_exhaustion',
    symptom: 'containerd holds FIFOs of deleted containers until it runs out of descriptors',
    mechanism:
      'the shim log FIFO is opened read-write, so its copy loop never sees EOF and the descriptor leaks',
    fix: 'containerd v1.2.7',
    links: [`${CONTAINERD}/pull/3266`],
    requires: DESCRIPTORS_EXHAUSTED,
  },
  {
    id: 'containerd-1.4-exec-pipe-leak',
    component: 'containerd',
    affected: [{ introduced: '1.4.0', fixed: '1.4.1' }],
    cause: 'fd_exhaustion',
    symptom: 'thousands of pipes held by containerd on nodes running exec health checks',
    mechanism:
      'containerd did not drain the shim log pipe; a per-exec log line filled it and exec pipes piled up',
    fix: 'containerd v1.4.1 (per-exec shim log lowered to debug)',
    links: [`${CONTAINERD}/issues/4641`, `${CONTAINERD}/issues/4509`, `${CONTAINERD}/pull/4519`],
    requires: DESCRIPTORS_EXHAUSTED,
  },
  {
    // runtime/v2/runc/v1/service.go and runtime/v2/runc/v2/service.go (*service).Start, v1.3.0-v1.3.2: the container's
    // cgroup was added to the shim's OOM epoller (s.ep.Add, one cgroup v1 memory.oom_control eventfd) on every
    // Start, an exec's as well as the init's, and never removed. 9456040a/66508589 (#3956, v1.4.0) register it only
    // for the init process; backported as #3961 in v1.3.3 ("Fix eventfd leak" in releases/v1.3.3.toml). The 1.2
    // shim registered it once, at create (setCgroup).
    id: 'containerd-1.3-shim-exec-eventfd-leak',
    component: 'containerd',
    affected: [{ introduced: '1.3.0', fixed: '1.3.3' }],
    cause: 'fd_exhaustion',
    symptom:
      'open descriptors (anon_inode:[eventfd]) grow in each runc v2 shim with every exec, fastest on nodes with exec probes, until descriptors run out',
    mechanism:
      "the runc v2 shims of containerd 1.3.0-1.3.2 register the container's cgroup for OOM events again on every exec start, each time opening an eventfd that is never closed (cgroup v1)",
    fix: 'containerd v1.3.3 (the OOM watch registered for the init process only)',
    links: [
      `${CONTAINERD}/pull/3956`,
      `${CONTAINERD}/pull/3961`,
      'https://github.com/moby/moby/issues/40258',
    ],
    requires: DESCRIPTORS_LEAKING,
  },
  {
    // pkg/sys/unshare_linux.go UnshareAfterEnterUserns, called by the CRI plugin for every sandbox with a user
    // namespace (internal/cri/server/sandbox_run_linux.go, pods with hostUsers: false), from v2.0.0-rc.5: the pidfd
    // os.StartProcess opens for its helper process was never closed. 45e02e1d (#12167, v2.2.0) closes it; backported
    // as 5bec0a33 (v2.0.7) and 5ef6ea74 (#12179, v2.1.5).
    id: 'containerd-2-userns-sandbox-pidfd-leak',
    component: 'containerd',
    affected: [
      { introduced: '2.0.0-rc.5', fixed: '2.0.7' },
      { introduced: '2.1.0', fixed: '2.1.5' },
    ],
    cause: 'fd_exhaustion',
    symptom:
      "containerd's open descriptors (anon_inode:[pidfd]) grow by one per pod started with a user namespace, until it hits its limit under pod churn",
    mechanism:
      'the CRI plugin starts a helper process to create each user-namespaced sandbox and never closes the pidfd it gets for it: one descriptor leaks per such pod',
    fix: 'containerd v2.0.7 / v2.1.5 / v2.2.0',
    links: [`${CONTAINERD}/issues/12166`, `${CONTAINERD}/pull/12167`, `${CONTAINERD}/pull/12179`],
    requires: DESCRIPTORS_LEAKING,
  },
  {
    // CRI-O's vendored containers/image (docker/docker_client.go makeRequestToResolvedURL, its retry on 429 Too Many
    // Requests from v1.15.3's vendoring on; docker/docker_image.go GetDigest; docker/docker_image_src.go
    // getExternalBlob) dropped HTTP responses without closing their bodies, so each rate-limited retry or digest
    // lookup kept a registry connection open. containers/image v5.5.3 and v5.10.6 close them: "bump containers/image
    // ... to fix some fd leaks", #4814 (v1.19.2) and #4815 (v1.20.3); no 1.18 or older release carries the fix.
    id: 'crio-image-pull-response-leak',
    component: 'crio',
    affected: [
      { introduced: '1.15.3', fixed: '1.19.2' },
      { introduced: '1.20.0', fixed: '1.20.3' },
    ],
    cause: 'fd_exhaustion',
    symptom:
      "crio's open sockets to a registry grow with image pulls, fastest against a registry that rate-limits (HTTP 429), until it runs out of descriptors",
    mechanism:
      "CRI-O's image library retries a rate-limited request, and looks up digests, without closing the previous response: every such request leaves a registry connection open in crio",
    fix: 'CRI-O v1.19.2 / v1.20.3 (containers/image v5.5.3 / v5.10.6)',
    links: ['https://github.com/cri-o/cri-o/pull/4814', 'https://github.com/cri-o/cri-o/pull/4815'],
    requires: DESCRIPTORS_LEAKING,
  },
  {
    // internal/oci/container.go (*Container).WaitOnStopTimeout, from 1.28.0 (be5bac87bb "oci: simplify stopping
    // code"): every StopContainer on a container already stopping sends its timeout on stopTimeoutChan (10 slots)
    // while holding stopLock, but once StopLoopForContainer has begun its kill loop nothing reads the channel. A
    // container that survives SIGKILL (a process in uninterruptible sleep) keeps the loop killing, the kubelet's
    // retried stops fill the channel, the next one blocks holding stopLock and the kill loop waits on that lock:
    // the container stays stopping, listed running, after its process and conmon are gone. Fixed by 1e751b490b
    // (stopKillLoopBegun; a non-blocking send), v1.34.0, backported to 1.33.3, 1.32.7 and 1.31.11; the 1.29 and 1.30
    // branches took the fix after their last tags.
    id: 'crio-stop-kill-loop-deadlock',
    component: 'crio',
    affected: [
      { introduced: '1.28.0', fixed: '1.31.11' },
      { introduced: '1.32.0', fixed: '1.32.7' },
      { introduced: '1.33.0', fixed: '1.33.3' },
    ],
    cause: 'zombie_shim_hang',
    symptom:
      'a container stuck stopping, still listed running after its process and its conmon are gone; stops and probes on it fail or time out',
    mechanism:
      "CRI-O's stop path blocks sending a stop timeout to a kill loop that no longer reads it, while holding the container's stop lock: the container's stop never finishes",
    fix: 'CRI-O v1.31.11 / v1.32.7 / v1.33.3 / v1.34.0',
    links: [
      'https://github.com/cri-o/cri-o/pull/9256',
      'https://github.com/cri-o/cri-o/pull/9327',
      'https://github.com/cri-o/cri-o/pull/9330',
      'https://github.com/cri-o/cri-o/pull/9331',
    ],
    requires: [
      ['runtime.running_without_process'],
      ['runtime.stop_blocked'],
      ['runtime.exec_process_gone'],
      ['runtime.kill_failed'],
      ['runtime.selective_hang'],
      ['runtime.container_cmd_hang'],
      ['proc.dstate'],
    ],
  },
  {
    // daemon/logger/loggerutils/logfile.go followLogs (json-file): with `docker logs --follow` (or a log shipper
    // following through the API) the follower never returned once its consumer went away, keeping the log file, a
    // pipe and an inotify watch open for good (moby #37391, labelled 18.03-18.09); #37576 and #37734 fixed it for
    // Docker 18.09.0 ("Fix json-log file descriptors leaking when using --follow", docker/engine#48).
    id: 'docker-json-log-follow-fd-leak',
    component: 'docker',
    affected: [{ introduced: '18.03.0', fixed: '18.09.0' }],
    cause: 'fd_exhaustion',
    symptom:
      "dockerd's open descriptors (deleted *-json.log files, pipes, inotify) grow with every `docker logs -f` that is interrupted, until it runs out of descriptors or inotify watches",
    mechanism:
      "the json-file driver's log follower does not return when its reader goes away, so each followed read leaks the log file, a pipe and an inotify watch",
    fix: 'Docker 18.09.0 (docker/engine#48, moby #37576 / #37734); until then restart dockerd',
    links: [
      'https://github.com/moby/moby/issues/37391',
      'https://github.com/moby/moby/pull/37576',
      'https://github.com/moby/moby/pull/37734',
      'https://github.com/docker/engine/pull/48',
    ],
    requires: [...DESCRIPTORS_LEAKING, ['fd.inotify']],
  },
  {
    // cmd/containerd-shim-runc-v2/task/service.go processExits: 892dc54b (v1.7.14, backported as v1.6.29's
    // 65915f0a) held back every exit of a container's processes while any exec of it was starting, to publish
    // exec exits before the init's; with several execs at once, exec exits were skipped and never published.
    // 6d00c3ad (#9999, v1.7.15 / v1.6.31 / v2.0.0-rc.1) defers only the init process's exit.
    id: 'containerd-shim-exec-exits-dropped',
    component: 'containerd',
    affected: [
      { introduced: '1.6.29', fixed: '1.6.31' },
      { introduced: '1.7.14', fixed: '1.7.15' },
      { introduced: '2.0.0-rc.0', fixed: '2.0.0-rc.1' },
    ],
    cause: 'zombie_shim_hang',
    symptom:
      'exec probes and `kubectl exec` into a container never return while the runtime answers everything else',
    mechanism:
      "the runc v2 shim deferred every process exit while an exec was starting, and with concurrent execs into one container some exec exits were never published, so the exec's waiters hang",
    fix: 'containerd v1.7.15 / v1.6.31 (only the init process exit is deferred)',
    links: [`${CONTAINERD}/pull/9999`, `${CONTAINERD}/pull/10037`, `${CONTAINERD}/pull/10038`],
    requires: [['runtime.container_cmd_hang'], ['runtime.selective_hang'], ['runtime.shim_hang']],
  },
  {
    // cmd/containerd-shim-runc-v2 task/service.go: #8617 (v1.7.3, backported to v1.6.22 as dbeec47b) had create()
    // hand an init that exited at once to handleStarted, which takes the service mutex create() already holds;
    // #9104 (v1.7.8 04491240, v1.6.25 5238a647) handles that exit without the lock.
    id: 'containerd-shim-create-early-exit-deadlock',
    component: 'containerd',
    affected: [
      { introduced: '1.6.22', fixed: '1.6.25' },
      { introduced: '1.7.3', fixed: '1.7.8' },
    ],
    cause: 'zombie_shim_hang',
    symptom:
      "a container whose process exits as it starts never leaves creating; every call to its shim hangs and the pod's teardown with it",
    mechanism:
      "the runc v2 shim's create handler, holding the service lock, handles an init that already exited through a path that takes the same lock: the shim deadlocks",
    fix: 'containerd v1.7.8 / v1.6.25',
    links: [
      `${CONTAINERD}/issues/9103`,
      `${CONTAINERD}/pull/9104`,
      `${CONTAINERD}/pull/9209`,
      `${CONTAINERD}/pull/9210`,
    ],
    requires: [...SHIM_HANG, ['runtime.shim_hang'], ['runtime.shim_blocked']],
  },
  {
    // runtime/v1/linux/task.go (*Task).Delete, the legacy v1 shim's (io.containerd.runtime.v1.linux, `containerd-shim`):
    // the CRI's exit handler retries a task delete that timed out (#8954, backported as #9003 to v1.7.4 and #9004 to
    // v1.6.24, a fix for the runc v2 shim only); the first, cut-short delete had already dropped the init process in
    // the shim, so the retry is answered FailedPrecondition ("container must be created") and Delete returned before
    // KillShim, leaving the shim behind for good. 44991285 (#9344, v1.7.9; #9345, v1.6.25) tolerates that answer.
    id: 'containerd-shimv1-delete-retry-leak',
    component: 'containerd',
    affected: [
      { introduced: '1.6.24', fixed: '1.6.25' },
      { introduced: '1.7.4', fixed: '1.7.9' },
    ],
    cause: 'zombie_shim_hang',
    symptom:
      'containerd-shim (v1) processes left on the node after their containers are gone, under heavy I/O or pod churn; "container must be created: failed precondition" in containerd\'s log',
    mechanism:
      'with the legacy v1 runtime, a task delete retried after a timeout is refused by the shim, and containerd returns before killing the shim: one shim leaks per container that hit it',
    fix: 'containerd v1.7.9 / v1.6.25; or move the runtime to io.containerd.runc.v2 (the v1 runtime is deprecated)',
    links: [
      `${CONTAINERD}/issues/9309`,
      `${CONTAINERD}/pull/9344`,
      `${CONTAINERD}/pull/9345`,
      `${CONTAINERD}/pull/9003`,
      `${CONTAINERD}/issues/7496`,
    ],
    requires: [['proc.shim_leftover'], ['runtime.shim_cleanup_failed']],
  },
  {
    // containerd.io 1.2.2-3.3 (like 1.2.2-3) is a packaging-only rebuild of containerd 1.2.2 that bundles the first
    // runc fix for CVE-2019-5736 (the binary cloned into a sealed memfd); on RHEL 7.6's 3.10.0-957 kernel its
    // sealing check failed and runc init re-cloned itself in a loop. runc #1984 (memfd cleanups) fixed it,
    // shipped with containerd 1.2.5 (runc 2b18fe1d, containerd #3081).
    id: 'containerd-io-1.2.2-3.3-runc-memfd-loop',
    component: 'containerd',
    build: /^v?1\.2\.2-3\.3(?:[.~][a-z]|$)/,
    affected: [{ introduced: '1.2.2', fixed: '1.2.3' }],
    cause: 'zombie_shim_hang',
    symptom: 'containers never start: `runc init` spins at full CPU, copying itself again and again',
    mechanism:
      "the bundled runc's CVE-2019-5736 fix clones its binary into a memfd and checks its seals; where the kernel's memfd lacks sealing the check fails and runc init loops cloning",
    fix: 'a containerd.io build bundling runc 2b18fe1d or later (runc #1984, containerd #3081, containerd 1.2.5)',
    links: [`${CONTAINERD}/issues/3027`, `${RUNC}/pull/1984`, `${CONTAINERD}/pull/3081`],
    requires: [
      ['runc.init_stuck'],
      ['runtime.pods_stuck'],
      ['runtime.op_timeout'],
      ['runtime.container_cmd_hang'],
    ],
  },
  {
    // libcontainer/cgroups/systemd/v1.go (*legacyManager).Set froze the unit's cgroup around SetUnitProperties;
    // runc 1.0.0's freezer took a slice frozen through its parent for frozen and left it so (runc #3085, #3093 in
    // 1.0.1; the skip-freeze knob in 1.0.2). The kubelet vendors this code for its pod and QoS slices.
    id: 'kubelet-vendored-runc-1.0-cgroup-freeze',
    component: 'kubelet',
    affected: [
      { introduced: '1.21.2', fixed: '1.21.5' },
      { introduced: '1.22.0', fixed: '1.22.2' },
    ],
    cause: 'kubelet_defect',
    symptom:
      'pods stop: their cgroups sit FROZEN in the freezer, probes and exec time out, nothing is logged (cgroup v1, systemd driver)',
    mechanism:
      "the kubelet's vendored runc libcontainer freezes a pod or QoS slice to update its systemd unit and, with a parent slice frozen at the same moment, leaves it frozen",
    fix: 'kubelet v1.21.5 / v1.22.2 (runc 1.0.2 vendored, #104530 / #104529); until then write THAWED to the slice',
    links: [`${K8S}/issues/104280`, `${K8S}/pull/104530`, `${K8S}/pull/104529`, `${RUNC}/pull/3085`],
    requires: [['cgroup.pods_frozen'], ['proc.frozen']],
  },
  {
    // libcontainer/cgroups/systemd startUnit: since runc #1124 (2016) systemd's UnitExists counts as success, so that
    // the kubelet can ensure a slice exists; rc95 wrapped the error before testing it, so the test never matched
    // (runc #2996, fixed by #2997 for 1.0.0; pod slices still failed until 1.0.2). Kubelet 1.21.2 vendored rc95
    // (#102676, "a regression in 1.21.2"); 1.21.5 and 1.22.2 vendor 1.0.2 (#104530, #104529). Whether any 1.20
    // patch release vendored rc95 is not established here, so 1.20 is not listed.
    id: 'kubelet-vendored-runc-unit-exists',
    component: 'kubelet',
    affected: [
      { introduced: '1.21.2', fixed: '1.21.5' },
      { introduced: '1.22.0', fixed: '1.22.2' },
    ],
    cause: 'kubelet_defect',
    symptom:
      'the kubelet exits at start on its QoS slices, or pods stay ContainerCreating, with systemd answering that a kubepods slice already exists (systemd cgroup driver)',
    mechanism:
      "the kubelet's vendored runc libcontainer (rc95 to 1.0.1) no longer ignores systemd's UnitExists when it starts a kubepods slice that is already there",
    fix: 'kubelet v1.21.5 / v1.22.2 (runc 1.0.2 vendored, #104530 / #104529); until then stop the leftover kubepods slices or reboot',
    links: [`${K8S}/issues/102676`, `${RUNC}/issues/2996`, `${K8S}/pull/104530`, `${K8S}/pull/104529`],
    requires: [['kubelet.cgroup_unit_exists']],
  },
  {
    // container_manager_linux.go buildContainerMapFromRuntime returned an error for a container whose sandbox the
    // runtime does not list (1.18, with the containermap package) until #108325 (1.24) logged and skipped it.
    id: 'kubelet-container-map-orphan-container',
    component: 'kubelet',
    affected: [{ introduced: '1.18.0', fixed: '1.24.0' }],
    cause: 'kubelet_defect',
    symptom:
      'the kubelet crash-loops at start with "failed to build map of initial containers from runtime: no PodsandBox found with Id"',
    mechanism:
      "the container manager's map of the runtime's containers treats one container whose sandbox is gone as fatal, at every start",
    fix: 'kubelet v1.24.0 (#108325 skips the container); until then remove the orphan container',
    links: [`${K8S}/pull/108325`, 'https://github.com/kubernetes/kubelet/issues/21', `${K8S}/issues/107115`],
    requires: [['kubelet.container_map']],
  },
  {
    // pkg/kubelet/util/pluginwatcher/plugin_watcher.go (*Watcher).Start: the first walk of the plugin root, a watch on
    // every directory, returned its failure and kubelet.go's initializeRuntimeDependentModules made it fatal
    // ("failed to start Plugin Watcher. err: %v"). The watcher is on by default from 1.12 (its gate removed); 1.12
    // walks /var/lib/kubelet/plugins as the registration root, 1.13-1.14 walk it as the deprecated root (#70494,
    // #71314). The plugin manager of 1.15 (#73891) logs the walk's failure and carries on; 1.17 (#84533) stops
    // walking the old root.
    id: 'kubelet-plugin-watcher-walks-volume-mounts',
    component: 'kubelet',
    affected: [{ introduced: '1.12.0', fixed: '1.15.0' }],
    cause: 'kubelet_defect',
    symptom:
      'the kubelet exits at every start with "failed to start Plugin Watcher ... failed to traverse ... plugin socket path", usually "no space left on device" on a directory inside a mounted volume',
    mechanism:
      'the plugin watcher walks /var/lib/kubelet/plugins, where volume plugins mount volumes, adding an inotify watch per directory, and treats the first it cannot add as a start failure',
    fix: "kubelet v1.15.0 (the walk's failure logged, #73891; the old root dropped in v1.17.0, #84533); until then unmount the volume or raise fs.inotify.max_user_watches",
    links: [`${K8S}/issues/74669`, `${K8S}/pull/70494`, `${K8S}/pull/73891`, `${K8S}/pull/84533`],
    requires: [['kubelet.plugin_walk']],
  },
  {
    // libcontainer/nsenter/cloned_binary.c try_bindfd (16612d74, v1.0.0-rc7): before each exec `runc init`
    // bind-mounts a read-only copy of its binary under its state directory and unmounts it after; removed by
    // b999376f (#3931, v1.2.0) and on the 1.1 branch by 614ce12f (#4392, v1.1.15).
    id: 'runc-bindfd-mount-churn',
    component: 'runc',
    affected: [{ introduced: '1.0.0-rc7', fixed: '1.1.15' }],
    cause: 'systemd_dbus_stall',
    symptom: 'systemd (PID 1) pinned at high CPU on a node with many exec probes; D-Bus calls to it are slow',
    mechanism:
      'every runc call mounts and unmounts a bind of its own binary, and systemd re-reads the whole mount table on each mount event',
    fix: 'runc v1.1.15 / v1.2.0 (bind-mount clone removed); fewer exec probes until then',
    links: [`${RUNC}/issues/3973`, `${RUNC}/pull/3931`, `${RUNC}/pull/4392`],
    requires: [['systemd.busy']],
  },
  {
    // runc e4ce94e2 ("libct/cg: add misc controller to v1 drivers", #3823, v1.1.6) put misc among the cgroup v1
    // subsystems runc joins and creates. A kubelet whose vendored libcontainer predates it (its systemd cgroup manager
    // lists the v1 subsystems it knows) does not find the pods' cgroups complete, keeps updating their slices over
    // D-Bus, and systemd, dbus-broker and the kubelet burn CPU and memory (runc #3849, kubernetes #117647). Fixed by
    // vendoring runc 1.1.6 in the kubelet (kubernetes #117241, #117242, #117681); cgroup v2 is not affected. Keyed to
    // runc's release, which is what a distribution's update names; later 1.1 releases keep misc, with kubelets of
    // that era vendoring it.
    id: 'runc-1.1.6-misc-cgroup-v1-kubelet-churn',
    component: 'runc',
    affected: [{ introduced: '1.1.6', fixed: '1.2.0' }],
    cause: 'systemd_dbus_stall',
    symptom:
      'after a runc update to 1.1.6 on cgroup v1 nodes, systemd, dbus-broker and the kubelet consume more and more CPU and memory under pod churn; slices time out being removed',
    mechanism:
      "runc 1.1.6 added the misc controller on cgroup v1, which the kubelet's vendored libcontainer did not know, so the kubelet's cgroup manager keeps churning systemd's units over D-Bus",
    fix: 'a kubelet that vendors runc 1.1.6 or later (kubernetes #117241, #117242, #117681), or runc 1.1.5 until the kubelet is upgraded; cgroup v2 avoids it',
    links: [`${RUNC}/issues/3849`, `${RUNC}/pull/3823`, `${K8S}/issues/117647`, `${K8S}/pull/117241`],
    requires: [['systemd.busy'], ['systemd.dbus_timeout']],
  },
  {
    id: 'runc-systemd-start-unit-no-timeout',
    component: 'runc',
    affected: [{ fixed: '1.0.0-rc6' }],
    cause: 'systemd_dbus_stall',
    symptom: 'runc hangs forever creating a container when systemd does not signal the new scope',
    mechanism: 'runc waited without a timeout for the StartTransientUnit job signal from systemd over D-Bus',
    fix: 'runc v1.0.0-rc6 (wait bounded; later 30 s and an error, runc#2614)',
    links: [`${RUNC}/pull/1754`, `${RUNC}/pull/2614`, `${RUNC}/issues/1959`],
    requires: [['systemd.dbus_timeout'], ['systemd.cmd_hang']],
  },
  {
    id: 'amzn2-kernel-5.4.217-workload-hang',
    component: 'kernel',
    build: /amzn2/,
    affected: [{ introduced: '5.4.217-126.408', fixed: '5.4.219-126.411' }],
    cause: 'zombie_shim_hang',
    symptom: 'PLEG errors after moving to EKS AMI v20221027; workloads hang',
    mechanism: 'a commit in Amazon Linux 2 kernel 5.4.217-126.408 made some workloads hang in the kernel',
    fix: 'kernel 5.4.219-126.411.amzn2 (EKS AMI v20221104)',
    links: [`${EKS_AMI}/issues/1071`, `${EKS_AMI}/pull/1072`, `${EKS_AMI}/pull/1086`],
    requires: WORKLOADS_HANG_IN_KERNEL,
  },
  {
    id: 'eks-ami-v20221027-kernel-hang',
    component: 'eks-ami',
    affected: [{ introduced: '20221027', fixed: '20221104' }],
    cause: 'zombie_shim_hang',
    symptom: 'PLEG errors on nodes from this AMI; workloads hang',
    mechanism: 'the AMI shipped Amazon Linux 2 kernel 5.4.217-126.408, which made some workloads hang',
    fix: 'EKS AMI v20221104 (kernel 5.4.219-126.411)',
    links: [`${EKS_AMI}/issues/1071`, `${EKS_AMI}/pull/1086`],
    requires: WORKLOADS_HANG_IN_KERNEL,
  },
  {
    // Round 20 (r20-runtime-storage): containers/storage registers the overlay driver under two names
    // (drivers/overlay/overlay.go MustRegister("overlay", …) and MustRegister("overlay2", …)) and gives each name its
    // own home (drivers/driver.go GetDriver: <graphroot>/<name>). A store made under one name and opened under the other
    // (CRI-O's storage_driver against storage.conf's driver, or a change of either) finds the layers its layers.json
    // records missing under the driver's directory: every sandbox's read-write layer fails on ENOENT. containers/storage
    // v1.38.0 (d96362289, "switch to overlay right away") maps storage.conf's overlay2 to overlay; CRI-O vendors it from
    // 1.25.0 (1.18-1.24 vendor v1.19-v1.37). CRI-O's own storage_driver option is passed through unmapped in every
    // release, so naming "overlay" in both files is the fix on any release.
    id: 'crio-storage-overlay2-alias',
    component: 'crio',
    affected: [{ introduced: '1.0.0', fixed: '1.25.0' }],
    cause: 'runtime_down',
    symptom:
      'every sandbox fails creating its read-write layer, a lookup under <graphroot>/overlay2 (or /overlay) finding nothing; often after a reboot or an upgrade that changed one of the two configuration files',
    mechanism:
      "the storage library treats overlay2 as a second name of the overlay driver with a directory of its own: CRI-O's storage_driver and storage.conf's driver naming the two forms look for the store's layers in different directories",
    fix: "name the driver overlay in both crio.conf's storage_driver and storage.conf's driver (containers/storage v1.38.0, in CRI-O 1.25.0, maps storage.conf's overlay2 to overlay)",
    links: ['https://github.com/containers/storage/pull/966', 'https://github.com/cri-o/cri-o/issues/3915'],
    requires: [['runtime.storage_layer_missing']],
  },
  {
    // Round 20: AL2023 AMI v20260505 ships containerd 2.2.3 (v20260423 shipped 2.2.1), which routes every image unpack
    // through the CRI's configured snapshotter (containerd/containerd#12835). With SOCI (FastImagePull) configured, the
    // pause image cached at build in overlayfs's store is unpacked again through SOCI, which fetches layer metadata from
    // ECR, whose credentials come from the kubelet's credential provider, which needs running pods: sandbox creation
    // deadlocks on every new node. nodeadm f2bdcc06 (#2717, in v20260512) imports the pause image into SOCI's store
    // before the kubelet starts.
    id: 'eks-ami-v20260505-soci-sandbox-unpack',
    component: 'eks-ami',
    affected: [{ introduced: '20260505', fixed: '20260512' }],
    cause: 'runtime_down',
    symptom:
      'new nodes with the SOCI snapshotter (FastImagePull) never Ready: every pod sandbox fails unpacking the pause image, the VPC CNI agent among them',
    mechanism:
      "the AMI's containerd 2.2.3 unpacks the sandbox image through the SOCI snapshotter, which needs registry credentials that only running pods provide: no sandbox can be made",
    fix: 'EKS AMI v20260512 (nodeadm imports the pause image into the SOCI snapshotter before the kubelet starts), or pin v20260423',
    links: [`${EKS_AMI}/issues/2712`, `${EKS_AMI}/pull/2717`],
    requires: [['runtime.sandbox_image_failed'], ['runtime.no_sandbox'], ['runtime.storage_layer_missing']],
  },
  {
    // Round 28 (r28-runtime): the kubelet's systemd cgroup driver is runc's libcontainer/cgroups/systemd, vendored, which
    // opens one system-bus connection and keeps it. After dbus-daemon restarts every call on it fails with godbus's
    // ErrClosed ("dbus: connection closed by user"). runc #2923 (47ef9a104, v1.0.0-rc94) reconnects and retries, but
    // only on errors it took for D-Bus errors (isDbusError), which ErrClosed is not; #3475 (0ca0bb9fe, v1.2.0) and its
    // backport #3476 (fc2a8fe13, v1.1.3) check ErrClosed itself. The kubelet vendors runc v1.1.3 from kubernetes
    // #110496 (1.25.0, "Fix dbus: connection closed by user error after dbus daemon restart"); its 1.24 backport,
    // #110751, was closed unmerged. Before, the kubelet fails every pod's cgroup until it is restarted.
    id: 'kubelet-dbus-no-reconnect',
    component: 'kubelet',
    affected: [{ introduced: '1.0.0', fixed: '1.25.0' }],
    cause: 'kubelet_defect',
    symptom:
      'after the system bus (dbus-daemon) was restarted, the kubelet fails to create pods\' cgroups with "dbus: connection closed by user" until the kubelet itself is restarted',
    mechanism:
      "the kubelet's vendored runc systemd cgroup manager keeps its first system-bus connection and does not reconnect when the bus daemon restarts (runc's retry, from v1.0.0-rc94, missed godbus's ErrClosed until v1.1.3)",
    fix: 'restart the kubelet; kubelet 1.25.0 (runc v1.1.3 vendored, kubernetes #110496) reconnects',
    links: [`${K8S}/issues/100328`, `${K8S}/pull/110496`, `${RUNC}/pull/3475`],
    requires: [['systemd.dbus_disconnected']],
    // The bus itself not answering (calls timing out, systemctl hanging) is the bus stalled, not a connection left
    // closed after a restart.
    unless: ['systemd.dbus_timeout', 'systemd.cmd_hang'],
  },
  {
    // Round 29 (r29-runtime): the kubelet's embedded cAdvisor talks to containerd through containerd's client library
    // (container/containerd/client.go). cAdvisor v0.37.0 (4cf2f01a, grpc.WithConnectParams) set only BaseDelay and
    // MaxDelay of a zero backoff.Config, so its Multiplier was 0: after one failed dial every retry waits zero, and
    // once containerd restarts the client redials its socket in a tight loop ("transport: Error while dialing dial
    // unix:///run/containerd/containerd.sock: timeout" flooding the kubelet's log), the kubelet burning its CPU and
    // the node NotReady until the kubelet is restarted (kubernetes #95727). cadvisor #2749 starts from
    // backoff.DefaultConfig (v0.37.3, v0.38.6); kubernetes #97176 (1.19.6), #97175 (1.20.1) and #97174 (1.21.0) vendor
    // them. Kubelets 1.18 and before vendored cAdvisor v0.36 or older (grpc.WithBackoffMaxDelay), not affected.
    id: 'kubelet-cadvisor-redial-flood',
    component: 'kubelet',
    affected: [
      { introduced: '1.19.0', fixed: '1.19.6' },
      { introduced: '1.20.0', fixed: '1.20.1' },
    ],
    cause: 'kubelet_defect',
    symptom:
      'after containerd restarts, the kubelet\'s log floods with "transport: Error while dialing dial unix:///run/containerd/containerd.sock" and the kubelet uses a full CPU; the node stays NotReady until the kubelet is restarted',
    mechanism:
      "the kubelet's embedded cAdvisor (v0.37.0-v0.37.2, v0.38.0-v0.38.5) redials containerd with a zero backoff multiplier: after containerd restarts its gRPC client retries in a tight loop and the kubelet does not recover",
    fix: 'restart the kubelet; kubelet 1.19.6, 1.20.1 or 1.21.0 (cAdvisor v0.37.3 / v0.38.6, kubernetes #97176, #97175, #97174)',
    links: [
      `${K8S}/issues/95727`,
      `${K8S}/pull/97176`,
      `${K8S}/pull/97175`,
      `${K8S}/pull/97174`,
      'https://github.com/google/cadvisor/pull/2749',
    ],
    requires: [['kubelet.containerd_redial']],
    // containerd shown down in its own right (failing at start, its unit failed or stopped, not enabled at boot): the
    // redials are that outage's, not a kubelet that failed to reconnect to a containerd back up.
    unless: [
      'runtime.start_failed',
      'runtime.unit_failed',
      'runtime.restart_limit',
      'runtime.not_enabled',
      'runtime.service_stopped',
    ],
  },
  {
    // Round 28 (r28-runtime): the kubelet's image garbage collection skips only the images the runtime reports pinned
    // (image_gc_manager.go freeSpace, CRI Image.pinned); the --pod-infra-container-image flag that once kept the
    // sandbox image was deprecated in 1.27 ("Image garbage collector will get sandbox image information from CRI")
    // and removed in 1.35. containerd's CRI plugin first labels the sandbox image pinned (io.cri-containerd.pinned,
    // reported as Pinned in ImageStatus and ListImages) in fe4f8bd88 ("Pinned image support", #7944, 2.0), backported
    // as 699d6701a (#8718, v1.7.3) and f4713aad0 (#8720, v1.6.22). Before them the kubelet collects the pause image
    // under disk pressure like any unused image, and a node that cannot pull it back (a private registry without
    // credentials, an air-gapped node) creates no sandbox. The label is set when the CRI plugin pulls the image: an
    // image imported or cached outside the CRI is not pinned even on a fixed release (EKS AMI #1597, fixed in AMI
    // v20240202 by pulling it with crictl, #1605).
    id: 'containerd-sandbox-image-not-pinned',
    component: 'containerd',
    affected: [
      { introduced: '1.0.0', fixed: '1.6.22' },
      { introduced: '1.7.0', fixed: '1.7.3' },
    ],
    cause: 'runtime_down',
    symptom:
      "every new pod's sandbox fails on the sandbox (pause) image after the kubelet's image garbage collection ran: the image is gone from the node and its pull is refused or unreachable",
    mechanism:
      "containerd before 1.6.22 and 1.7.3 does not report the sandbox image pinned, so the kubelet's image garbage collection removes it like any unused image; the runtime cannot make a sandbox until it can pull it again",
    fix: 'containerd v1.6.22 or v1.7.3 (the sandbox image reported pinned), pulling the sandbox image through the CRI (crictl pull) rather than importing it; meanwhile pull or import it again, with the registry credentials the node needs',
    links: [
      `${CONTAINERD}/pull/7944`,
      `${CONTAINERD}/pull/8718`,
      `${CONTAINERD}/pull/8720`,
      `${EKS_AMI}/issues/1597`,
    ],
    requires: [
      ['runtime.sandbox_image_failed', 'kubelet.image_gc_removed'],
      ['runtime.no_sandbox', 'kubelet.image_gc_removed'],
    ],
  },
  {
    // Round 21 (r21-runtime-words). internal/oci/runtime_oci.go (*runtimeOCI).StopContainer takes the container's
    // opLock and keeps it while it waits out the stop timeout (the pod's grace period); server/container_status.go
    // ContainerStatus read the state with c.State(), which takes the same lock: the relist's status call for that
    // container waited out the grace period. e265ad0ce6 ("server/ContainerStatus: don't lock for c.State()",
    // c.StateNoLock(), #3457) is in v1.15.4, v1.17.2 and v1.18.0; no 1.16 tag carries it.
    id: 'crio-status-waits-on-stop-lock',
    component: 'crio',
    affected: [
      { introduced: '1.0.0', fixed: '1.15.4' },
      { introduced: '1.16.0', fixed: '1.17.2' },
    ],
    cause: 'zombie_shim_hang',
    symptom:
      "the node NotReady (PLEG not healthy) for as long as one container's termination grace period, Ready again when that container's stop ends",
    mechanism:
      "CRI-O's ContainerStatus waits on the container's opLock, which StopContainer holds for the whole stop timeout: the kubelet's relist stalls on that one container",
    fix: 'CRI-O v1.15.4 / v1.17.2 / v1.18.0 (ContainerStatus reads the state without the lock)',
    links: ['https://github.com/cri-o/cri-o/issues/3455', 'https://github.com/cri-o/cri-o/pull/3457'],
    requires: [
      ['runtime.waits_on_stop'],
      ['runtime.force_kill', 'pleg.unhealthy'],
      ['runtime.force_kill', 'pleg.stuck'],
    ],
  },
  {
    // Round 21 (r21-runtime-words). moby daemon/list.go reduceContainers took each container's lock
    // (container.Lock()) to build the listing until v17.07.0-ce, which reads a snapshot of the in-memory view
    // (daemon.containersReplica, #31273 "stop grabbing container locks during ps"); daemon/kill.go killWithSignal holds the same lock around containerd's
    // Signal. One container's kill or stop that does not return holds `docker ps`, and the kubelet's listing with it.
    id: 'docker-list-waits-on-container-lock',
    component: 'docker',
    affected: [{ introduced: '1.0.0', fixed: '17.07.0' }],
    cause: 'zombie_shim_hang',
    symptom: "`docker ps` (and the kubelet's listing) hangs while one container is being stopped or killed",
    mechanism:
      "dockerd's listing takes every container's lock, and a stop or kill that does not return holds one of them: the list waits on that one container",
    fix: 'Docker 17.07 or later (the listing reads a snapshot, not the containers under their locks)',
    links: ['https://github.com/moby/moby/pull/31273'],
    requires: [['runtime.waits_on_stop']],
  },
];

export const DEFECT_BY_ID = new Map(KNOWN_DEFECTS.map((d) => [d.id, d]));

/** How much a matched defect of another cause lowers this one: it explains the symptom a little better. */
const COMPETING_WEIGHT = 0.5;

/** The other causes' defect facts, as `against` weights of this cause. */
export function competingDefects(own: CauseId): Weighted[] {
  return Object.entries(DEFECT_FACTS)
    .filter(([cause]) => cause !== own)
    .map(([, fact]) => ({ fact, weight: COMPETING_WEIGHT }));
}
