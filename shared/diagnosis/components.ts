/** The program a log line came from, as far as the engine can tell. */
export type Component =
  | 'kubelet'
  | 'dockerd'
  | 'containerd'
  | 'crio'
  | 'shim'
  | 'runc'
  | 'kernel'
  | 'systemd'
  | 'network'
  | 'controlplane'
  | 'relay'
  | 'app'
  | 'unknown';

/** The daemons whose own failures can take a node down; an `app` line never counts as one of these. */
export const NODE_DAEMONS: readonly Component[] = [
  'kubelet',
  'dockerd',
  'containerd',
  'crio',
  'shim',
  'runc',
  'systemd',
  'kernel',
];

/** Journal identifiers of the programs that run the kubelet inside their own process. */
const EMBEDDING_AGENTS: ReadonlySet<string> = new Set([
  'k3s',
  'k3s-server',
  'k3s-agent',
  'rke2',
  'rke2-server',
  'rke2-agent',
  'kubelite',
  'microk8s.daemon-kubelite',
  'snap.microk8s.daemon-kubelite',
  'edgecore',
]);

/** An identifier holding the word kubelet (between separators), a launcher's or a unit's. */
const KUBELET_LAUNCHER = /(?:^|[-_.])kubelet(?:$|[-_.])/;
const KUBELET_ADDON = /approver|rubber-?stamp|csr|exporter/;

/**
 * The control plane's programs, by journal identifier or by the name a sender gave their log (`controllerManager`,
 * `kube-controller-manager`): what they write is the cluster's view of a node (the node lifecycle controller's
 * heartbeat bookkeeping, its own watches), never a node daemon's own failure.
 */
const CONTROL_PLANE = /^(?:kube-?)?(?:controller-?manager|apiserver|scheduler)$|^cloud-?controller-?manager$/;

/**
 * Round 29 (r29-controlplane): the controllers that post nodes' status to the API server on their behalf, by journal
 * identifier or by the name a sender gave their log: KubeEdge's cloudcore (its edgecontroller and devicecontroller
 * modules relay the edge nodes' status that cloudhub receives), OpenYurt's yurthub (the edge kubelet's requests go
 * through it) and yurt-manager, virtual-kubelet providers. Their client-go lines (a reflector failing to list Nodes)
 * are theirs, neither the kubelet's nor the controller manager's.
 */
const RELAY =
  /^(?:cloudcore|edge-?controller|device-?controller|yurt-?hub|yurt-?manager|yurt-controller-manager|virtual-?kubelet)$/;

/** Maps a syslog/journald identifier (`kubelet`, `dockerd`, `systemd-networkd`...) to a component. */
export function componentOfTag(tag: string): Component {
  // RHEL/CentOS package builds log as dockerd-current / docker-containerd-current.
  const t = tag.toLowerCase().replace(/-current$/, '');
  // OpenShift 3 ran the kubelet inside its node binary (origin-node, atomic-openshift-node); OpenShift 4 starts it
  // through kubenswrapper (its journal identifier). The agents that embed the kubelet log its lines under their own
  // identifier: k3s and rke2 (server and agent, one process with the API server and etcd on a server), MicroK8s'
  // kubelite (microk8s.daemon-kubelite, the snap's app name), KubeEdge's edgecore (edged is the kubelet). Their
  // lines are the kubelet's for the rules that read a component; the API server's and etcd's messages in the same
  // journal are read by rules that take any component.
  if (RELAY.test(t)) return 'relay';
  if (EMBEDDING_AGENTS.has(t)) return 'kubelet';
  // Round 28 (r28-runtime): a launcher or unit named after the kubelet (a distribution's forker or wrapper script,
  // d8-kubelet-forker; the older MicroK8s snap's microk8s.daemon-kubelet; a container named kubelet, as RKE runs it)
  // writes the kubelet's own lines under its identifier. The cluster's add-ons named after the kubelet's certificates
  // (kubelet-csr-approver, kubelet-serving-cert-approver, kubelet-rubber-stamp) are applications.
  if (KUBELET_LAUNCHER.test(t) && !KUBELET_ADDON.test(t)) return 'kubelet';
  if (
    t === 'kubelet' ||
    t.startsWith('kubelet-') ||
    t === 'hyperkube' ||
    t === 'origin-node' ||
    t === 'atomic-openshift-node' ||
    t === 'kubenswrapper'
  )
    return 'kubelet';
  if (CONTROL_PLANE.test(t)) return 'controlplane';
  // cri-dockerd is dockerd's CRI face (the dockershim moved out of the kubelet): its failures are the runtime's, and
  // as 'app' its own "too many open files" would be discounted as an application's.
  if (t === 'dockerd' || t === 'docker' || t === 'cri-dockerd' || t === 'cri-docker') return 'dockerd';
  if (t.includes('shim')) return 'shim';
  if (t === 'containerd' || t === 'docker-containerd') return 'containerd';
  if (t === 'crio' || t === 'cri-o' || t === 'conmon') return 'crio';
  if (t === 'runc') return 'runc';
  if (t === 'kernel') return 'kernel';
  if (t === 'systemd-networkd' || t === 'networkmanager' || t === 'network' || t === 'dhclient')
    return 'network';
  if (t === 'systemd' || t.startsWith('systemd-') || t.startsWith('dbus')) return 'systemd';
  return 'app';
}

/**
 * Source files only the kubelet's binary logs from (klog names the file that called it): its own package
 * (kubelet*.go), the runtime manager and CRI client, PLEG, the pod workers, the node status setters, the container
 * manager, eviction, the OOM watcher, image and container GC, cAdvisor's wrapper, dockershim. Names any Kubernetes
 * binary shares (runtime.go, reflector.go, server.go) are left out: they say nothing of the writer.
 */
const KUBELET_FILES =
  /^(?:kubelet[a-z0-9_]*|kuberuntime_[a-z0-9_]+|cpu_manager|memory_manager|allocation_manager|remote_runtime|remote_image|generic|evented|pod_workers|setters|container_manager_linux|qos_container_manager_linux|node_container_manager_linux|cgroup_manager_linux|pod_container_manager_linux|eviction_manager|oom_watcher(?:_linux)?|image_gc_manager|container_gc|cadvisor_linux|cri_stats_provider|docker_service|docker_sandbox|docker_container|plugin_watcher|volume_manager|status_manager|pod_container_deletor)\.go$/;

/** The node lifecycle controller's files, in kube-controller-manager (pkg/controller/nodelifecycle). */
const CONTROL_PLANE_FILES = /^(?:node_lifecycle_controller|taint_manager|controller_utils)\.go$/;

/**
 * Whose line a klog header says it is, by the file it names: the kubelet's files make a line the kubelet's whatever
 * journal identifier carries it (a kubelet run by `docker run`, rkt or a wrapper script logs under that program's
 * identifier); the node lifecycle controller's make it the control plane's.
 */
export function componentOfKlogFile(file: string | undefined): Component | undefined {
  if (file === undefined) return undefined;
  if (KUBELET_FILES.test(file)) return 'kubelet';
  if (CONTROL_PLANE_FILES.test(file)) return 'controlplane';
  return undefined;
}

/**
 * The component a whole bundle log source holds. Beyond the schema's names a sender may use any (`runtime`,
 * `flanneld`, `aws-node`): a name that is a node daemon's journal identifier says whose lines they are, any other
 * leaves each line to say it (an application's name must not make the runtime's lines in it an application's).
 */
export function componentOfLogSource(source: string): Component {
  switch (source) {
    case 'kubelet':
      return 'kubelet';
    case 'dockerd':
      return 'dockerd';
    case 'containerd':
      return 'containerd';
    case 'crio':
      return 'crio';
    case 'kernel':
      return 'kernel';
    case 'systemd':
      return 'systemd';
    default: {
      const named = componentOfTag(source);
      return named === 'app' ? 'unknown' : named;
    }
  }
}

/**
 * Content hints for text of unknown origin (pasted notes, command output): which daemon the line talks
 * about. Ordered: the first match wins, so the shim is recognised before containerd itself.
 */
const CONTENT_HINTS: ReadonlyArray<readonly [RegExp, Component]> = [
  [/containerd-shim|\bshim\b/, 'shim'],
  [/\bkubelet\b|cAdvisor|\bPLEG\b|remote_runtime|kuberuntime|GenericPLEG/, 'kubelet'],
  [/\bdockerd\b|docker\.sock|Docker daemon|\bdocker (?:ps|inspect|rm|kill|info)\b/, 'dockerd'],
  [/\bcontainerd\b|containerd\.sock/, 'containerd'],
  [/\bcrio\b|cri-o/, 'crio'],
  [/\brunc\b/, 'runc'],
  [/\bsystemd\b|D-Bus|\bdbus\b/, 'systemd'],
];

export function componentFromContent(text: string): Component {
  for (const [pattern, component] of CONTENT_HINTS) if (pattern.test(text)) return component;
  return 'unknown';
}

/**
 * The kubelet quotes container output in probe results; such text is the application's, not the kubelet's.
 */
const RELAYED_OUTPUT = /[Pp]robe failed|probeResult|[Pp]robe errored|Liveness|Readiness|output="/;

export function isRelayedOutput(text: string): boolean {
  return RELAYED_OUTPUT.test(text);
}
