import type { Missing } from '../schemas/diagnosis.ts';
import type { FactId, FactSet } from './facts.ts';

/**
 * Round 29 (r29-controlplane): what to ask for when a node is cut off from the control plane's view by something
 * beyond the node (accuracy.md, round 29's class 9):
 *
 * - a controller that relays nodes' status to the API server (KubeEdge's cloudcore, OpenYurt's yurthub and
 *   yurt-manager, a virtual-kubelet provider) said or seen unable to reach it: such a controller runs in a pod and
 *   reaches the API server by its service name (client-go's rest.InClusterConfig uses KUBERNETES_SERVICE_HOST, and the
 *   controllers' kubeconfigs often name https://kubernetes.default.svc), which the cluster DNS resolves; resolving
 *   the name from the controller's pod, the DNS pods' state and the service's endpoints say which link failed;
 * - a node's Lease and status updates said stopped while the node itself is said healthy (its CPU, memory, disk,
 *   network normal): the updates are the kubelet's writes to the API server, which waits on its datastore for each,
 *   so the API server's request latency (apiserver_request_duration_seconds, by verb and resource), the datastore's
 *   WAL fsync latency (etcd_disk_wal_fsync_duration_seconds; etcd's tuning guide wants its p99 under 10 ms) and each
 *   member's state (etcdctl endpoint status --cluster) say whether the control plane's side held them up.
 */

/** The controllers that post nodes' status on their behalf, named in a bundle's words or program output. */
const RELAY_NAMED =
  /\b(?:cloudcore|CloudCore|edge ?controller|EdgeController|edgecontroller|device ?controller|yurt-?hub|YurtHub|yurt-manager|virtual-kubelet|Virtual Kubelet)\b/;
/** Its calls to the API server failing: Go's dial and resolver errors, or people's words for the same. */
const API_UNREACHED =
  /dial tcp|i\/o timeout|no such host|connection refused|server misbehaving|TLS handshake timeout|(?:can ?not|can't|could ?n[o']t|unable to|fails? to|failed to) (?:reach|connect to|talk to|list)[^\n.;]{0,30}(?:API ?server|apiserver|kube-apiserver|kubernetes(?:\.default)?)/i;
/** Name resolution from inside the cluster, or the cluster DNS's own state, already in the bundle. */
const RESOLUTION_SHOWN =
  /nslookup|\bdig\b|server can't find|Non-authoritative answer|\bAddress(?:es)?: +[0-9]|coredns-[0-9a-z]+-[0-9a-z]+ +[0-9]+\/[0-9]+|kube-dns-[0-9a-z]+ +[0-9]+\/[0-9]+/;

function relayAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  const relay = facts.has('relay.apiserver_unreachable') || (any(RELAY_NAMED) && any(API_UNREACHED));
  if (!relay || any(RESOLUTION_SHOWN)) return [];
  return [
    {
      what: "name resolution of the API server's service name from the relaying controller's pod, the cluster DNS pods' state and logs, and the API server service's endpoints",
      why: "a controller that relays nodes' status (KubeEdge's cloudcore, yurthub, a virtual-kubelet provider) cannot reach the API server: it runs in a pod and reaches the server by its service name, which the cluster DNS resolves; while the name does not resolve (the DNS pods down, not ready or unreachable from its node) or the service's endpoints are wrong, the nodes it relays go NotReady although their own link to it is up",
      how: 'kubectl -n NAMESPACE exec CONTROLLER_POD -- nslookup kubernetes.default.svc; kubectl -n NAMESPACE exec CONTROLLER_POD -- cat /etc/resolv.conf; kubectl -n kube-system get pods -l k8s-app=kube-dns -o wide; kubectl -n kube-system logs -l k8s-app=kube-dns --tail 50; kubectl get svc kubernetes -o wide; kubectl get endpointslices -l kubernetes.io/service-name=kubernetes',
    },
  ];
}

/** The node's Lease or status updates said stopped (EN, ZH, JA, KO). */
const UPDATES_STOPPED =
  /stopped posting|(?:lease|heartbeat|status update)s?[^\n.;]{0,40}(?:stopped|not (?:being )?(?:renewed|updated)|no longer (?:renewed|updated)|stale|expired|failed|fail(?:s|ing)?)|(?:stopped|stop) (?:renewing|updating|sending)[^\n.;]{0,20}(?:lease|status|heartbeat)|(?:租约|心跳|状态更新|狀態更新)[^\n。；]{0,15}(?:停止|没有更新|沒有更新|未更新|不再更新|失败|失敗|超时)|(?:リース|ハートビート|ステータス)[^\n。]{0,15}(?:更新されな|止ま|途絶|失敗)|(?:lease|리스|하트비트|상태 ?업데이트)[^\n.]{0,20}(?:중단|멈|실패|갱신되지|확보하지|못)/i;
/** The node itself said healthy: its CPU, memory, disk or network normal (EN, ZH, JA, KO). */
const NODE_SAID_HEALTHY =
  /\b(?:CPU|memory|disk|network|load|resources?)\b[^\n.;]{0,40}\b(?:normal|healthy|fine|OK|okay|low|nominal|look(?:s|ed)? good)\b|(?:CPU|内存|記憶體|磁盘|磁碟|网络|網路|资源|資源)[^\n。；]{0,15}(?:正常|健康|没问题|沒問題)|(?:CPU|メモリ|ディスク|ネットワーク|リソース)[^\n。]{0,15}(?:正常|問題な|余裕)|(?:CPU|메모리|디스크|네트워크|리소스)[^\n.]{0,30}(?:정상|문제 ?없)/i;
/** What would already answer it: the control plane's side named or measured. */
const CONTROL_PLANE_ANSWERED: readonly FactId[] = [
  'etcd.slow_disk',
  'etcd.unavailable',
  'etcd.starved',
  'etcd.fatal_exit',
  'etcd.member_slow',
  'datastore.watch_failed',
  'datastore.locked',
  'apiserver.down',
  'apiserver.proxy_failed',
  'apiserver.failover',
  'relay.apiserver_unreachable',
  'edge.cloud_link_lost',
];
/** The latencies already in the bundle. */
const LATENCY_SHOWN =
  /apiserver_request_duration_seconds|etcd_disk_wal_fsync_duration_seconds|etcd_disk_backend_commit_duration_seconds|endpoint status|RAFT TERM|DB SIZE/;

function updatesStoppedAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  const stopped =
    facts.has('node.status_unknown') || facts.has('kubelet.lease_expired') || any(UPDATES_STOPPED);
  if (!stopped || !any(NODE_SAID_HEALTHY) || facts.hasAny(CONTROL_PLANE_ANSWERED) || any(LATENCY_SHOWN))
    return [];
  return [
    {
      what: "the API server's request latency and errors around the time the updates stopped, the datastore's WAL fsync latency, and each datastore member's status",
      why: "the node's Lease and status updates stopped while the node itself is said healthy: those updates are the kubelet's writes to the API server, which waits on its datastore for each one; an API server slow to answer (its datastore's disk too slow to sync its log, a member lagging) times them out and the node is marked NotReady although it runs. The latencies say whether the control plane's side held them up",
      how: 'kubectl get --raw /metrics | grep -E \'^apiserver_request_duration_seconds_(sum|count)\\{[^}]*resource="(leases|nodes)"\'; histogram_quantile(0.99, sum by (le, verb, resource) (rate(apiserver_request_duration_seconds_bucket{resource=~"leases|nodes"}[5m]))); histogram_quantile(0.99, sum by (le, instance) (rate(etcd_disk_wal_fsync_duration_seconds_bucket[5m]))); ETCDCTL_API=3 etcdctl endpoint status --cluster -w table; kubectl -n kube-system logs -l component=etcd --tail 200 | grep -E \'took too long|slow fdatasync|leader\'',
    },
  ];
}

/** `any`: whether any of the bundle's texts holds a pattern (diagnose.ts makes it once for every ask). */
export function controlPlaneAsks(any: (pattern: RegExp) => boolean, facts: FactSet): Missing[] {
  return [...relayAsks(any, facts), ...updatesStoppedAsks(any, facts)];
}
