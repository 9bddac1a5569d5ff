import { change, read } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { FactId, FactSet } from '../facts.ts';
import { failedStepOf } from '../unit-steps.ts';
import type { CauseModule } from './types.ts';

/** The step of the kubelet's unit that failed, in words, when a line names it. */
function failedStep(facts: FactSet): string | undefined {
  return facts
    .examples('kubelet.start_step_failed')
    .map((f) => failedStepOf(f.text))
    .find((step) => step !== undefined);
}

/** The command a failed pre-start step ran, as its Process line or unit file names it (`ExecStartPre=/sbin/...`). */
function stepCommand(step: string | undefined): string | undefined {
  const command =
    /Exec(?:Condition|StartPre|StartPost)=[-@:+!]*(\S.*?) (?:exited with status|was killed by signal)/.exec(
      step ?? '',
    )?.[1];
  return command?.trim();
}

/** The key a failing `sysctl -w key=value` step writes. */
function sysctlKey(command: string | undefined): string | undefined {
  return /\bsysctl\b.*?\s([a-z0-9_]+(?:\.[a-z0-9_-]+)+)=/.exec(command ?? '')?.[1];
}

/** The binary systemd could not execute, from `spawning /usr/bin/kubelet` or `ExecStart=/usr/bin/kubelet ...`. */
function missingBinary(step: string | undefined): string | undefined {
  if (!/step EXEC/.test(step ?? '')) return undefined;
  return /spawning (\/\S+)/.exec(step ?? '')?.[1] ?? /ExecStart=(\/\S+)/.exec(step ?? '')?.[1];
}

/**
 * Where the kubelet's lines and unit are, when an agent that embeds it runs it: the unit a line names
 * (`k3s-agent.service`), else the journal identifier its lines carry (`k3s[2211]:`, the same for server and agent).
 */
export interface KubeletHome {
  /** `systemctl status` argument. */
  status: string;
  /** `journalctl` selector: the unit's, so that systemd's own lines about it come too. */
  journal: string;
  /** systemctl's own unit argument, for reset-failed and restart. */
  unit: string;
}

const AGENT_UNIT =
  /\b(k3s-agent|k3s|rke2-server|rke2-agent|snap\.microk8s\.daemon-kubelite|edgecore)\.service\b/;
const AGENT_TAG = /\b(k3s|rke2|microk8s\.daemon-kubelite|edgecore)\[\d+\]:/;
const KUBELET_FACTS = [
  'kubelet.dead',
  'kubelet.unit_failed',
  'kubelet.start_step_failed',
  'kubelet.config_error',
  'kubelet.dependency_failed',
] as const;

export function kubeletHome(facts: FactSet): KubeletHome {
  const texts = KUBELET_FACTS.flatMap((id) => facts.examples(id).map((f) => f.text));
  const unit = texts.map((t) => AGENT_UNIT.exec(t)?.[1]).find((u) => u !== undefined);
  if (unit) return { status: unit, journal: `-u ${unit}`, unit };
  const tag = texts.map((t) => AGENT_TAG.exec(t)?.[1]).find((u) => u !== undefined);
  if (tag) {
    // The identifier does not say which unit (k3s or k3s-agent): systemctl and journalctl take a unit glob.
    const glob = tag.startsWith('microk8s.') ? `snap.${tag}` : `'${tag}*'`;
    return { status: glob, journal: `-u ${glob}`, unit: glob };
  }
  return { status: 'kubelet', journal: '-u kubelet', unit: 'kubelet' };
}

/**
 * Round 23: the node's virtual machine found stopped. The guest's own logs end where it stopped and its memory is read
 * after a restart, so a guest that shows no OOM says nothing of why: the host's memory, its OOM killer's log (a host
 * out of memory kills the guest's process, qemu or the VMX, and the guest just stops) and the hypervisor's log of the
 * guest are where the reason is.
 */
function stoppedMachine(facts: FactSet): ReturnType<typeof read>[] {
  if (!facts.has('node.vm_stopped')) return [];
  return [
    read(
      'node',
      "on the hypervisor host: free -m; journalctl -k --since -1d --no-pager | grep -Ei 'out of memory|oom-kill|killed process' | grep -Ei 'qemu|kvm|vmx|vmm' | tail -n 20",
      "the host's memory and its OOM killer's kills of the guest's process: a host short of memory kills the machine, and the guest's own log shows nothing",
    ),
    read(
      'node',
      'on the hypervisor host: qm status VMID --verbose; grep VMID /var/log/pve/tasks/index | tail -n 20 (Proxmox) | virsh domstate --reason DOMAIN; tail -n 50 /var/log/libvirt/qemu/DOMAIN.log (libvirt) | az vm get-instance-view -g RG -n VM --query instanceView.statuses | aws ec2 describe-instances --instance-ids ID --query "Reservations[].Instances[].[State,StateReason,StateTransitionReason]"',
      "why the hypervisor or cloud records the machine stopped: a guest that quit, a stop ordered, the host's fault",
    ),
    ...(facts.has('mem.oom')
      ? []
      : [
          read(
            'node',
            "free -m; journalctl -k -b -1 --no-pager | grep -Ei 'out of memory|oom-kill|hung_task|panic' | tail -n 20",
            "the guest's memory against its workloads, and its kernel's last words before the stop (the previous boot's log)",
          ),
        ]),
  ];
}

/** Round 25: k3s/rke2's per-node password secret, and the agent's side of the refusal. */
function nodePassword(node: string, facts: FactSet): ReturnType<typeof read>[] {
  if (!facts.has('agent.node_password_rejected')) return [];
  return [
    read(
      'cluster',
      `kubectl -n kube-system get secret ${node}.node-password.k3s ${node}.node-password.rke2 --ignore-not-found -o custom-columns=NAME:.metadata.name,CREATED:.metadata.creationTimestamp`,
      "the per-node password secret and when it was created: older than this machine means it holds the previous machine's hash",
    ),
    read(
      'node',
      'ls -l /etc/rancher/node/password; journalctl -u k3s-agent -u rke2-agent --since -1h --no-pager | grep -m 5 -i "node password"',
      "the agent's password file (its date) and the refusal in the agent's log",
    ),
    change(
      'cluster',
      `kubectl -n kube-system delete secret ${node}.node-password.k3s --ignore-not-found; kubectl -n kube-system delete secret ${node}.node-password.rke2 --ignore-not-found`,
      "only once the old machine of this name is gone for good: the server then records the new agent's password at its next request",
    ),
  ];
}

/** A connection to the API server that went silent under the kubelet or the controller manager (not refused). */
const PINNED = ['kubelet.api_conn_lost', 'kubelet.pinned_conn_release', 'controlplane.watch_lost'] as const;

/** The kubelet's own start-up refusal, quoted from its line. */
function configRefusal(facts: FactSet): string | undefined {
  const text = facts.examples('kubelet.config_error')[0]?.text;
  return text === undefined ? undefined : text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The API server refusing the kubelet's credentials, or their renewal failing, or what decides them changed. */
function refusedCredentials(facts: FactSet): boolean {
  return (
    facts.has('kubelet.auth_error') ||
    facts.has('kubelet.cert_rotation_failed') ||
    facts.has('kubelet.credentials_changed')
  );
}

/** The summary when the kubelet runs and no refusal is named: its watch served nothing, or its updates never arrived. */
function quietSummary(facts: FactSet): string {
  if (facts.has('datastore.watch_failed'))
    return "The datastore behind the API server cannot serve watches, so the kubelet's watch of its pods gets no events: pods bound to the node are never started and deleted ones never stopped, even while the node shows Ready.";
  // Round 29 (r29-controlplane): the control plane's own side named.
  if (facts.has('etcd.fatal_exit'))
    return "The control plane's datastore (etcd) exits, so the API server answers nothing and no kubelet's status or Lease update is stored: the nodes are marked Unknown although they run.";
  if (facts.has('relay.apiserver_unreachable'))
    return "The controller that posts the node's status to the API server on its behalf cannot reach the API server, so the node's status never arrives and it is marked NotReady although its own link is up.";
  return 'No status or lease update from the kubelet reached the API server within the grace period: the node was marked Unknown.';
}

const DATASTORE_WHY =
  "The kubelet learns of the pods bound to its node, and of their deletion, only through its watch on the API server, which the API server serves from its datastore's watch (etcd, or kine over SQL in k3s/rke2, dqlite under MicroK8s). That datastore cannot serve the watch (locked, cancelled or unable to list the revisions after the watch's start): the kubelet's watch stays open but silent. Its Lease and status writes may still succeed, so the node can stay Ready while it never starts new pods nor stops deleted ones; restart the datastore (or the server that embeds it), then the kubelet, so that it relists.";

/** The cut-off paths one fact names, in the order they are weighed: the first present explains the silence. */
const PATH_WHY: readonly (readonly [FactId, string])[] = [
  ['datastore.watch_failed', DATASTORE_WHY],
  ['datastore.locked', DATASTORE_WHY],
  [
    'apiserver.proxy_failed',
    "The kubelet reaches the API server through a proxy or balancer on its own node (kubespray's nginx-proxy or haproxy, the k3s/rke2 agent's load balancer, MicroK8s' apiserver-proxy); that proxy has no control-plane endpoint left to forward to (its endpoint list rewritten empty, every upstream marked down) or exited on it, so every status and Lease update ends on the node. Check the proxy's endpoint list and its log, and whether the API servers it lists answer.",
  ],
  [
    'edge.cloud_link_lost',
    "The edge node's agent reaches the control plane only over its link to the cloud side (KubeEdge's edgehub to cloudcore, OpenYurt's yurthub to the API servers); that link is down, so its Lease and status stay on the edge. The edge agent's own log (journalctl -u edgecore, the yurthub pod's log) says why: the cloud's address, its certificates, or the agent itself failing to start.",
  ],
  [
    'etcd.fatal_exit',
    "The API server keeps every object, the nodes' Leases and status among them, in its datastore (etcd); etcd exits (at start: its peer or client port already bound by another process, its data directory, WAL or snapshot refused or corrupt; or held in back-off as a static pod), so the API server may listen but answers nothing: every kubelet's Lease and status write fails and the nodes are marked NotReady although they run. etcd's own last lines say why it exits; what holds its port (ss -ltnp), its data directory and its member list are what to check.",
  ],
  [
    'etcd.unavailable',
    "The API server keeps the nodes' Leases and status in its datastore (etcd) and waits on it for every write; the datastore cannot serve (no leader, its requests timing out, read-only past its space quota, or the API server's own etcd check failing), so every kubelet's Lease renewal and status update fails and the nodes are marked NotReady although they run. etcd's own log (its leader elections, slow applies and fsyncs, alarms) and each member's status say why.",
  ],
  [
    'relay.apiserver_unreachable',
    "The node's status reaches the API server through a controller that posts it on the node's behalf (KubeEdge's cloudcore edgecontroller for edge nodes, OpenYurt's yurthub, a virtual-kubelet provider); that controller cannot reach the API server (its in-cluster service name unresolved by the cluster DNS, the address timing out or refused), so the status it relays never arrives and the node goes NotReady although its own link to the controller is up. Resolve the API server's service name from the controller's pod, and check the cluster DNS pods.",
  ],
  [
    'apiserver.failover',
    "The kubelet keeps one long-lived connection to the API server's address; when the server behind it failed or the address moved (a virtual IP failing over, one replica or the balancer going down), the connection stayed on the dead end until the kernel gave up on it (TCP retransmissions, about 15 minutes by default) or the kubelet restarted, and the node's lease and status went nowhere meanwhile. Nodes connected through another server stayed Ready.",
  ],
];

/** Why the kubelet is not running, or why its status does not arrive: the chain's middle link. */
function whyNoStatus(facts: FactSet): string {
  const step = failedStep(facts);
  if (step)
    return `systemd runs the kubelet's unit step by step (ExecCondition=, ExecStartPre=, its own set-up, then ExecStart=); one failed: ${step}. The kubelet binary never ran, and with Restart= systemd retries until its start limit, then leaves the unit failed. The step, or what it acts on (a kernel module, a path, the binary), is what to fix.`;
  if (facts.has('kubelet.swap'))
    return 'The kubelet refuses to start because swap is enabled, and systemd keeps restarting it.';
  if (facts.has('kubelet.config_error')) {
    const refusal = configRefusal(facts);
    return `The kubelet refuses to start on its own configuration${refusal ? ` (${refusal})` : ''}: a config file, drop-in, flag, kubeconfig or CA it cannot load or rejects, or one that disagrees with the node (the runtime's cgroup driver, a node IP the host lacks); systemd keeps restarting it.`;
  }
  if (facts.has('kubelet.no_api_server'))
    return 'The kubelet says it has no API server defined: it was started without an API client (no --api-servers in releases before 1.8; a kubeconfig that releases 1.4-1.9 use only with --require-kubeconfig; or a kubeconfig it could not load), so it runs its static pods alone, never registers the node and never posts status.';
  if (facts.has('kubelet.dead') && facts.has('kubelet.auth_error'))
    return "The API server refuses the kubelet's credentials and the kubelet exits on it (its certificate transport gives up on an expired client certificate); systemd restarts it into the same refusal, so nobody renews the Lease: the node is cut off by its own credentials.";
  if (facts.has('kernel.soft_lockup_netrx'))
    return "A CPU is stuck in the kernel's network receive path (the soft-lockup watchdog or the taint it leaves names a NAPI polling thread or ksoftirqd): the node's packet processing stalls, so the kubelet's status and Lease never leave the node and nothing reaches it (ping, agents, health checks). Check the kernel's release against its stable fixes of the device's (threaded) NAPI polling.";
  if (facts.has('kubelet.dead') || facts.has('kubelet.start_step_failed'))
    return 'The kubelet process exits or cannot start, so nobody renews the Lease.';
  if (facts.has('agent.node_password_rejected'))
    return "The k3s/rke2 server checks each agent's node password (the agent's /etc/rancher/node/password, sent with its request for kubelet certificates) against a per-node secret, kube-system/<node>.node-password.k3s (or .rke2), created when a node of that name first joined. A machine that reuses the name of one that joined before (a replacement, a reinstall that wiped the password file) sends another password: the server answers 403, the agent gets no kubelet certificate and retries, and the kubelet never starts, so the node never registers or goes Ready. Deleting the stale secret (or the old Node, whose deletion removes it) lets the new agent join; --with-node-id gives each machine a unique name.";
  if (facts.has('kubelet.node_identity'))
    return "The Node authorizer and NodeRestriction let a kubelet touch only its own Node and Lease; the name in its credential (system:node:<name>) no longer matches the node it updates (hostname changed, or another node's certificate).";
  if (refusedCredentials(facts))
    return "The API server refuses the kubelet's credentials: an expired client certificate that rotation did not replace (a CSR never signed, rotation off), a revoked token, an IAM role its identity map does not know, or an authorization change that no longer grants nodes what they ask. Every status and Lease update is rejected: the node is cut off by its own credentials, not by the network.";
  if (facts.has('kubelet.pinned_conn_release'))
    return "The kubelet's connection to the API server went silent (a server, its virtual address or its load balancer failed over without resetting the flow), and this kubelet release has no HTTP/2 health check: every status and Lease update is sent on the dead connection and times out until the kernel gives up retransmitting (net.ipv4.tcp_retries2, ~15 min) or the kubelet closes its connections after repeated heartbeat failures.";
  if (facts.has('kubelet.api_conn_lost'))
    return "The kubelet's long-lived HTTP/2 connection to the API server went silent and was dropped (its health check's PING went unanswered, or the kernel aborted it after retransmitting for minutes): the path under it was lost, typically a server, its virtual address or its load balancer failing over. The node itself was fine; it reconnects once a new connection reaches a live server.";
  if (facts.has('controlplane.watch_lost'))
    return "The controller manager's own watch of Nodes and Leases lost its connection to the API server: the node lifecycle controller judged the node on Lease renewals it no longer received, so a healthy node can be marked NotReady until that watch reconnects.";
  const why = PATH_WHY.find(([id]) => facts.has(id));
  if (why) return why[1];
  return 'The path from the kubelet to the API server is broken (network, load balancer, or API server down).';
}

/**
 * Round 24: connection attempts described failing in a loop, with no line of why: the certificates' expiry dates decide
 * it when every node fails at once (kubeadm's are valid one year, the kubelet's client certificate too unless it
 * rotates).
 */
function certificateExpiry(facts: FactSet, journal: string): ReturnType<typeof read>[] {
  if (!facts.has('kubelet.api_retry_loop')) return [];
  return [
    read(
      'node',
      `journalctl ${journal} --since -2h --no-pager | grep -m 20 -E 'certificate|x509|Unauthorized|connection refused|i/o timeout|no route to host'`,
      "what each attempt of the kubelet's fails on: an expired certificate, a refusal, a timeout",
    ),
    read(
      'cluster',
      'kubeadm certs check-expiration',
      "on a control-plane node: the expiry dates of the cluster's certificates (the API server's, the clients' in each kubeconfig)",
    ),
    read(
      'node',
      'openssl x509 -noout -enddate -in /var/lib/kubelet/pki/kubelet-client-current.pem',
      "the kubelet's client certificate: whether notAfter has passed (kubeadm's and most installs' path)",
    ),
    read('node', 'df -h /var/log; du -sh /var/log/* | sort -h | tail -n 5', 'which logs filled the disk'),
  ];
}

/**
 * What to read when the node's path to the control plane is cut beyond the node (round 29: a relaying controller, the
 * datastore; the edge link): the commands for the first such fact present, else undefined.
 */
function pathCommands(
  facts: FactSet,
  lookAround: ReturnType<typeof read>[],
): ReturnType<typeof read>[] | undefined {
  if (facts.has('relay.apiserver_unreachable')) {
    return [
      ...lookAround,
      read(
        'cluster',
        'kubectl -n kubeedge exec deploy/cloudcore -- nslookup kubernetes.default.svc; kubectl -n kubeedge logs deploy/cloudcore --tail 100 | grep -E "dial tcp|i/o timeout|no such host|failed to list|update node failed"',
        "whether the relaying controller's pod resolves the API server's service name, and what its calls to the API server fail on (KubeEdge's cloudcore; the same for yurthub's or a virtual-kubelet's pod)",
      ),
      read(
        'cluster',
        'kubectl -n kube-system get pods -l k8s-app=kube-dns -o wide; kubectl -n kube-system logs -l k8s-app=kube-dns --tail 50; kubectl get svc kubernetes -o wide; kubectl get endpointslices -l kubernetes.io/service-name=kubernetes',
        "the cluster DNS pods and their errors, and the API server's service and endpoints the name should resolve to",
      ),
    ];
  }
  if (facts.has('etcd.fatal_exit') || facts.has('etcd.unavailable')) {
    return [
      ...lookAround,
      read(
        'node',
        "crictl ps -a --name 'etcd|kube-apiserver'; crictl logs --tail 50 $(crictl ps -a -q --name etcd | head -n 1) 2>&1 | grep -Ei 'fatal|panic|bind|already|data dir|wal|snap|corrupt|leader|took too long|alarm'",
        "on the control-plane node: etcd's restarts and its own lines: why it exits (its port taken, its data directory, WAL or snapshot refused) or cannot serve (leader elections, slow applies, alarms)",
      ),
      read(
        'node',
        'ss -ltnp | grep -E ":(2379|2380|2381)\\b"; ls -l /var/lib/etcd/member; df -h /var/lib/etcd',
        "which process holds etcd's ports, and etcd's data directory and the disk under it",
      ),
      read(
        'node',
        'curl -sk https://127.0.0.1:6443/livez?verbose; ETCDCTL_API=3 etcdctl --endpoints https://127.0.0.1:2379 --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key endpoint status --cluster -w table',
        "the API server's own check of its datastore, and each etcd member's state once it runs",
      ),
    ];
  }
  if (facts.has('edge.cloud_link_lost')) {
    return [
      ...lookAround,
      read(
        'node',
        "journalctl -u edgecore --since -1h --no-pager | grep -E 'connection failed|connection is broken|Init (websocket|quic)|certificate|x509' | tail -n 30",
        "KubeEdge's edge agent: why its hub cannot connect to cloudcore (the address, the certificates, or edged failing to start)",
      ),
      read(
        'node',
        "crictl logs --tail 50 $(crictl ps -a -q --name yurt-hub | head -n 1) 2>&1 | grep -E 'unhealthy|probe|certificate|x509'",
        "OpenYurt's yurthub: which remote servers it finds unhealthy, and whether its certificates are those of this cluster",
      ),
      read(
        'cluster',
        'kubectl -n kubeedge logs deploy/cloudcore --tail 50',
        'the cloud side: whether it sees the edge node connect and when it dropped it',
      ),
    ];
  }
  return undefined;
}

export const nodeUnreachable: CauseModule = {
  id: 'node_unreachable',
  title: 'Kubelet lost contact with the API server',
  explains: [],
  // Round 24: logs of connection attempts failing in a loop fill the disks: the full disk is their consequence.
  explainsWhen: [{ cause: 'resource_starvation', fact: 'kubelet.api_retry_loop' }],
  support: [
    // Round 26 (r26-sandbox): the kernel's neighbour table full, no network plugin named (with one it is cni_hang's,
    // extract/derived.ts neighOverflowUnderPlugin): the node cannot resolve the addresses it must reach.
    { fact: 'net.neigh_overflow', weight: 2 },
    { fact: 'kubelet.swap', weight: 3.5 },
    { fact: 'kubelet.unit_failed', weight: 3.5 },
    { fact: 'kubelet.dead', weight: 3 },
    { fact: 'kubelet.auth_error', weight: 3 },
    // Round 25: k3s/rke2's server refusing the agent's node password (a replaced machine under an old name, a wiped
    // /etc/rancher/node/password): the agent never gets its kubelet certificate, so the node is never admitted.
    { fact: 'agent.node_password_rejected', weight: 3 },
    { fact: 'config.cgroup_driver_mismatch', weight: 2.5 },
    { fact: 'config.heartbeat_vs_grace', weight: 2.5 },
    { fact: 'node.status_unknown', weight: 2.5 },
    { fact: 'kubelet.api_error', weight: 2.5 },
    // Round 24: connection attempts to the API server described failing in a loop.
    { fact: 'kubelet.api_retry_loop', weight: 2.5 },
    { fact: 'kubelet.lease_expired', weight: 2.5 },
    { fact: 'network.disrupted', weight: 2 },
    { fact: 'apiserver.down', weight: 2 },
    // Nodes NotReady for minutes around a failover of the API server's path (its virtual IP moved, one replica or the
    // balancer failed): the kubelets' connections stay on the dead end until the kernel or a restart drops them. A
    // fact of its own beside the server described down (which alone stays below the verdict): the nodes' side.
    { fact: 'apiserver.failover', weight: 2.5 },
    // The node-local proxy or balancer in the kubelet's path with no server left (its endpoint list emptied, every
    // upstream down) or exited on it: the kubelet's requests end on its own node (rules/apiserver-path.ts).
    { fact: 'apiserver.proxy_failed', weight: 2.5 },
    // An edge node's link to the cloud side lost (edgehub, cloudhub, yurthub): its heartbeat stays on the edge.
    { fact: 'edge.cloud_link_lost', weight: 2.5 },
    // A clock set back: the kubelet's status waits out the jump (a kubelet defect first, kubelet-defect.ts); from the
    // control plane's side the node is silent.
    { fact: 'clock.set_back', weight: 1 },
    { fact: 'kubelet.http_blocked', weight: 1.5 },
    { fact: 'network.link_down', weight: 1.5 },
    // Round 22: the node's link said to be wireless: context that points at the link when the node is out of reach.
    { fact: 'network.wireless_link', weight: 1 },
    // Round 22: every worker NotReady, every control-plane node Ready: the workers' shared path to the API server.
    { fact: 'nodes.workers_cut_off', weight: 1.5 },
    // Round 27 (r27-asks): the same split in program output (kubectl get nodes' rows by role, the node controller's
    // NodeNotReady events of two workers or more within a minute): a clear fact, not a sentence; a node-local cause
    // with its own program evidence still outranks it.
    { fact: 'nodes.workers_lost_listed', weight: 2 },
    // The node's own interface unregistered or reset by its driver: more than a link that flapped (addresses and
    // routes go with it), yet one line says nothing of whether it came back, or whether it carried the kubelet's
    // path to the API server (a second NIC, a storage network): a lead, not a verdict on its own.
    { fact: 'network.iface_lost', weight: 2 },
    // Established connections keep working; new ones (a reconnect to the API server, a new watch) are dropped.
    { fact: 'network.conntrack_full', weight: 2 },
    { fact: 'kubelet.stale_conn', weight: 1 },
    // The connection under the kubelet went silent and was dropped (x/net's health check, or the kernel after its
    // retransmissions): the path to the API server was lost, not the kubelet's fault.
    { fact: 'kubelet.api_conn_lost', weight: 2.5 },
    // A release without the HTTP/2 health check: why the loss lasted minutes. The mechanism, never a second sighting.
    { fact: 'kubelet.pinned_conn_release', weight: 1 },
    // The control plane's own view: its watch lost, or the node recorded NotReady. They corroborate, and stay below
    // any node-side program output (summaries in rank.ts).
    { fact: 'controlplane.watch_lost', weight: 1.5 },
    // Round 26: the datastore behind the API server unable to serve watches (kine/dqlite, the API server's etcd3
    // watcher, its watch cache stuck behind): the kubelet's watch goes silent while its writes may still pass.
    { fact: 'datastore.watch_failed', weight: 2.5 },
    { fact: 'datastore.locked', weight: 1.5 },
    { fact: 'datastore.watch_compacted', weight: 0.5 },
    { fact: 'kubelet.pods_ignored', weight: 1.5 },

    { fact: 'node.controller_not_ready', weight: 0.5 },
    { fact: 'kubelet.stopped', weight: 1.5 },
    // Stopped by systemd with the unit it is bound to, and not started with it again: the kubelet left down.
    { fact: 'kubelet.stopped_with_dependency', weight: 2.5 },
    // One start is every boot's, and a restart leaves a gap of seconds: a hint, as the runtime's start is for
    // runtime_down. Repeated starts are kubelet.dead (FrequentKubeletRestart, restart counters).
    { fact: 'kubelet.restarted', weight: 0.5 },
    // A kill is restarted by systemd (Restart=always) or the wrapper: the gap it leaves is short, and why it was
    // killed is the question, so it weighs less here than a kubelet that stays dead.
    { fact: 'kubelet.killed', weight: 1 },
    { fact: 'kubelet.node_identity', weight: 3.5 },
    { fact: 'kubelet.not_registered', weight: 2.5 },
    // The kubelet's own word that it has no API server client and will send no status (kubelet.go Run): the node
    // is cut off by its configuration, whatever the network does.
    { fact: 'kubelet.no_api_server', weight: 3 },
    // The API path through a proxy on this node that does not answer: a hint of where the path is cut.
    { fact: 'kubelet.api_via_loopback', weight: 0.5 },
    { fact: 'node.unresponsive', weight: 1 },
    // Round 25: the node said unreachable (out of reach, not stalled): the path's side of the same words, so that
    // the sentence alone does not rank a stall from starvation above the loss of the network.
    { fact: 'node.cut_off', weight: 1 },
    // A host that crashes or reboots takes the kubelet with it every time: from the control plane's side, the node
    // is gone until it is back. Why it crashes (a kernel defect, a watchdog) is on the host, not in Kubernetes.
    { fact: 'node.rebooting', weight: 2.5 },
    // Round 23: the node's virtual machine found stopped or powered off by its hypervisor or cloud (virsh "shut off",
    // Proxmox "stopped", vSphere poweredOff, Azure deallocated, EC2 stopped; rules/hypervisor.ts): no kubelet runs.
    // Why it stopped (its host's OOM killer, a crash, a stop ordered) is on the host.
    { fact: 'node.vm_stopped', weight: 2.5 },
    // The hung-task or soft-lockup watchdog's own panic: a setting (kernel.hung_task_panic, softlockup_panic) that
    // turns one blocked task or stuck CPU into the host going down, and with panic_timeout rebooting, every time.
    { fact: 'kernel.watchdog_panic', weight: 2 },
    // A soft lockup with a kernel-instrumenting security agent's own process on the stuck CPU: its kernel path
    // loops and the host hangs or panics wherever it runs (kernel/watchdog.c names current's comm).
    { fact: 'kernel.soft_lockup_agent', weight: 3 },
    // A soft lockup on the network's receive polling (a threaded NAPI poller, napi/<dev>-<id>, or ksoftirqd, which
    // runs NET_RX when softirqs overflow): the node's packets stop being processed, so the kubelet's status and Lease
    // never leave it and nothing reaches it; the CPU is stuck in one loop, not busy with workloads' demand.
    { fact: 'kernel.soft_lockup_netrx', weight: 3 },
    // A host wedged in its kernel (soft lockups, CPUs that never come down, back only from a reset) runs no kubelet.
    { fact: 'node.wedged', weight: 2.5 },
    // Pods still Running on a node NotReady for long: nothing on the node reports; whether the machine is up at all
    // is the first question (a hint).
    { fact: 'node.pods_running_while_lost', weight: 1.5 },
    { fact: 'kubelet.config_error', weight: 3.5 },
    // The host lacks a cgroup controller the container manager requires: the kubelet exits at start on this host.
    { fact: 'kubelet.cgroup_controller_missing', weight: 3.5 },
    // The kubelet's unit failing a step before the kubelet ran (a pre-start command, the binary, a set-up step).
    { fact: 'kubelet.start_step_failed', weight: 3.5 },
    // A kubelet (or the kube-proxy it embeds) that cannot set a sysctl whose module is not loaded exits at start.
    { fact: 'kernel.sysctl_missing', weight: 2 },
    { fact: 'kubelet.cert_rotation_failed', weight: 1.5 },
    // A change to the API server's authorization or to the nodes' identity: the trigger of a refusal, not one itself.
    { fact: 'kubelet.credentials_changed', weight: 2 },
    { fact: 'kubelet.heartbeat_failed', weight: 1.5 },
    { fact: 'nodes.all_not_ready', weight: 1.5 },
    // The API server's datastore refusing to serve: every kubelet's Lease and status write fails with it.
    { fact: 'etcd.unavailable', weight: 2 },
    // Round 29 (r29-controlplane): the datastore exiting (at start on its port taken or its data refused, or held in
    // back-off as a static pod): the API server answers nothing and every kubelet's writes fail (rules/controlplane.ts).
    { fact: 'etcd.fatal_exit', weight: 2.5 },
    // A controller that relays nodes' status (KubeEdge's cloud side, yurthub, virtual-kubelet) unable to reach the API
    // server: the relayed nodes' status never arrives, whatever their own link does.
    { fact: 'relay.apiserver_unreachable', weight: 2.5 },
    // Round 28 (r28-words): a hostname changed under the kubelet (its certificate names the old node: NodeRestriction's
    // admitNode "node %q is not allowed to modify node %q", the Node authorizer's lease check), and one datastore
    // member slow behind the API servers the kubelets reach, both as people say them.
    { fact: 'node.hostname_changed', weight: 3 },
    { fact: 'etcd.member_slow', weight: 2.5 },
  ],
  against: [
    // Round 22: the reboots said to be a monitor's or watchdog program's doing (rules/observations.ts): the host does
    // not crash by itself, and the program's check, not the node, is the question; this takes back the reboots' weight.
    { fact: 'node.watchdog_reboots', weight: 2.5 },
    // ... unless the node's own disk is saturated under etcd: then the datastore's outage is the starvation's
    // consequence (extract/derived.ts), and the cut-off path is not the story.
    { fact: 'etcd.starved', weight: 2 },
    { fact: 'kubelet.alive_while_unknown', weight: 2 },
    // The kubelet posted Ready=False itself with its container manager's refusal (older kubelets kept running after
    // initializeModules failed): it is alive and posting, so the refusal read as an exit does not cut the node off.
    { fact: 'kubelet.posts_own_refusal', weight: 5 },
    // The kubelet logging its loop, and no failed status update, while its status is not heard: not a lost path.
    { fact: 'kubelet.loop_running_while_unknown', weight: 1.5 },
    // systemd never started the kubelet because a unit it requires failed: the requirement (the runtime, in most
    // installs) is the cause, and the kubelet not running its consequence.
    { fact: 'kubelet.dependency_failed', weight: 3 },
    // The kubelet dying while the runtime is down, with no reason of its own: the runtime first.
    { fact: 'kubelet.dead_with_runtime', weight: 2 },
    // Round 28 (r28-runtime): the runtime refusing to delete a task it still holds running: a kubelet said dead
    // beside it is a supervisor's record the runtime contradicts (the old task may still be running and posting),
    // so the runtime's lost state comes first.
    { fact: 'runtime.task_delete_refused', weight: 2 },
    // The kubelet described restarting beside kernels described panicking: the host's reboots, for a reason below
    // the kubelet (its provider, its disks); the kubelet's absence stays a lead (extract/derived.ts).
    { fact: 'kubelet.restarts_with_panics', weight: 2 },
    ...competingDefects('node_unreachable'),
  ],
  summary: ({ facts }) => {
    const step = failedStep(facts);
    if (step)
      return `The kubelet's unit fails before the kubelet runs (${step}), so nothing posts node status.`;
    if (facts.has('kubelet.config_error'))
      return 'The kubelet refuses its own configuration at start and exits, so nothing posts node status.';
    if (facts.has('kubelet.no_api_server'))
      return 'The kubelet runs with no API server defined (its configuration gives it no API client), so it never registers the node or posts status.';
    if (facts.has('kubelet.dead') && facts.has('kubelet.auth_error'))
      return 'The kubelet exits because the API server refuses its credentials (an expired client certificate), so nothing posts node status.';
    if (facts.has('agent.node_password_rejected'))
      return "The k3s/rke2 server refuses the agent's node password (its per-node secret holds another machine's hash), so the agent gets no kubelet certificate and the node is never admitted.";
    const running = !facts.has('kubelet.dead') && !facts.has('kubelet.swap');
    if (running && (facts.has('kubelet.pinned_conn_release') || facts.has('kubelet.api_conn_lost')))
      return "The kubelet's connection to the API server went silent (a server, its address or its balancer failing over) and its status and Lease updates were lost on it until the connection was dropped.";
    if (running && facts.has('controlplane.watch_lost') && !facts.has('kubelet.api_error'))
      return "The controller manager's own watch of the API server was lost: it stopped seeing the node's Lease renewals and marked the node Unknown.";
    return facts.has('kubelet.dead') || facts.has('kubelet.swap')
      ? 'The kubelet is not running (it exits at start), so nothing posts node status.'
      : facts.has('kubelet.node_identity')
        ? "The API server refuses the kubelet's updates: its credentials name a different node than the one it updates."
        : facts.has('kubelet.auth_error')
          ? "The API server refuses the kubelet's credentials (its client certificate, token or IAM identity): the node is cut off by its own credentials, so no status or Lease update is accepted."
          : quietSummary(facts);
  },
  chain: ({ facts }) => [
    'The kubelet renews its Lease every 10 s and posts status; after the grace period (40 s, 50 s from 1.32) without either, the node controller sets Ready=Unknown and taints the node unreachable.',
    whyNoStatus(facts),
    'Pods on the node keep running but are marked NotReady, and are evicted after the NoExecute toleration (300 s).',
  ],
  commands: ({ node, facts }) => {
    const step = failedStep(facts);
    const home = kubeletHome(facts);
    const lookAround = [
      read('cluster', `kubectl get node ${node} -o wide`, 'status and addresses'),
      read(
        'cluster',
        `kubectl get lease -n kube-node-lease ${node} -o jsonpath='{.spec.renewTime}'`,
        'when the kubelet last renewed its lease',
      ),
      read('node', `systemctl status ${home.status} --no-pager`, 'is the kubelet running'),
      ...stoppedMachine(facts),
      ...certificateExpiry(facts, home.journal),
      ...nodePassword(node, facts),
    ];
    const restart = change(
      'node',
      `systemctl reset-failed ${home.unit} && systemctl restart ${home.unit}`,
      'once the step is fixed: clear the start limit and start the kubelet (containers keep running)',
    );
    if (step) {
      const command = stepCommand(step);
      const binary = missingBinary(step);
      return [
        ...lookAround,
        read(
          'node',
          `systemctl cat ${home.status} --no-pager`,
          'the unit and its drop-ins: every ExecStartPre= step it runs',
        ),
        read(
          'node',
          `journalctl ${home.journal} -b --no-pager | grep -E 'Failed at step|Control process exited|ExecStartPre|Dependency failed|Condition check'`,
          'which step failed at each start since boot',
        ),
        ...(binary
          ? [
              read(
                'node',
                `ls -l ${binary}`,
                'the binary systemd could not execute: missing, or not executable',
              ),
            ]
          : []),
        ...(sysctlKey(command)
          ? [
              read(
                'node',
                `ls -l /proc/sys/${sysctlKey(command)?.replaceAll('.', '/')}; lsmod | head -n 50`,
                'does the key exist now, and which modules are loaded (nf_conntrack and br_netfilter provide the usual ones)',
              ),
            ]
          : []),
        ...(command
          ? [
              change(
                'node',
                command,
                'run the failing step by hand to see its own error (it is the same command the unit runs)',
              ),
            ]
          : []),
        restart,
      ];
    }
    if (facts.has('kubelet.config_error')) {
      return [
        ...lookAround,
        read(
          'node',
          `journalctl ${home.journal} -b --no-pager | grep -m 5 -E 'failed to (load|validate|parse|construct)|invalid|misconfiguration|unable to load|level=fatal'`,
          'what the kubelet refused at start, with the file or flag it names',
        ),
        read(
          'node',
          home.unit === 'kubelet'
            ? 'systemctl cat kubelet --no-pager; cat /var/lib/kubelet/config.yaml'
            : `systemctl cat ${home.status} --no-pager; cat /etc/rancher/*/config.yaml`,
          "the flags and the config file it was started with (kubeadm's path; others pass --config)",
        ),
        restart,
      ];
    }
    if (facts.has('kubelet.no_api_server')) {
      return [
        ...lookAround,
        read(
          'node',
          `systemctl cat ${home.status} --no-pager; ps -o args= -C kubelet`,
          'the flags it runs with: --kubeconfig, and in releases before 1.10 --require-kubeconfig (1.4-1.9) or --api-servers (before 1.8)',
        ),
        read(
          'node',
          `journalctl ${home.journal} -b --no-pager | grep -m 5 -E 'No (api|API) server defined|No API client|invalid kubeconfig'`,
          'the warning at each start, and any kubeconfig error before it',
        ),
        restart,
      ];
    }
    if (refusedCredentials(facts) && !facts.has('kubelet.node_identity')) {
      return [
        ...lookAround,
        read(
          'node',
          `journalctl ${home.journal} --since -2h --no-pager | grep -m 20 -E 'certificate|Unauthorized|forbidden|x509|credentials'`,
          'what the API server refuses: an expired certificate, a CSR not signed, a 401 or a 403 naming the node',
        ),
        read(
          'node',
          'openssl x509 -noout -subject -dates -in /var/lib/kubelet/pki/kubelet-client-current.pem',
          "the kubelet's client certificate: its node name and whether notAfter has passed (kubeadm's and most installs' path)",
        ),
        read(
          'cluster',
          'kubectl get csr --sort-by=.metadata.creationTimestamp | tail -n 20',
          "the kubelet's certificate signing requests: Pending ones were never approved, Denied ones refused",
        ),
        read(
          'cluster',
          'kubectl -n kube-system get configmap aws-auth -o yaml; kubectl get clusterrolebindings -o wide | grep -i node',
          "on EKS, the node role's mapping (its instance role must be listed with system:nodes); elsewhere, what grants nodes their access",
        ),
        change(
          'cluster',
          'kubectl certificate approve <csr-name>',
          "approve the node's pending client CSR (system:node:<name>, signer kube-apiserver-client-kubelet) if nothing approves them",
        ),
        change(
          'node',
          `systemctl restart ${home.unit}`,
          'renew the credentials first: with rotateCertificates and a bootstrap kubeconfig the kubelet requests a new certificate at start; on kubeadm without them, regenerate kubelet.conf (kubeadm kubeconfig user --org system:nodes --client-name system:node:<name>) on a control-plane node; on EKS, restore the instance role or its aws-auth mapping',
        ),
      ];
    }
    if (facts.has('apiserver.proxy_failed')) {
      return [
        ...lookAround,
        read(
          'node',
          "crictl ps -a --name 'nginx-proxy|haproxy' ; crictl logs --tail 50 $(crictl ps -a -q --name 'nginx-proxy|haproxy' | head -n 1) 2>&1; journalctl -u snap.microk8s.daemon-apiserver-proxy -u k3s-agent -u rke2-agent --since -1h --no-pager | grep -E 'proxy failed|control plane endpoints|load balancer' | tail -n 20",
          "the node-local proxy's own log: its exits, and which upstreams it found down (kubespray's nginx-proxy or haproxy static pod, MicroK8s' apiserver-proxy, the k3s/rke2 agent's load balancer)",
        ),
        read(
          'node',
          'cat /etc/nginx/nginx.conf /etc/haproxy/haproxy.cfg /var/snap/microk8s/current/args/traefik/provider.yaml /var/lib/rancher/*/agent/etc/*-load-balancer.json 2>/dev/null',
          'the list of control-plane endpoints the proxy forwards to: empty, or naming servers that are gone',
        ),
        read(
          'node',
          'curl -sk https://<each listed server>:6443/healthz',
          'whether the API servers the list names answer from this node',
        ),
      ];
    }
    const path = pathCommands(facts, lookAround);
    if (path) return path;
    if (facts.hasAny(PINNED)) {
      return [
        ...lookAround,
        read(
          'node',
          `journalctl ${home.journal} --since -1h --no-pager | grep -E 'client connection lost|connection timed out|Client.Timeout|deadline exceeded|no route to host|watch stream' | tail -n 30`,
          'when the status and Lease updates started and stopped failing, and how each ended',
        ),
        read(
          'node',
          'ss -tnpoi state established | grep -A1 \'"kubelet"\'',
          "the kubelet's connections: one to the API server with a retransmission timer (timer:(on,…)) and a rising retrans count is the silent one",
        ),
        read(
          'node',
          'sysctl net.ipv4.tcp_retries2; kubelet --version',
          'how long the kernel retransmits before it drops a silent connection (15 ≈ 15 min), and whether the kubelet has the HTTP/2 health check (1.19.5 / 1.20.0 and later)',
        ),
        ...(facts.has('controlplane.watch_lost')
          ? [
              read(
                'cluster',
                "kubectl -n kube-system logs -l component=kube-controller-manager --tail=500 | grep -E 'watch of|hasn.t been updated|NodeNotReady|leader'",
                "the controller manager's own watches and what it concluded about the nodes",
              ),
            ]
          : []),
        change(
          'node',
          `systemctl restart ${home.unit}`,
          'only if the node is still cut off: a restarted kubelet opens new connections at once (containers keep running)',
        ),
      ];
    }
    // Round 21 (r21-runtime-words): a kubelet described restarting (or dying) with no program's line of why: what
    // the bundle lacks is the kubelet's own last lines before each exit and systemd's count of the restarts.
    if (facts.has('kubelet.dead') && facts.onlyObserved('kubelet.dead')) {
      return [
        ...lookAround,
        read(
          'node',
          `systemctl show ${home.status} -p NRestarts -p Result -p ExecMainStatus -p ExecMainExitTimestamp -p ActiveEnterTimestamp`,
          'how many times systemd has restarted it (NRestarts, systemd 235 and later), how the last run ended and when',
        ),
        read(
          'node',
          `journalctl ${home.journal} -b --no-pager -o short-precise | grep -B 30 -E 'Main process exited|Scheduled restart job|Failed with result|Stopped ' | tail -n 120`,
          "the kubelet's own last lines before each exit: the error it exits on (an API server it cannot reach or is refused by, a certificate, its configuration, the runtime)",
        ),
        read(
          'node',
          `journalctl ${home.journal} -b --no-pager | grep -m 20 -E 'failed to run Kubelet|x509|Unauthorized|connection refused|command failed|error: '`,
          'the reason it gives at each start',
        ),
        restart,
      ];
    }
    return [
      ...lookAround,
      read(
        'node',
        `journalctl ${home.journal} --since -30min --no-pager | tail -n 100`,
        'why it cannot post status',
      ),
      read('node', 'swapon --show', 'swap prevents the kubelet from starting'),
      change('node', 'swapoff -a', 'only if swap is on: disable it (and remove it from /etc/fstab)'),
      change(
        'node',
        `systemctl restart ${home.unit}`,
        'restart the kubelet once the cause is fixed (containers keep running)',
      ),
    ];
  },
  probes: [
    {
      what: 'the Ready condition and the node Lease',
      fills: ['conditions'],
      how: ({ node }) => `kubectl get node ${node} -o jsonpath='{.status.conditions}'`,
    },
    {
      what: 'kubelet logs',
      fills: ['logs.kubelet'],
      // A Windows node has no journal: the kubelet is a service (or a distribution agent's child) writing a file.
      // RKE2's path is the one its Windows security advisory lists; elsewhere the kubelet's --log-file names it.
      how: ({ facts }) =>
        facts.has('node.windows')
          ? "Get-Content -Tail 300 C:\\var\\lib\\rancher\\rke2\\agent\\logs\\kubelet.log  # RKE2; elsewhere the file the kubelet's --log-file names; and Get-WinEvent -FilterHashtable @{LogName='System'; ProviderName='Service Control Manager'} -MaxEvents 50"
          : 'journalctl -u kubelet --since -1h',
    },
  ],
};
