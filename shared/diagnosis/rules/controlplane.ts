import type { Signature } from './types.ts';

/**
 * Round 29 (r29-controlplane): the control plane's own failures as its programs write them, where every node is cut
 * off from the control plane's view although the nodes themselves may be healthy.
 *
 * - The datastore exiting: etcd's fatal exit (at start: its peer or client port bound by another process, its data
 *   directory, WAL or snapshot unreadable or corrupt, a member already bootstrapped; later: a WAL or backend write it
 *   cannot make), in every logger it has had (capnslog's "C | etcdmain: ..." text in v3.3-v3.4, zap's JSON with
 *   "level":"fatal" or "panic" from v3.4), and the kubelet's back-off of its static pod. With no datastore the API
 *   server may listen but answers nothing: every kubelet's Lease and status write fails.
 * - The API server's own health check failing on its datastore (its healthz/livez/readyz list, "[-]etcd failed").
 * - A controller that relays nodes' status to the API server on their behalf (KubeEdge cloudcore's edgecontroller
 *   and devicecontroller, OpenYurt's yurthub, virtual-kubelet providers) unable to reach the API server: the nodes it
 *   relays go NotReady while their own link to the controller is up.
 *
 * etcd's message strings are its errors, returned whole into the fatal line (or its capnslog "%v"), so they are read
 * in any component: k3s and rke2 log the embedded etcd's lines under their own identifier, and a static pod's log
 * carries none.
 */

/** The errors under which a client's request never reached the API server (Go's net and net/http, the resolver). */
const UNREACHED =
  '(?:dial tcp|i/o timeout|connection refused|no such host|no route to host|network is unreachable|TLS handshake timeout|Client\\.Timeout exceeded|server misbehaving|connection reset by peer|http2: client connection lost)';

export const CONTROLPLANE_RULES: readonly Signature[] = [
  // etcd's zap logger (v3.4 onwards; the only logger from v3.5): a fatal or panic line from one of etcd's own server
  // packages is etcd exiting. The caller is zap's short caller (package directory and file), after "level" and "ts"
  // and, for raft's panics relayed through etcdserver/zap_raft.go, a "logger" field. Quoted inside another JSON
  // document (a container log's "log" field), its quotes are escaped.
  {
    fact: 'etcd.fatal_exit',
    pattern:
      'level\\\\?":\\\\?"(?:fatal|panic)\\\\?"[^\\n]{0,160}?caller\\\\?":\\\\?"(?:etcdmain|embed|etcdserver|wal|snap|backend|mvcc|membership|rafthttp|v3rpc|schema|etcdutil)/',
    literals: ['level":"fatal"', 'level\\":\\"fatal', 'level":"panic"', 'level\\":\\"panic'],
    source:
      'etcd-io/etcd server/etcdmain/etcd.go startEtcdOrProxyV2 (lg.Fatal "discovery failed" with the start error, "listener failed", "failed to list data directory", "invalid datadir; both member and proxy directories exist"), server/etcdserver/bootstrap.go (Fatal "failed to open WAL", "failed to read WAL, cannot be repaired", "failed to repair WAL"; Panic "failed to recover v3 backend from snapshot", "failed to create WAL"), server/storage/backend/backend.go (Fatal "failed to open database", "failed to commit tx", "failed to begin tx"), server/etcdserver/zap_raft.go (raft\'s Panicf "tocommit(%d) is out of range [lastIndex(%d)]"); zap JSON with zap.ShortCallerEncoder ("caller":"etcdmain/etcd.go:204"), v3.4 (beside capnslog, --logger=zap) to v3.6 (etcdserver/raft.go, etcdserver/server.go, etcdmain/etcd.go in v3.4)',
    mechanism:
      "etcd exits on a fatal error of its own (at start: its port taken, its data directory, WAL or snapshot unreadable; later: a write to its WAL or database it cannot make): with no datastore the API server answers no request, and every kubelet's Lease and status write fails",
  },
  // capnslog (v3.3, and v3.4 with --logger=capnslog): plog.Fatalf/Panicf print the CRITICAL level letter "C" after
  // the timestamp, then the package ("etcdmain: " and the start error, "%v").
  {
    fact: 'etcd.fatal_exit',
    pattern:
      '[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{6} C \\| (?:etcdmain|etcdserver|embed|wal|snap|raft|mvcc|backend)[a-z/]*: ',
    literals: [
      ' C | etcdmain',
      ' C | etcdserver',
      ' C | embed',
      ' C | wal',
      ' C | snap',
      ' C | raft',
      ' C | mvcc',
      ' C | backend',
    ],
    source:
      'etcd-io/etcd v3.3-v3.4 etcdmain/etcd.go startEtcdOrProxyV2 (plog.Fatalf("%v", err) on the start error, plog.Fatal(lerr) on a listener\'s), etcdserver/raft.go and server.go (plog.Fatalf "create wal error: %v", plog.Panicf "recovering backend from snapshot error: %v"), raft/log.go (Panicf "tocommit(%d) is out of range [lastIndex(%d)]"); coreos/pkg capnslog\'s formatter ("2006-01-02 15:04:05.000000 C | etcdmain: ...", C for CRITICAL: Fatal and Panic)',
    mechanism:
      "etcd exits on a fatal error of its own (its start error, a listener's, a WAL or snapshot it cannot read): with no datastore the API server answers no request, and every kubelet's Lease and status write fails",
  },
  // The start errors themselves, wherever they are quoted (etcd's zap "error" field, its capnslog text, a paste of
  // its container's log, k3s's embedded etcd): the peer or client port taken by another process, the member's data
  // directory refused, its WAL or snapshot corrupt, its raft log behind what the cluster committed.
  {
    fact: 'etcd.fatal_exit',
    pattern:
      'listen tcp [^ \\n]*:(?:2379|2380|2381): bind: address already in use|member [0-9a-f]+ has already been bootstrapped|cannot access data directory: |(?:wal|walpb|snap): crc mismatch|failed to recover v3 backend from snapshot|recovering backend from snapshot error|failed to find database snapshot file|does not match with snapshot \\(index [0-9]+\\)|tocommit\\([0-9]+\\) is out of range \\[lastIndex\\([0-9]+\\)\\]|the member has been permanently removed from the cluster',
    literals: [
      'bind: address already in use',
      'has already been bootstrapped',
      'cannot access data directory: ',
      'wal: crc mismatch',
      'walpb: crc mismatch',
      'snap: crc mismatch',
      'failed to recover v3 backend from snapshot',
      'recovering backend from snapshot error',
      'failed to find database snapshot file',
      'does not match with snapshot (index',
      'is out of range [lastIndex(',
      'permanently removed from the cluster',
    ],
    source:
      'etcd-io/etcd server/embed/etcd.go configurePeerListeners / configureClientListeners (net.Listen\'s "listen tcp %s: bind: address already in use" returned to StartEtcd; "creating peer listener failed" from v3.6), server/etcdserver/bootstrap.go (v3.6; etcdserver/server.go NewServer v3.3-v3.5: "member %s has already been bootstrapped", "cannot access data directory: %v", "failed to find database snapshot file (%v)", "database file (%v index %d) does not match with snapshot (index %d)", Panic "failed to recover v3 backend from snapshot"; v3.3 "recovering backend from snapshot error: %v"), server/storage/wal/walpb/record.go ErrCRCMismatch ("walpb: crc mismatch"; wal/wal.go "wal: crc mismatch" before v3.5), server/etcdserver/api/snap/snapshotter.go ErrCRCMismatch ("snap: crc mismatch"), raft log.go commitTo ("tocommit(%d) is out of range [lastIndex(%d)]. Was the raft log corrupted, truncated, or lost?"), server/etcdserver/server.go errMemberRemoved ("the member has been permanently removed from the cluster": a member removed from the cluster stops itself); the ports are etcd\'s client (2379), peer (2380) and metrics (2381, kubeadm\'s --listen-metrics-urls)',
    mechanism:
      "etcd cannot start: its port is held by another process, or its data directory, WAL or snapshot is refused or corrupt, and it exits at once (a static pod or unit restarting it into the same error): the API server has no datastore, so every kubelet's Lease and status write fails",
  },
  // k3s and rke2 servers: the embedded etcd or kine (SQL behind an etcd face) failing to start, returned up the server's
  // start path and printed by its fatal exit ("starting kubernetes: preparing server: ...").
  {
    fact: 'etcd.fatal_exit',
    pattern: '(?:start managed database|creating storage endpoint): ',
    literals: ['start managed database: ', 'creating storage endpoint: '],
    source:
      'k3s-io/k3s pkg/cluster/cluster.go (*Cluster).Start (errors.Wrap "start managed database": the embedded etcd\'s start or join) and startStorage (errors.Wrap "creating storage endpoint" around kine\'s endpoint.Listen: "building kine", later "failed to create driver for %s: %w", "starting kine backend: %w", "creating listener: %w" in k3s-io/kine pkg/endpoint/endpoint.go), wrapped by pkg/daemons/control/server.go ("preparing server") and pkg/server/server.go ("starting kubernetes") and logged by logrus.Fatal; v1.19 onwards, rke2 the same',
    mechanism:
      "the k3s/rke2 server's datastore (its embedded etcd or kine over SQL) cannot start, so the server exits before its API server serves: every agent's kubelet, and this node's own, loses its status path",
  },
  // The kubelet's back-off of the datastore's static pod (kubeadm's etcd-<node>): etcd exits again at every start.
  {
    fact: 'etcd.fatal_exit',
    pattern: '[Bb]ack-off (?:[0-9hms.]+ )?restarting failed container(?:=| )etcd (?:pod=|in pod )etcd-',
    // The prefilter looks at a literal's first 20 characters: they must name etcd, not any back-off.
    literals: ['container=etcd ', 'container etcd '],
    source:
      'kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go (*kubeGenericRuntimeManager).doBackOff (fmt.Errorf "back-off %s restarting failed container=%s pod=%s", "Back-off %s ..." before 1.13, returned as the CrashLoopBackOff reason in "Error syncing pod"; the event "Back-off restarting failed container %s in pod %s" from 1.27), for kubeadm\'s etcd static pod (cmd/kubeadm/app/phases/etcd/local.go, named etcd-<node>)',
    mechanism:
      "the kubelet holds the datastore's static pod in back-off: etcd exits at every start, so the API server has no datastore and every kubelet's Lease and status write fails",
  },
  // docker ps -a on a dockershim node (kubelets before 1.24, cri-dockerd after): the static pod's container named
  // k8s_<container>_<pod>_<namespace>_<uid>_<attempt>, exited with a non-zero status.
  {
    fact: 'etcd.fatal_exit',
    pattern: 'Exited \\([1-9][0-9]*\\) [^\\n]{0,80}k8s_etcd_etcd-[^_ \\n]+_kube-system_',
    literals: ['k8s_etcd_etcd-'],
    source:
      'kubernetes pkg/kubelet/dockershim/naming.go makeContainerName ("k8s_<container>_<pod>_<namespace>_<uid>_<attempt>", to 1.23; Mirantis/cri-dockerd core/naming.go after), as docker ps -a lists it with moby\'s state "Exited (%d) %s ago"; kubeadm\'s etcd static pod',
    mechanism:
      "the datastore's static-pod container exited with an error (docker's listing of its attempts): etcd is not running between restarts, so the API server has no datastore",
  },
  {
    fact: 'apiserver.down',
    pattern: 'Exited \\([1-9][0-9]*\\) [^\\n]{0,80}k8s_kube-apiserver_kube-apiserver-[^_ \\n]+_kube-system_',
    literals: ['k8s_kube-apiserver_kube-apiserver-'],
    source:
      'kubernetes pkg/kubelet/dockershim/naming.go makeContainerName ("k8s_<container>_<pod>_<namespace>_<uid>_<attempt>", to 1.23; Mirantis/cri-dockerd core/naming.go after), as docker ps -a lists it with moby\'s state "Exited (%d) %s ago"; kubeadm\'s API server static pod',
    mechanism:
      "the API server's static-pod container exited with an error (docker's listing of its attempts): no API server answers between restarts, and every kubelet's status path is lost meanwhile",
  },
  // The same back-off for the API server's static pod (kube-apiserver-<node>): the API server exits at every start.
  {
    fact: 'apiserver.down',
    pattern:
      '[Bb]ack-off (?:[0-9hms.]+ )?restarting failed container(?:=| )kube-apiserver (?:pod=|in pod )kube-apiserver-',
    literals: ['container=kube-apiserver ', 'container kube-apiserver '],
    source:
      'kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go (*kubeGenericRuntimeManager).doBackOff (fmt.Errorf "back-off %s restarting failed container=%s pod=%s"; the event "Back-off restarting failed container %s in pod %s" from 1.27), for kubeadm\'s API server static pod (cmd/kubeadm/app/phases/controlplane/manifests.go, named kube-apiserver-<node>)',
    mechanism:
      "the kubelet holds the API server's static pod in back-off: the API server exits at every start, and every kubelet's Lease and status write fails while it is down",
  },
  // The kubelet's probes of the control plane's static pods (kubeadm's etcd-<node> and kube-apiserver-<node> in
  // kube-system): the structured line names the pod and container, the older one the pod's full name and the
  // container after a colon, the event the URL it probed (kubeadm's etcd health on 127.0.0.1:2381, the API server's
  // /livez, /readyz or /healthz on its secure port) when the connection itself failed.
  {
    fact: 'etcd.unavailable',
    pattern:
      '\\\\?"Probe failed\\\\?" probeType=\\\\?"?(?:Liveness|Startup)\\\\?"? pod=\\\\?"kube-system/etcd-[^\\n]{0,200} containerName=\\\\?"etcd\\\\?"|(?:Liveness|Startup) probe for \\\\?"etcd-[^"\\n_]{1,120}_kube-system\\([^)\\n]{1,80}\\):etcd\\\\?" failed|(?:Liveness|Startup) probe failed: [^\\n]{0,200}:2381/health',
    // Each names etcd's pod within its first 20 characters, not any probe's failure.
    literals: ['kube-system/etcd-', 'probe for "etcd-', 'probe for \\"etcd-', ':2381/health'],
    source:
      'kubernetes pkg/kubelet/prober/prober.go (*prober).probe (glog/klog "%s probe for %q failed (%v): %s" with the pod\'s full name and the container after a colon, to 1.20; structured "Probe failed" with probeType, pod, podUID, containerName, probeResult and output since; the event "%s probe failed: %s" with the probe\'s error, "Get \\"http://127.0.0.1:2381/health?exclude=NOSPACE&serializable=true\\": dial tcp ..."), for kubeadm\'s etcd static pod (cmd/kubeadm/app/phases/etcd/local.go: livenessProbe and startupProbe on /health at the metrics port 2381)',
    mechanism:
      "the kubelet's probe of the control plane's etcd fails: etcd is not serving (no leader, not answering, or down), so the API server's reads and writes fail and the kubelet restarts etcd",
  },
  {
    fact: 'apiserver.down',
    pattern:
      '\\\\?"Probe failed\\\\?" probeType=\\\\?"?(?:Liveness|Readiness|Startup)\\\\?"? pod=\\\\?"kube-system/kube-apiserver-[^\\n]{0,200} containerName=\\\\?"kube-apiserver\\\\?"|(?:Liveness|Readiness|Startup) probe for \\\\?"kube-apiserver-[^"\\n_]{1,120}_kube-system\\([^)\\n]{1,80}\\):kube-apiserver\\\\?" failed|(?:Liveness|Readiness|Startup) probe failed: [^\\n]{0,200}:(?:6443|16443)/(?:livez|readyz|healthz)',
    literals: [
      'kube-system/kube-apiserver-',
      'probe for "kube-apiserver-',
      'probe for \\"kube-apiserver-',
      ':6443/livez',
      ':6443/readyz',
      ':6443/healthz',
    ],
    source:
      'kubernetes pkg/kubelet/prober/prober.go (*prober).probe (klog "%s probe for %q failed (%v): %s" to 1.20; structured "Probe failed" with probeType, pod, containerName since; the event "%s probe failed: %s" with the probe\'s error), for kubeadm\'s API server static pod (cmd/kubeadm/app/phases/controlplane/manifests.go: livenessProbe /livez, readinessProbe /readyz, startupProbe /livez on the secure port, 6443; /healthz before 1.20; MicroK8s 16443)',
    mechanism:
      "the kubelet's probe of the API server's static pod fails (its livez, readyz or healthz check, etcd's among them, or no answer at all): the API server is down or not serving, and is restarted by its liveness probe, so every kubelet's status path is lost meanwhile",
  },
  // The API server unable to open its own secure port at start (another process holds it, an old instance still
  // running): it exits and its static pod restarts into the same error.
  {
    fact: 'apiserver.down',
    pattern: 'failed to create listener: failed to listen on [^ \\n]*:(?:6443|16443|6444|8443): ',
    literals: ['failed to create listener: failed to listen on'],
    source:
      'kubernetes staging/src/k8s.io/apiserver/pkg/server/options/serving.go (*SecureServingOptions).ApplyTo ("failed to create listener: %v") around CreateListener ("failed to listen on %v: %v", net.Listen\'s "listen tcp %s: bind: address already in use"), printed by cmd/kube-apiserver as "Error: ..." before it exits; the port the API server\'s (kubeadm 6443, MicroK8s 16443, k3s\'s internal 6444)',
    mechanism:
      'the API server cannot open its secure port (held by another process, or an instance that did not exit) and exits at start: no API server answers there, and every kubelet it serves loses its status path',
  },
  // etcd's alarms: NOSPACE (the backend past its quota: etcd serves only reads and deletes) and CORRUPT (a member's
  // hash differs: etcd refuses writes), as etcd logs them and as etcdctl alarm list prints them.
  {
    fact: 'etcd.unavailable',
    pattern:
      'alarm raised\\\\?",\\\\?"alarm\\\\?":\\\\?"(?:NOSPACE|CORRUPT)|alarm (?:NOSPACE|CORRUPT) raised by peer|alarm:(?:NOSPACE|CORRUPT)',
    literals: ['alarm raised', 'raised by peer', 'alarm:NOSPACE', 'alarm:CORRUPT'],
    source:
      'etcd-io/etcd server/etcdserver/apply (v3.5 apply.go (*applierV3backend).Alarm: lg.Warn "alarm raised" with alarm and from; v3.3 etcdserver/apply.go plog.Warningf "alarm %v raised by peer %s"), etcdctl/ctlv3/command/printer_simple.go Alarm ("memberID:%d alarm:%s", etcdctl alarm list); NOSPACE swaps in the capped applier (writes refused with "mvcc: database space exceeded"), CORRUPT the corrupt one',
    mechanism:
      "etcd has raised its NOSPACE (past its space quota) or CORRUPT alarm and refuses writes: the API server fails every write, the kubelets' Lease renewals and status updates among them, until the alarm is disarmed",
  },
  // The API server's health check list (healthz, livez, readyz): its etcd check (and from 1.26 readyz's
  // etcd-readiness) failing is the API server unable to reach or use its datastore. The public answer withholds the
  // reason, the log prints it; the log line opens with the failed checks' names and the endpoint.
  {
    fact: 'etcd.unavailable',
    pattern:
      '\\[-\\]etcd(?:-readiness)? failed|etcd(?:-readiness)?(?:,[a-z0-9/-]+)* check failed: (?:healthz|livez|readyz)',
    literals: ['[-]etcd', 'check failed: healthz', 'check failed: livez', 'check failed: readyz'],
    source:
      'kubernetes staging/src/k8s.io/apiserver/pkg/server/healthz/healthz.go handleRootHealth ("[-]%s failed: reason withheld" in the answer, "[-]%s failed: %v" in the log, klog "%s check failed: %s\\n%v" with the failed checks joined by commas and the endpoint name, the answer ending "%s check failed"), the check named "etcd" by staging/src/k8s.io/apiserver/pkg/server/options/etcd.go addEtcdHealthEndpoint (healthz and livez) and "etcd-readiness" on readyz (1.26 on); the format since 1.16 (livez and readyz added), "healthz check failed" alone before',
    mechanism:
      "the API server's own check of its datastore fails (etcd unreachable, not answering in time or refusing): it listens but cannot serve reads or writes, so every kubelet's Lease and status write fails and clients hang",
  },
  // etcd's request throttle: the applied index has fallen too far behind the committed one (5000 entries), and it
  // refuses every new request with ErrTooManyRequests until it catches up.
  {
    fact: 'etcd.unavailable',
    pattern: 'etcdserver: too many requests',
    literals: ['etcdserver: too many requests'],
    source:
      'etcd-io/etcd api/v3rpc/rpctypes/error.go ErrGRPCRequestTooManyRequests ("etcdserver: too many requests", codes.ResourceExhausted), returned by server/etcdserver/v3_server.go processInternalRaftRequestOnce when committed index - applied index > maxGapBetweenApplyAndCommitIndex (5000); v3.3 to v3.6 (etcdserver/errors.go ErrTooManyRequests before)',
    mechanism:
      "etcd applies its log far behind what it commits (a slow disk or an overloaded member) and refuses every new request: the API server fails its writes, the kubelets' Lease renewals and status updates among them",
  },
  // The etcd client inside the API server (and etcdctl): a request to etcd that failed past its deadline or found no
  // member available. An election's "leader changed" is routine (the next request succeeds), and a cancelled call is
  // the caller's own.
  {
    fact: 'etcd.unavailable',
    pattern: 'retrying of unary invoker failed[^\\n]{0,300}code = (?:DeadlineExceeded|Unavailable)',
    unless: 'leader changed',
    literals: ['retrying of unary invoker failed'],
    source:
      'etcd-io/etcd client/v3/retry_interceptor.go (*Client).unaryClientInterceptor (zap Warn "retrying of unary invoker failed" with target, attempt and the gRPC error, "rpc error: code = DeadlineExceeded desc = context deadline exceeded" or "code = Unavailable desc = ..."; clientv3/retry_interceptor.go in v3.4), the client kubernetes staging/src/k8s.io/apiserver/pkg/storage/storagebackend/factory/etcd3.go builds (logger "etcd-client")',
    mechanism:
      "the API server's requests to etcd fail: etcd does not answer within the request's deadline or no member is available, so the API server fails the kubelets' Lease renewals and status updates with them",
  },
  // KubeEdge's cloud side: cloudcore's edgecontroller (and devicecontroller) exits when it cannot build its
  // controllers (their informers list from the API server), and logs its own failures to update or read a relayed
  // node; with the API server unreached, the edge nodes' status never arrives.
  {
    fact: 'relay.apiserver_unreachable',
    pattern: `(?:[Nn]ew (?:downstream|upstream) controller failed with error|[Ss]tart (?:downstream|upstream) failed with error|process failure, (?:update|patch|create) node failed with error|process failure with error|(?:[Cc]reate|[Uu]pdate|[Qq]uery) lease [^ \\n]+ failed, error: )[^\\n]{0,400}${UNREACHED}`,
    literals: [
      'controller failed with error',
      'downstream failed with error',
      'upstream failed with error',
      'update node failed with error',
      'patch node failed with error',
      'create node failed with error',
      'process failure with error',
      'create lease ',
      'update lease ',
      'query lease ',
    ],
    source:
      'kubeedge/kubeedge cloud/pkg/edgecontroller/edgecontroller.go Start ("new downstream controller failed with error: %s", "new upstream controller failed with error: %s": log.LOGGER v1.0-v1.1, klog.Errorf to v1.7, klog.Fatalf v1.8-v1.12, klog.Exitf "New downstream controller failed with error: %s", "Start downstream failed with error: %s" from v1.13; the same in cloud/pkg/devicecontroller), cloud/pkg/edgecontroller/controller/upstream.go updateNodeStatus ("message: %s process failure, update node failed with error: %s, namespace: %s, name: %s"), patchNode ("message: %s process failure, patch node failed with error: %v, namespace: %s, name: %s", v1.1x on), createOrUpdateLease and queryLease ("create lease %s failed, error: %v", "Update lease %s failed, error: %v", "Query lease %s failed, error: %v": the Leases of the edge nodes, v1.1x on) and queryNode/updateNode ("message: %s process failure with error: %s, namespace(s): %s name: %s"), v1.0 to v1.23, with Go\'s dial and resolver errors from client-go',
    mechanism:
      "KubeEdge's cloud side, which writes the edge nodes' status to the API server, cannot reach the API server (its service name unresolved, its address timing out or refused): the edge nodes' status and heartbeats never arrive, and they go NotReady although their link to cloudcore is up",
  },
  // virtual-kubelet's node controller: the provider's node status update failing on the API server.
  {
    fact: 'relay.apiserver_unreachable',
    pattern: `Error handling node status update[^\\n]{0,400}${UNREACHED}`,
    literals: ['Error handling node status update'],
    source:
      'virtual-kubelet/virtual-kubelet node/node.go (*NodeController).controlLoop (log.G(ctx).WithError(err).Error("Error handling node status update"), logrus with error="..."), the node status a provider posts for its virtual node',
    mechanism:
      "the virtual-kubelet's node controller cannot post its virtual node's status to the API server: the node goes NotReady while the provider behind it may be healthy",
  },
  // Client-go's reflector (and any API call) failing to reach the API server, in a relaying controller's own log:
  // its informers serve the nodes' objects it relays, and its writes carry their status. Only such a controller's
  // lines (components.ts RELAY): the kubelet's and the controller manager's own reflectors are read by their rules.
  {
    fact: 'relay.apiserver_unreachable',
    pattern: `[Ff]ailed to (?:list|watch|update|patch) [^\\n]{0,400}${UNREACHED}`,
    literals: ['failed to list', 'failed to watch', 'failed to update', 'failed to patch'],
    from: ['relay'],
    strict: true,
    source:
      'kubernetes staging/src/k8s.io/client-go/tools/cache/reflector.go ListAndWatch / watchList ("%s: Failed to list %v: %v" through utilruntime.HandleError to 1.2x, "%s: failed to list %v: %v" and "Failed to watch %v: failed to list %v: %v" from 1.2x, "Unhandled Error" err=... from 1.31), the informers of KubeEdge\'s cloudcore, OpenYurt\'s yurthub and yurt-manager, virtual-kubelet; with Go\'s net/http and resolver errors (dial tcp: lookup %s on %s: ... i/o timeout)',
    mechanism:
      "a controller that relays nodes' status cannot reach the API server (its in-cluster service name unresolved, its address timing out or refused): its informers hold nothing new and its status writes fail, so the nodes it relays go NotReady",
  },
  // OpenYurt's yurthub: a request it forwards for the edge node's kubelet (its node status, its Lease) failing on the
  // cloud's API server.
  {
    fact: 'edge.cloud_link_lost',
    pattern: `(?:remote proxy error handler|failed while proxying request)[^\\n]{0,400}${UNREACHED}`,
    literals: ['remote proxy error handler', 'failed while proxying request'],
    source:
      'openyurtio/openyurt pkg/yurthub/proxy/remote/loadbalancer.go (*LoadBalancer).errorHandler ("remote proxy error handler: %s, %v" with util.ReqString "%v %s %s: %s": the client component, verb, resource and URL) and pkg/yurthub/proxy/remote/remote.go errorHandler ("failed while proxying request %s, %v"), v0.1 onwards',
    mechanism:
      "yurthub cannot forward the edge node's requests (its kubelet's status and Lease among them) to the cloud's API server: the edge node's heartbeat stays on the edge",
  },
];
