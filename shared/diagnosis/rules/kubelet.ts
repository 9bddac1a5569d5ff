import { parseGoDuration } from '../duration.ts';
import {
  INITSCRIPTS,
  initscriptsDead,
  initscriptsStopped,
  KUBELET_SERVICE_NAMES as KS,
  MICROK8S,
  MICROK8S_KUBELET,
  microk8sInspectDown,
  OPENRC,
  openrcDown,
  openrcStopped,
  SNAPD,
  snapServiceInactive,
  supervisorctlRow,
  supervisordExited,
  supervisordGaveUp,
  systemctlFailedRow,
  talosServiceEnded,
  talosServicesRow,
  UPSTART,
  upstartDied,
  upstartGaveUp,
  upstartStopped,
} from './service-managers.ts';
import type { Signature } from './types.ts';
import { SCM_EVENTS, scmServiceFailure } from './windows-scm.ts';

/**
 * An image pull's TLS failure as the kubelet and the runtimes relay it (kuberuntime's PullImage, the image
 * service's "failed to pull and unpack image", a registry's /v2/ manifest or blob URL): the registry's certificate.
 */
const PULL_TLS =
  '[Pp]ull(?:Image|ing image| image|ed image)|[Ff]ailed to pull|pull and unpack|ErrImagePull|/v2/[^ ]*/(?:manifests|blobs)/';
/** `pleg was last seen active 3m46.75s ago; threshold is 3m0s` → the two durations. */
export const PLEG_AGE = /pleg was last seen active ([^;]+?) ago; threshold is ([0-9hmsuµμn. ]+[hmsn])/;

function plegAgeSeconds(line: string): number | undefined {
  const m = PLEG_AGE.exec(line);
  return m ? parseGoDuration(m[1] ?? '') : undefined;
}

/**
 * Go `net`/`net/http` and client-go errors that say the API server could not be reached over the network: net/http's
 * "net/http: request canceled" (a client timeout or a cancelled context, before 1.23 with "(Client.Timeout exceeded
 * while awaiting headers)" or "while waiting for connection"), the kernel's ETIMEDOUT ("connection timed out")
 * when its retransmissions on an established connection, or a connect, give up, and x/net's HTTP/2 health check
 * dropping a silent connection ("http2: client connection lost").
 */
const NETWORK_CAUSE =
  '(?:i/o timeout|connection refused|no route to host|network is unreachable|TLS handshake timeout|Client\\.Timeout exceeded|context deadline exceeded|connection reset by peer|net/http: request canceled|connection timed out|http2: client connection lost)';

/**
 * The errors a request ends in when nothing answers on its path: timeouts (the client's, the context's, the kernel's
 * ETIMEDOUT), no route (an address that moved), x/net's health check dropping the silent connection. A refused or
 * reset connection is the far end answering, and is not among them.
 */
const SILENT_PATH =
  '(?:context deadline exceeded|Client\\.Timeout exceeded|net/http: request canceled|i/o timeout|connection timed out|TLS handshake timeout|no route to host|http2: client connection lost)';

/** A SIGKILL death as systemd, shells and container runtimes report it. */
const KUBELET_KILLED =
  '(?:code=killed, status=9/KILL|status=137|[Ee]xit(?:ed)?(?: with)?(?: exit)? (?:code|status)[ :=]{0,2}137|Exited \\(137\\))';

/** The API server's answers that reject the kubelet's credentials rather than fail to arrive. */
const CREDENTIALS_REJECTED = '(?:Unauthorized|forbidden|x509:)';

/**
 * Errors of a connection that died under the client: one it keeps using after it was closed (kubelet.stale_conn),
 * or one its HTTP/2 health check or owner dropped (kubelet.api_conn_lost); the rules below own them.
 */
const STALE_CONNECTION =
  '(?:use of closed network connection|http2: client connection lost|http2: client connection force closed)';

/** kubelet_node_status.go: the node status loop's failures (registration, update, retries exhausted). */
const NODE_STATUS_FAILURE =
  '(?:Error updating node status|Unable to update node status|Unable to register node)';
/** NODE_STATUS_FAILURE's literals, for the prefilter. */
const NODE_STATUS_FAILURE_LITERALS = [
  'Error updating node status',
  'Unable to register node',
  'Unable to update node status',
];

/**
 * The kubelet's own calls to an in-tree cloud provider before it can post or register its Node, as it wraps their
 * errors: the node's addresses on every status update (kubelet.go setNodeAddress 1.1-1.5, kubelet_node_status.go
 * setNodeAddress 1.6-1.11, cloudresource/cloud_request_manager.go and nodestatus/setters.go NodeAddress 1.12-1.30:
 * "failed to get node address from cloud provider: %v", "... that matches ip: %v", "failed to get instances from
 * cloud provider"), and the instance at registration (initialNode: "error fetching current instance name from cloud
 * provider: %v", "failed to get external ID from cloud provider: %v", "failed to get zone from cloud provider: %v";
 * cloud-provider GetInstanceProviderID: "failed to get instance ID from cloud provider: %v"). Whatever the provider
 * answered (AWS "error listing AWS instances", "no instances found for name", an EC2MetadataError with a 429 page,
 * Azure "instance not found", a vSphere or OpenStack API timing out, 1.11's "Timeout after %v") follows the wrapper.
 */
const CLOUD_LOOKUP =
  '(?:failed to get (?:node address|instances|instance ID|external ID|zone) from cloud provider|error fetching current instance name from cloud provider)';

/**
 * The node lease controller's failures: `pkg/kubelet/nodelease/controller.go` in older releases ("failed to
 * ensure node lease exists", "failed to update node lease"), `component-helpers/apimachinery/lease/controller.go`
 * in newer ones ("Failed to ensure lease exists", "Failed to update lease", "failed to update lease using latest
 * lease").
 */
const LEASE_FAILURE = '(?:[Ff]ailed to ensure (?:node )?lease exists|[Ff]ailed to update (?:node )?lease)';
/** LEASE_FAILURE's literals (the prefilter matches them without regard to case). */
const LEASE_FAILURE_LITERALS = [
  'failed to ensure lease exists',
  'failed to ensure node lease exists',
  'failed to update lease',
  'failed to update node lease',
];

/**
 * How client-go's reflector names the type it lists and watches (getTypeDescriptionFromObject, expectedTypeName
 * before 1.28): a Go type (`*v1.Node`, `*v1beta1.RuntimeClass`), a GroupVersionKind (`storage.k8s.io/v1, Kind=…`)
 * or `<unspecified>`. Other programs' "failed to watch" (containerd's CNI directory, systemd's PIDs) name none.
 */
const REFLECTOR_TYPE =
  '(?:\\*[A-Za-z0-9_]+\\.[A-Za-z0-9_]+|<unspecified>|[a-z0-9.-]*/v[0-9][a-z0-9]*, (?:Kind|Resource)=[A-Za-z0-9]+)';

/**
 * The reflector's list and watch failures in every klog form: "Failed to list %v" (to 1.18) and "failed to list %v"
 * (1.19 on, wrapped as "Failed to watch %v: failed to list %v" by the watch error handler), "watch of %v ended with"
 * (the watch handler's warning to 1.32), and 1.33's structured "Failed to watch" err=… (HandleErrorWithContext) and
 * "Warning: watch ended with error" (the contextual logger's Info).
 */
const REFLECTOR_FAILURE = `(?:[Ff]ailed to (?:watch|list) ${REFLECTOR_TYPE}|watch of ${REFLECTOR_TYPE} ended with|"Failed to watch" err=|Warning: watch ended with error)`;
/** REFLECTOR_FAILURE's literals (compared without regard to case). */
const REFLECTOR_FAILURE_LITERALS = [
  'failed to watch',
  'failed to list',
  'watch of',
  'watch ended with error',
];

/** The CRI list calls relist makes (remote_runtime.go logs "<Call> with filter from runtime service failed"). */
const CRI_LIST_CALL = '(?:ListPodSandbox|ListContainers|ListPodSandboxStats|ListContainerStats)';

/** Messages the kubelet (and the node lifecycle controller about the kubelet) write. */
export const KUBELET_RULES: readonly Signature[] = [
  // --- PLEG (pkg/kubelet/pleg) and the runtime state the kubelet reports (pkg/kubelet/runtime.go) ---
  {
    fact: 'pleg.unhealthy',
    pattern: 'PLEG is not healthy: pleg (?:was last seen active|has yet to be successful)',
    literals: [
      'PLEG is not healthy: pleg has yet to be successful',
      'PLEG is not healthy: pleg was last seen active',
    ],
    from: ['kubelet'],
    value: plegAgeSeconds,
    source:
      'kubernetes pkg/kubelet/pleg/generic.go (*GenericPLEG).Healthy, prefixed "PLEG is not healthy" by pkg/kubelet/runtime.go (*runtimeState).runtimeErrors',
    mechanism:
      'no relist has completed within the threshold (3m): a runtime call inside relist is slow or stuck',
  },
  {
    fact: 'pleg.relist_error',
    pattern: 'GenericPLEG: Unable to retrieve pods',
    literals: ['GenericPLEG: Unable to retrieve pods'],
    from: ['kubelet'],
    source: 'kubernetes pkg/kubelet/pleg/generic.go (*GenericPLEG).Relist',
    mechanism:
      "relist's first call, listing all pods from the runtime (ListPodSandbox/ListContainers), failed",
  },
  {
    fact: 'pleg.evented_unhealthy',
    pattern: 'EventedPLEG: pleg event channel capacity is full',
    literals: ['EventedPLEG: pleg event channel capacity is full'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/pleg/evented.go (*EventedPLEG).Healthy (health check "EventedPLEG" registered in kubelet.go)',
    mechanism:
      'with the EventedPLEG feature gate the event channel (capacity 1000) is full: the kubelet stopped consuming PLEG events',
  },
  {
    fact: 'pleg.channel_full',
    pattern: 'Event channel is full, discard this relist',
    literals: ['Event channel is full, discard this relist'],
    from: ['kubelet'],
    source: 'kubernetes pkg/kubelet/pleg/generic.go (*GenericPLEG).Relist',
    mechanism: 'relist produced events faster than the sync loop consumes them; they are dropped',
  },
  {
    fact: 'pleg.channel_full',
    pattern: 'Evented PLEG: Event channel is full, discarded pod lifecycle event',
    literals: ['Evented PLEG: Event channel is full, discarded pod lifecycle event'],
    from: ['kubelet'],
    source: 'kubernetes pkg/kubelet/pleg/evented.go (*EventedPLEG).sendPodLifecycleEvent',
    mechanism: 'CRI container events arrive faster than the sync loop consumes them; they are dropped',
  },
  {
    fact: 'runtime.down',
    pattern: 'container runtime is down',
    literals: ['container runtime is down'],
    from: ['kubelet'],
    source: 'kubernetes pkg/kubelet/runtime.go (*runtimeState).runtimeErrors',
    mechanism:
      'no runtime Status call has succeeded for 2 × the status-update period: the runtime is not answering the kubelet',
  },
  {
    fact: 'runtime.down',
    pattern: 'Container runtime sanity check failed',
    literals: ['Container runtime sanity check failed'],
    from: ['kubelet'],
    source: 'kubernetes pkg/kubelet/kubelet.go (*Kubelet).updateRuntimeUp',
    mechanism: 'the CRI Status call failed outright',
  },
  {
    fact: 'runtime.down',
    pattern: '[Cc]ontainer runtime not ready|RuntimeReady=false',
    literals: ['container runtime not ready', 'RuntimeReady=false'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet.go (*Kubelet).updateRuntimeUp and pkg/kubelet/runtime.go (*runtimeState).runtimeErrors',
    mechanism: 'the runtime answers Status but reports its RuntimeReady condition false',
  },
  {
    // The kubelet's own eviction manager failing to start, in the reasons its sync loop gives for skipping pod
    // synchronization (runtimeState.runtimeErrors joins the runtime's errors, the PLEG's health and the kubelet's
    // internal and init errors) and in the Ready condition's message: initializeRuntimeDependentModules sets it as
    // an internal error, so every sync is skipped until the kubelet restarts. The same line form naming the runtime
    // (down, PLEG) is the runtime's; naming the eviction manager it is a kubelet component of its own. The container
    // manager's and OOM watcher's start failures share the line (initializeModules' init error) but turn on the host
    // (a cgroup controller not mounted, /dev/kmsg unreadable), so they are left to the rules that read their causes.
    fact: 'kubelet.module_start_failed',
    pattern: 'failed to start eviction manager',
    literals: ['failed to start eviction manager'],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/kubelet.go initializeRuntimeDependentModules (kl.runtimeState.setInternalError(fmt.Errorf("failed to start eviction manager %v", err)), 1.4 to 1.6, before the eviction manager\'s Start stopped returning an error), reported by syncLoop ("skipping pod synchronization - %v" with runtimeState.runtimeErrors) and setNodeReadyCondition (the Ready condition\'s message)',
    mechanism:
      "the kubelet's own eviction manager failed to start (cAdvisor had no stats for the root container, say), and the kubelet skips every pod sync for it: a kubelet component of its own, not the runtime, holds the node not ready",
  },
  {
    fact: 'runtime.status_pending',
    pattern: 'container runtime status check may not have completed yet',
    literals: ['container runtime status check may not have completed yet'],
    from: ['kubelet'],
    source: 'kubernetes pkg/kubelet/runtime.go (*runtimeState).runtimeErrors',
    mechanism: 'since the kubelet started, not one runtime Status call has succeeded',
  },

  // --- The CRI client (pkg/kubelet/cri/remote/remote_runtime.go; staging/src/k8s.io/cri-client since 1.31) ---
  {
    fact: 'runtime.list_timeout',
    pattern: `${CRI_LIST_CALL}[^\\n]{0,80}from runtime service failed[^\\n]{0,200}(?:DeadlineExceeded|deadline exceeded)`,
    literals: ['from runtime service failed'],
    from: ['kubelet'],
    source: 'kubernetes cri-client remote_runtime.go (*remoteRuntimeService).ListPodSandbox / ListContainers',
    mechanism: 'the runtime did not answer a list call within the CRI timeout (2m by default)',
  },
  {
    fact: 'runtime.list_timeout',
    pattern: 'Failed to list pod sandboxes[^\\n]{0,200}(?:DeadlineExceeded|deadline exceeded)',
    literals: ['Failed to list pod sandboxes'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kuberuntime/kuberuntime_sandbox.go (*kubeGenericRuntimeManager).getKubeletSandboxes',
    mechanism: 'the runtime did not answer ListPodSandbox within the CRI timeout',
  },
  {
    // The runtime-wide Status call alone timing out. containerd's CRI Status handler (internal/cri/server/status.go,
    // pkg/cri/server/status.go before 2.0) and cri-o's (server/runtime_status.go) also ask the network plugin for
    // its status through go-cni/ocicni, whose lock a CNI ADD/DEL that never returns keeps (and from containerd 2.0
    // the CNI STATUS verb runs the plugins themselves): list calls can answer while Status hangs.
    fact: 'runtime.status_timeout',
    pattern:
      'Status from runtime service failed[^\\n]{0,200}(?:DeadlineExceeded|deadline exceeded)|Container runtime sanity check failed[^\\n]{0,200}(?:DeadlineExceeded|deadline exceeded)',
    literals: ['Container runtime sanity check failed', 'Status from runtime service failed'],
    unless: '(?:PodSandbox|Container)Status from runtime service failed',
    from: ['kubelet'],
    source:
      'kubernetes cri-client remote_runtime.go (*remoteRuntimeService).Status and pkg/kubelet/kubelet.go (*Kubelet).updateRuntimeUp',
    mechanism:
      "the runtime's CRI Status call does not return within its timeout: its handler waits on the network plugin's status",
  },
  {
    fact: 'runtime.unreachable',
    pattern: `${CRI_LIST_CALL}[^\\n]{0,80}from runtime service failed[^\\n]{0,200}code = Unavailable`,
    literals: ['from runtime service failed'],
    from: ['kubelet'],
    source: 'kubernetes cri-client remote_runtime.go (*remoteRuntimeService).ListPodSandbox / ListContainers',
    mechanism:
      "the gRPC connection to the runtime's socket is down (refused, missing socket, or closed mid-call)",
  },
  {
    fact: 'runtime.unreachable',
    pattern:
      '(?:PodSandboxStatus|ContainerStatus|Status|Version) from runtime service failed[^\\n]{0,200}code = Unavailable',
    literals: ['Status from runtime service failed', 'Version from runtime service failed'],
    from: ['kubelet'],
    source:
      'kubernetes cri-client remote_runtime.go (*remoteRuntimeService).PodSandboxStatus / ContainerStatus / Status / Version',
    mechanism:
      "the gRPC connection to the runtime's socket is down (refused, missing socket, or closed mid-call)",
  },
  {
    // The same limit as the server sees it: the runtime refuses to send an answer over the client's limit and
    // returns ResourceExhausted with the send-side words (the kubelet logs them, and its ContainerGCFailed event).
    fact: 'runtime.list_too_large',
    pattern: 'grpc: trying to send message larger than max',
    literals: ['grpc: trying to send message larger than max'],
    from: ['kubelet', 'containerd', 'crio', 'dockerd'],
    source:
      'grpc-go rpc_util.go / server.go (*Server).sendResponse and encode checks (code ResourceExhausted)',
    mechanism:
      'a CRI answer (a list of every container or sandbox) is larger than the gRPC message limit: too many containers for one call',
  },
  {
    fact: 'runtime.list_too_large',
    pattern: 'grpc: received message (?:after decompression )?larger than max',
    literals: [
      'grpc: received message after decompression larger than max',
      'grpc: received message larger than max',
    ],
    from: ['kubelet'],
    source:
      'grpc-go rpc_util.go recvAndDecompress (code ResourceExhausted), returned to the kubelet by the CRI list calls',
    mechanism:
      'one ListContainers/ListPodSandbox answer exceeds the 16 MiB gRPC limit: the node holds too many containers (often exited ones)',
  },

  // --- Garbage collection (pkg/kubelet/kubelet.go, images/image_gc_manager.go) ---
  {
    fact: 'containers.gc_failed',
    pattern: '[Cc]ontainer garbage collection failed|ContainerGCFailed',
    literals: ['container garbage collection failed', 'ContainerGCFailed'],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/kubelet.go (*Kubelet).StartGarbageCollection (log line and ContainerGCFailed event)',
    mechanism: 'removing dead containers and sandboxes failed, so they pile up on the node',
  },
  {
    // Round 28 (r28-runtime): the kubelet's image garbage collection removing an image, a lead for what a node no
    // longer holds (the sandbox image among them, when its runtime does not report it pinned).
    fact: 'kubelet.image_gc_removed',
    pattern:
      '\\[imageGCManager\\]: Removing image \\\\?"[^"\\\\\\n]{1,300}\\\\?" to free [0-9]+ bytes|Removing image to free space\\\\?"? (?:image(?:ID)?=|imageID)',
    literals: ['[imageGCManager]: Removing image', 'Removing image to free space'],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/images/image_gc_manager.go (*realImageGCManager).freeSpace ("[imageGCManager]: Removing image %q to free %d bytes" in the glog and klog text of releases before the structured migration; "Removing image to free space" imageID= size= after it, with the "image.pinned" skip of images the runtime reports pinned, CRI Image.pinned)',
    mechanism:
      "the kubelet's image garbage collection removed an image no running container uses, to bring the image filesystem under its threshold: any image the runtime does not report pinned can go, the sandbox (pause) image too",
  },
  {
    fact: 'disk.image_gc_failed',
    pattern:
      '[Ff]ailed to garbage collect required amount of images|Image garbage collection failed multiple times in a row',
    literals: [
      'failed to garbage collect required amount of images',
      'Image garbage collection failed multiple times in a row',
    ],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/images/image_gc_manager.go (*realImageGCManager).GarbageCollect (FreeDiskSpaceFailed) and kubelet.go StartGarbageCollection (ImageGCFailed)',
    mechanism:
      'the image filesystem is over the high threshold and deleting unused images cannot free enough',
  },

  // --- Eviction manager and the pressure conditions (pkg/kubelet/eviction, pkg/kubelet/nodestatus/setters.go) ---
  {
    fact: 'mem.oom',
    pattern: '(?:[Aa]ttempting to reclaim|must evict pod\\(s\\) to reclaim)"? (?:resourceName=")?memory',
    literals: ['attempting to reclaim', 'must evict pod(s) to reclaim'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/eviction/eviction_manager.go (*managerImpl).synchronize (log lines "attempting to reclaim", "must evict pod(s) to reclaim", and the EvictionThresholdMet event)',
    mechanism:
      'memory.available fell below the eviction threshold: the kubelet evicts pods to reclaim memory',
  },
  {
    // The resource is signalToResource's (eviction/helpers.go): ephemeral-storage for nodefs/imagefs.available,
    // inodes for nodefs/imagefs.inodesFree.
    fact: 'disk.pressure',
    pattern:
      '(?:[Aa]ttempting to reclaim|must evict pod\\(s\\) to reclaim)"? (?:resourceName=")?(?:ephemeral-storage|inodes|nodefs|imagefs)',
    literals: ['attempting to reclaim', 'must evict pod(s) to reclaim'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/eviction/eviction_manager.go (*managerImpl).synchronize (log line and EvictionThresholdMet event; the resource named by helpers.go signalToResource)',
    mechanism: 'node or image filesystem space/inodes fell below the eviction threshold',
  },
  {
    // Written right after "must evict pod(s) to reclaim <resource>" when the kubelet has no active pod: klog.Errorf
    // in 1.19 ("eviction manager: …"), klog.ErrorS from 1.20 ("Eviction manager: …"). The resource is in the line
    // before; this one says evicting cannot help.
    fact: 'resources.no_pods_to_evict',
    pattern: '[Ee]viction manager: eviction thresholds have been met, but no pods are active to evict',
    literals: ['eviction manager: eviction thresholds have been met, but no pods are active to evict'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/eviction/eviction_manager.go (*managerImpl).synchronize (len(activePods) == 0 after a threshold was met)',
    mechanism:
      'a resource is below its eviction threshold and the kubelet has no running pod to evict: system daemons, images or logs hold it, and the pressure stays',
  },
  {
    fact: 'pid.pressure',
    pattern: '(?:[Aa]ttempting to reclaim|must evict pod\\(s\\) to reclaim)"? (?:resourceName=")?pid',
    literals: ['attempting to reclaim', 'must evict pod(s) to reclaim'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/eviction/eviction_manager.go (*managerImpl).synchronize (log line and EvictionThresholdMet event)',
    mechanism: 'free PIDs fell below the eviction threshold',
  },
  {
    fact: 'mem.oom',
    pattern: 'kubelet has insufficient memory available|low on resource: memory',
    literals: ['kubelet has insufficient memory available', 'low on resource: memory'],
    source:
      'kubernetes pkg/kubelet/nodestatus/setters.go MemoryPressureCondition; eviction/helpers.go (pod eviction message)',
    mechanism: 'the kubelet reports MemoryPressure or evicted a pod for memory',
  },
  {
    fact: 'disk.pressure',
    pattern: 'kubelet has disk pressure|low on resource: (?:ephemeral-storage|nodefs|imagefs)',
    literals: [
      'kubelet has disk pressure',
      'low on resource: ephemeral-storage',
      'low on resource: imagefs',
      'low on resource: nodefs',
    ],
    source:
      'kubernetes pkg/kubelet/nodestatus/setters.go DiskPressureCondition; eviction/helpers.go (pod eviction message)',
    mechanism: 'the kubelet reports DiskPressure or evicted a pod for disk',
  },
  {
    fact: 'pid.pressure',
    pattern: 'kubelet has insufficient PID available',
    literals: ['kubelet has insufficient PID available'],
    source: 'kubernetes pkg/kubelet/nodestatus/setters.go PIDPressureCondition',
    mechanism: 'the kubelet reports PIDPressure',
  },
  // The eviction manager's messages read whole, by the resource or condition they name. Its admission handler
  // rejects a pod with the node's conditions printed as a Go slice ("[DiskPressure]", "[MemoryPressure
  // DiskPressure]"): in the pod's status ("Pod The node had condition: …", "Pod was rejected: …" from 1.27), in its
  // Evicted event and in the kubelet's own admission log line. Up to 1.10 the same rejection used the eviction
  // message ("The node was low on resource: [DiskPressure]."), which #63415 (1.11) split in two. A slice that holds
  // several conditions names each, so each rule reads its own name anywhere in the brackets.
  {
    fact: 'disk.pressure',
    pattern:
      '(?:[Nn]ode had condition|node has conditions|low on resource|Failed to admit pod to node[^\\n]{0,300}nodeCondition)[:=]? ?"?\\[(?:[A-Za-z]+ )*DiskPressure',
    literals: ['DiskPressure'],
    source:
      'kubernetes pkg/kubelet/eviction/eviction_manager.go (*managerImpl).Admit (helpers.go nodeConditionMessageFmt "The node had condition: %v. " 1.11 and later, the eviction message "The node was low on resource: %v." before; the log line "Failed to admit pod %s - node has conditions: %v" to 1.19, structured "Failed to admit pod to node" nodeCondition=… from 1.20), relayed by kubelet.go rejectPod',
    mechanism:
      'the kubelet holds DiskPressure: its eviction manager refuses every new pod that does not tolerate it, and reclaims disk by evicting',
  },
  {
    fact: 'mem.oom',
    pattern:
      '(?:[Nn]ode had condition|node has conditions|low on resource|Failed to admit pod to node[^\\n]{0,300}nodeCondition)[:=]? ?"?\\[(?:[A-Za-z]+ )*MemoryPressure',
    literals: ['MemoryPressure'],
    source:
      'kubernetes pkg/kubelet/eviction/eviction_manager.go (*managerImpl).Admit (nodeConditionMessageFmt; under MemoryPressure alone only BestEffort pods are refused), relayed by kubelet.go rejectPod',
    mechanism:
      'the kubelet holds MemoryPressure: node memory is below the eviction threshold, so it refuses best-effort pods and evicts to reclaim',
  },
  {
    fact: 'pid.pressure',
    pattern:
      '(?:[Nn]ode had condition|node has conditions|low on resource|Failed to admit pod to node[^\\n]{0,300}nodeCondition)[:=]? ?"?\\[(?:[A-Za-z]+ )*PIDPressure',
    literals: ['PIDPressure'],
    source:
      'kubernetes pkg/kubelet/eviction/eviction_manager.go (*managerImpl).Admit (nodeConditionMessageFmt, PIDPressure from 1.10), relayed by kubelet.go rejectPod',
    mechanism:
      'the kubelet holds PIDPressure: free PIDs are below the eviction threshold, so it refuses new pods',
  },
  {
    // The eviction message names the resource from signalToResource: inodes for the inodesFree signals and pids
    // for pid.available (1.11 and later); before 1.11 the resources were the signals' own (nodefs, imagefs,
    // nodefsInodes, imagefsInodes), which the disk rule above reads by their prefix.
    fact: 'disk.pressure',
    pattern: 'low on resource: inodes',
    literals: ['low on resource: inodes'],
    source:
      'kubernetes pkg/kubelet/eviction/helpers.go evictionMessage (nodeLowMessageFmt with resourceInodes)',
    mechanism:
      'the node or image filesystem is below its free-inode threshold: the kubelet evicts to reclaim inodes',
  },
  {
    fact: 'pid.pressure',
    pattern: 'low on resource: pids',
    literals: ['low on resource: pids'],
    source:
      'kubernetes pkg/kubelet/eviction/helpers.go evictionMessage (nodeLowMessageFmt with resourcePids)',
    mechanism: 'free PIDs are below the eviction threshold: the kubelet evicts pods to reclaim them',
  },
  {
    // After the node-low sentence the message lists the containers over their request, each with the resource from
    // 1.26 (#111597); a line pasted without the sentence before it still names what the node ran short of.
    fact: 'mem.oom',
    pattern: 'request is [^ ,]+, has larger consumption of memory',
    literals: ['has larger consumption of memory'],
    source:
      'kubernetes pkg/kubelet/eviction/helpers.go evictionMessage (containerMessageFmt "Container %s was using %s, request is %s, has larger consumption of %v. " 1.26 and later; podMessageFmt in the same words for pod-level resources)',
    mechanism:
      'the kubelet evicted a pod for node memory pressure, ranking first those using more memory than they request',
  },
  {
    fact: 'disk.pressure',
    pattern: 'request is [^ ,]+, has larger consumption of (?:ephemeral-storage|inodes)',
    literals: ['has larger consumption of ephemeral-storage', 'has larger consumption of inodes'],
    source:
      'kubernetes pkg/kubelet/eviction/helpers.go evictionMessage (containerMessageFmt, 1.26 and later)',
    mechanism:
      "the kubelet evicted a pod for the node's disk pressure, ranking first those writing more than they request",
  },
  {
    // Local storage limits are enforced per pod whatever the node's state (localStorageEviction runs before the
    // thresholds are looked at), and since 1.11 their messages do not say the node was low.
    fact: 'disk.pod_limit',
    pattern:
      'exceeded its local ephemeral storage limit|Pod ephemeral local storage usage exceeds the total limit of containers|Usage of EmptyDir volume [^ ]+ exceeds the limit',
    literals: [
      'exceeded its local ephemeral storage limit',
      'Pod ephemeral local storage usage exceeds the total limit of containers',
      'Usage of EmptyDir volume',
    ],
    source:
      'kubernetes pkg/kubelet/eviction/eviction_manager.go (*managerImpl).localStorageEviction, containerEphemeralStorageLimitEviction, podEphemeralStorageLimitEviction and emptyDirLimitEviction (helpers.go containerEphemeralStorageMessageFmt, podEphemeralStorageMessageFmt, emptyDirMessageFmt; 1.11 and later)',
    mechanism:
      "one pod wrote past its own ephemeral-storage or emptyDir limit and was evicted for it: the pod's limit, not the node's disk",
  },
  {
    // The node lifecycle controller taints a node by its pressure conditions (TaintNodesByCondition); the scheduler
    // relays the taint when it cannot place a pod (its key and an empty value in braces), `kubectl describe node`
    // lists it with its effect. DaemonSet pods tolerate the same keys ("…:NoSchedule op=Exists"): a toleration is not
    // a taint.
    fact: 'disk.pressure',
    pattern: 'node\\.kubernetes\\.io/disk-pressure(?::NoSchedule|: ?\\})',
    literals: ['node.kubernetes.io/disk-pressure'],
    unless: 'op=Exists|[Tt]olerations:',
    source:
      'kubernetes staging/src/k8s.io/api/core/v1/well_known_taints.go TaintNodeDiskPressure, set by pkg/controller/nodelifecycle (*Controller).doNoScheduleTaintingPass from the DiskPressure condition; relayed by pkg/scheduler/framework/plugins/tainttoleration Filter ("node(s) had taint {%s: %s}, that the pod didn\'t tolerate" 1.18-1.24, "node(s) had untolerated taint {%s: %s}" 1.25 and later)',
    mechanism: 'the node carries the disk-pressure taint: its kubelet reports DiskPressure',
  },
  {
    fact: 'mem.oom',
    pattern: 'node\\.kubernetes\\.io/memory-pressure(?::NoSchedule|: ?\\})',
    literals: ['node.kubernetes.io/memory-pressure'],
    unless: 'op=Exists|[Tt]olerations:',
    source:
      "kubernetes well_known_taints.go TaintNodeMemoryPressure, set by the node lifecycle controller from MemoryPressure; relayed by the scheduler's TaintToleration filter",
    mechanism: 'the node carries the memory-pressure taint: its kubelet reports MemoryPressure',
  },
  {
    fact: 'pid.pressure',
    pattern: 'node\\.kubernetes\\.io/pid-pressure(?::NoSchedule|: ?\\})',
    literals: ['node.kubernetes.io/pid-pressure'],
    unless: 'op=Exists|[Tt]olerations:',
    source:
      "kubernetes well_known_taints.go TaintNodePIDPressure, set by the node lifecycle controller from PIDPressure; relayed by the scheduler's TaintToleration filter",
    mechanism: 'the node carries the pid-pressure taint: its kubelet reports PIDPressure',
  },
  {
    // The kubelet's node status event, as `kubectl describe node` and `kubectl get events` print it (the events
    // extractor reads the reason of structured events; this is the pasted line).
    fact: 'disk.pressure',
    pattern: 'status is now: NodeHasDiskPressure',
    literals: ['status is now: NodeHasDiskPressure'],
    source:
      'kubernetes pkg/kubelet/nodestatus/setters.go DiskPressureCondition (event NodeHasDiskPressure), recorded by kubelet_node_status.go recordNodeStatusEvent ("Node %s status is now: %s")',
    mechanism: 'the kubelet set DiskPressure on its node',
  },
  {
    fact: 'mem.oom',
    pattern: 'status is now: NodeHasInsufficientMemory',
    literals: ['status is now: NodeHasInsufficientMemory'],
    source:
      'kubernetes pkg/kubelet/nodestatus/setters.go MemoryPressureCondition (event NodeHasInsufficientMemory), recorded by recordNodeStatusEvent',
    mechanism: 'the kubelet set MemoryPressure on its node',
  },
  {
    fact: 'pid.pressure',
    pattern: 'status is now: NodeHasInsufficientPID',
    literals: ['status is now: NodeHasInsufficientPID'],
    source:
      'kubernetes pkg/kubelet/nodestatus/setters.go PIDPressureCondition (event NodeHasInsufficientPID), recorded by recordNodeStatusEvent',
    mechanism: 'the kubelet set PIDPressure on its node',
  },
  {
    fact: 'mem.oom',
    pattern: 'System OOM encountered',
    literals: ['System OOM encountered'],
    source: 'kubernetes pkg/kubelet/oom/oom_watcher_linux.go (*realWatcher).Start (SystemOOM event)',
    mechanism: 'the kernel OOM killer killed a process outside any container cgroup: node memory ran out',
  },
  {
    // The watcher logs only the kills it turns into SystemOOM events: those whose cgroup is the root ("/"), by the
    // container name (1.10-1.18) or the victim's container name (1.19+). Before 1.10 it watched cAdvisor's events
    // for "/" alone ("... from cadvisor").
    fact: 'mem.oom',
    literals: ['Got sys oom event'],
    pattern: 'Got sys oom event',
    from: ['kubelet'],
    strict: true,
    source:
      'kubernetes pkg/kubelet/oom/oom_watcher_linux.go (*realWatcher).Start ("Got sys oom event: %v" to 1.18, structured "Got sys oom event" event=… since, "… from cadvisor" before 1.10)',
    mechanism:
      'the kernel OOM killer chose a victim in the root cgroup, outside every pod: node memory ran out, not a container limit',
  },

  // --- Node status and lease (pkg/kubelet/kubelet_node_status.go, the lease controller) ---
  {
    fact: 'kubelet.api_error',
    pattern: `${NODE_STATUS_FAILURE}[^\\n]{0,300}${NETWORK_CAUSE}`,
    // The cloud provider's API timing out or refusing inside the update's error is the kubelet's lookup of its
    // addresses, not its path to the API server (kubelet.cloud_lookup_failed).
    unless: CLOUD_LOOKUP,
    literals: ['Error updating node status', 'Unable to register node', 'Unable to update node status'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet_node_status.go (*Kubelet).updateNodeStatus / registerWithAPIServer',
    mechanism: 'the kubelet cannot reach the API server to post node status',
  },
  {
    fact: 'kubelet.api_error',
    pattern: `${LEASE_FAILURE}[^\\n]{0,300}${NETWORK_CAUSE}`,
    literals: LEASE_FAILURE_LITERALS,
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go (*controller).sync',
    mechanism: 'the kubelet cannot reach the API server to renew its Lease in kube-node-lease',
  },
  {
    // The kubelet's own informers (its Node, the pods bound to it, Services, RuntimeClasses, CSIDrivers) list and
    // watch the API server on the same client as its status updates: a list or watch that ends in the network's
    // errors is the kubelet's path to the API server failing, even where no status update was logged. The
    // controller manager's reflectors are its own lines (controlplane.watch_lost), not this.
    fact: 'kubelet.api_error',
    pattern: `${REFLECTOR_FAILURE}[^\\n]{0,400}${NETWORK_CAUSE}`,
    literals: REFLECTOR_FAILURE_LITERALS,
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/client-go/tools/cache/reflector.go (ListAndWatch: "%s: Failed to list %v: %v" 1.10-1.18, "failed to list %v: %w" 1.19-1.33 and the warning "%s: failed to list %v: %v" 1.25-1.32; DefaultWatchErrorHandler\'s "%s: Failed to watch %v: %v" through utilruntime.HandleError, logged as "Unhandled Error" err=… in 1.31-1.32 and as structured "Failed to watch" err=… reflector=… type=… through HandleErrorWithContext from 1.33; watchHandler\'s "%s: watch of %v ended with: %v" to 1.32, "Warning: watch ended with error" from 1.33), on the kubelet\'s informers (pkg/kubelet/kubelet.go NewMainKubelet\'s Node and Service informers, pkg/kubelet/config/apiserver.go\'s pod source, client-go informers/factory.go)',
    mechanism:
      "the kubelet's informers cannot list or keep watching the API server (refused, reset, timed out, unroutable): the kubelet's own path to the API server is failing, the one its status and Lease updates take",
  },
  {
    // Round 18: the kubelet's other reads of API objects for the pods it runs, on the same client: the image pull
    // secrets it fetches before every pull, and the secret and configMap volumes it fills at every mount. Ending in
    // the network's errors, they are the kubelet's path to the API server failing as its status updates would.
    fact: 'kubelet.api_error',
    pattern: `(?:Unable to retrieve pull secret|Couldn't get (?:secret|configMap) )[^\\n]{0,400}${NETWORK_CAUSE}`,
    literals: ['Unable to retrieve pull secret', "Couldn't get secret ", "Couldn't get configMap "],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet_pods.go (*Kubelet).getPullSecretsForPod (glog then klog "Unable to retrieve pull secret %s/%s for %s/%s due to %v.  The image pull may not succeed." 1.4-1.19, structured "Unable to retrieve pull secret, the image pull may not succeed." err=… from 1.20); pkg/volume/secret/secret.go and pkg/volume/configmap/configmap.go (*…VolumeMounter).SetUpAt ("Couldn\'t get secret %v/%v: %v", "Couldn\'t get configMap %v/%v: %v"), ending in Go net\'s and net/http\'s errors',
    mechanism:
      "the kubelet's reads of its pods' secrets and configMaps from the API server fail on the network (refused, reset, timed out, unroutable): its path to the API server, the one its status and Lease updates take, is failing",
  },
  {
    // The same status and Lease failures, when what they end in is silence rather than an answer: the shape a
    // request sent on a dead connection has. The symptom the pinned-connection releases key on (defects.ts); the
    // failure itself is counted once, as kubelet.api_error.
    fact: 'kubelet.api_timeout',
    pattern: `(?:${NODE_STATUS_FAILURE}|${LEASE_FAILURE})[^\\n]{0,300}${SILENT_PATH}`,
    unless: CLOUD_LOOKUP,
    literals: [...NODE_STATUS_FAILURE_LITERALS, ...LEASE_FAILURE_LITERALS],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet_node_status.go (*Kubelet).updateNodeStatus and the Lease controller (pkg/kubelet/nodelease to 1.18, component-helpers/apimachinery/lease since), ending in Go\'s timeouts: context.DeadlineExceeded, net/http\'s "request canceled (Client.Timeout exceeded while awaiting headers)", a net.Error timeout ("i/o timeout"), the kernel\'s ETIMEDOUT, EHOSTUNREACH',
    mechanism:
      'a node status or Lease update got no answer at all within its timeout (10 s): the request went out on a path where nothing answers, as on a connection whose far end has silently gone',
  },
  {
    fact: 'kubelet.heartbeat_failed',
    pattern: `${NODE_STATUS_FAILURE}|update node status exceeds retry count`,
    literals: [
      'Error updating node status',
      'Unable to register node',
      'Unable to update node status',
      'update node status exceeds retry count',
    ],
    unless: `${NETWORK_CAUSE}|${CREDENTIALS_REJECTED}|${STALE_CONNECTION}`,
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet_node_status.go (*Kubelet).updateNodeStatus / registerWithAPIServer',
    mechanism:
      'posting node status failed (5 tries per period) for a reason other than the network or credentials',
  },
  {
    fact: 'kubelet.heartbeat_failed',
    pattern: LEASE_FAILURE,
    literals: LEASE_FAILURE_LITERALS,
    unless: `${NETWORK_CAUSE}|${CREDENTIALS_REJECTED}|${STALE_CONNECTION}`,
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/component-helpers/apimachinery/lease/controller.go (*controller).sync',
    mechanism: 'renewing the node Lease failed for a reason other than the network or credentials',
  },
  {
    // Round 18: KubeEdge's edged (the kubelet inside edgecore) renews its Lease through the edge's message bus:
    // metaclient's SendSync hands the update to metamanager, which relays it over edgehub's connection to
    // cloudcore and waits for the answer. A Lease sync that fails is the edge node's heartbeat not reaching the
    // cloud side, whichever link (edgehub's websocket or QUIC, cloudcore itself) dropped it.
    fact: 'kubelet.heartbeat_failed',
    pattern: 'send sync message kube-node-lease/lease/[^ ]+ failed',
    literals: ['send sync message kube-node-lease/lease/'],
    from: ['kubelet'],
    source:
      'kubeedge edge/pkg/metamanager/client (metaclient) (*send).SendSync (klog "send sync message %s failed, error:%v, retries: %d" with the resource namespace/type/name, after beehive\'s SendSync answered "timeout to get response for message" within syncMsgRespTimeout, 1 min), for the node Lease edged renews through metaclient',
    mechanism:
      "the edge node's Lease renewal got no answer from the cloud side through edgecore's message bus: the node's heartbeat is not reaching the control plane",
  },
  // --- The kubelet's status path by what it calls before it posts, and the server's answer to its patch (round 22) ---
  {
    // To 1.7 setNodeStatus returned the first setter's error, so a failed address lookup failed the whole update
    // ("Error updating node status, will retry: failed to get node address from cloud provider: …", then "update
    // node status exceeds retry count"); a failed instance lookup fails initialNode, and the kubelet never registers.
    // The kubelet reaches the API server here: what failed is the cloud call it makes before it posts.
    fact: 'kubelet.cloud_lookup_failed',
    pattern: `(?:${NODE_STATUS_FAILURE}|Unable to construct (?:v1|api)\\.Node object for kubelet)[^\\n]{0,300}${CLOUD_LOOKUP}`,
    literals: ['from cloud provider'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet_node_status.go (*Kubelet).tryUpdateNodeStatus → setNodeStatus → setNodeAddress ("failed to get node address from cloud provider: %v", "failed to get instances from cloud provider"; kubelet.go before 1.6), logged by updateNodeStatus as "Error updating node status, will retry: %v" (glog to 1.12, klog, structured "Error updating node status, will retry" err=… from 1.20); registerWithAPIServer → initialNode ("Unable to construct v1.Node object for kubelet: %v", api.Node before 1.6; the instance lookups "failed to get external ID from cloud provider", "failed to get zone from cloud provider", "failed to get instance ID from cloud provider", "error fetching current instance name from cloud provider"); releases 1.1-1.7 fail the update on it, later ones only warn (see kubelet.cloud_lookup_warned)',
    mechanism:
      "the kubelet asks the cloud provider for its node's addresses (or instance) before every status post; the provider's API or metadata service failing (unavailable, throttling, timing out, no instance by the node's name) fails the post although the API server is reachable",
  },
  {
    // The same dependence at start: with an in-tree provider the kubelet initialises it (k8s.io/cloud-provider
    // plugins.go InitCloudProvider, "could not init cloud provider %q: %v": the AWS provider reads the instance
    // metadata and lists its instance there) and asks it for the node's name (cmd/kubelet/app/server.go getNodeName,
    // "error fetching current node name from cloud provider: %v"); either error ends run(), and the kubelet exits
    // into the same call at every restart while the provider's API does not answer.
    fact: 'kubelet.cloud_lookup_failed',
    pattern:
      '(?:failed to run Kubelet|Failed to run kubelet|command failed)[^\\n]{0,200}(?:could not init cloud provider|error fetching current node name from cloud provider|failed to get instances from cloud provider)',
    literals: ['failed to run Kubelet', 'command failed'],
    from: ['kubelet'],
    source:
      'kubernetes cmd/kubelet/app/server.go run → getNodeName ("error fetching current node name from cloud provider: %v", "failed to get instances from cloud provider", 1.6-1.30) and InitCloudProvider (pkg/cloudprovider/plugins.go, then k8s.io/cloud-provider plugins.go: "could not init cloud provider %q: %v"), reported as "failed to run Kubelet: %v" (glog/klog Fatal to 1.22) or cobra\'s structured "command failed" err=… (component-base cli, 1.23+)',
    mechanism:
      "the kubelet cannot start because its in-tree cloud provider does not answer (the instance metadata or the instance API unreachable, throttling, or no instance by the host's name): it exits at every restart while the provider fails",
  },
  {
    // Round 23: the in-tree Azure provider's own line, logged inside the kubelet's process as its NodeAddresses
    // (called by the kubelet's setNodeAddress before every status post) fails: 1.5-1.7's azure_instances.go logs
    // "error: az.NodeAddresses, az.getIPForMachine(%s), err=%v" (cloudprovider.InstanceNotFound "instance not
    // found" when no VM of the node's name is listed, or the ARM API's error) before the kubelet fails the update on
    // the same error, in the releases that do (to 1.7).
    fact: 'kubelet.cloud_lookup_failed',
    pattern: 'az\\.NodeAddresses, az\\.getIPForMachine\\(',
    literals: ['az.NodeAddresses, az.getIPForMachine('],
    from: ['kubelet'],
    source:
      'kubernetes pkg/cloudprovider/providers/azure/azure_instances.go (*Cloud).NodeAddresses (glog.Errorf("error: az.NodeAddresses, az.getIPForMachine(%s), err=%v"), 1.5-1.7) over getIPForMachine and pkg/cloudprovider/cloud.go InstanceNotFound ("instance not found"), called by the kubelet\'s setNodeAddress (pkg/kubelet/kubelet_node_status.go) before each status update',
    mechanism:
      "the kubelet's in-tree Azure provider cannot find the node's VM or its addresses through the Azure API; in these releases the kubelet's status update fails on it, so the node goes NotReady while the machine and the API server are fine",
  },
  {
    // The same lookup in 1.8 on: the provider retries it with backoff inside the kubelet's status path
    // (GetIPForMachineWithRetry, azure_backoff.go, "backoff failure, will retry"; addressGetter's "NodeAddresses abort
    // backoff" at V(2), klog then structured), and the kubelet warns and posts the rest of its status.
    fact: 'kubelet.cloud_lookup_warned',
    pattern:
      'GetIPForMachineWithRetry\\([^)\\n]{0,253}\\): backoff failure|NodeAddresses(?:\\([^)\\n]{0,253}\\))? abort backoff',
    literals: ['GetIPForMachineWithRetry(', 'abort backoff'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/cloudprovider/providers/azure/azure_backoff.go (*Cloud).GetIPForMachineWithRetry ("GetIPForMachineWithRetry(%s): backoff failure, will retry,err=%v", 1.8-1.17) and azure_instances.go addressGetter ("NodeAddresses(%s) abort backoff: %v", later kubernetes-sigs/cloud-provider-azure pkg/provider/azure_instances_v1.go structured "NodeAddresses abort backoff" nodeName=… error=…), inside the kubelet\'s NodeAddresses call',
    mechanism:
      "the kubelet's in-tree Azure provider keeps failing to look up the node's addresses through the Azure API (no VM by the node's name, throttling, the API unavailable) while the kubelet waits on it in its status path",
  },
  {
    // From about 1.8 setNodeStatus logs a setter's error and posts the rest ("Failed to set some node status
    // fields: %s", Warningf, then Errorf, then structured ErrorS); 1.12-1.30's cloud resource sync manager logs each
    // failed lookup at V(2) ("Node addresses from cloud provider for node %q not collected", with ": %v" from 1.15).
    // The status still posts (with the addresses it had), unless the lookup hangs before its first answer.
    fact: 'kubelet.cloud_lookup_warned',
    pattern: `Failed to set some node status fields[^\\n]{0,300}${CLOUD_LOOKUP}|Node addresses from cloud provider for node [^\\n]{1,260} not collected`,
    literals: ['from cloud provider'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet_node_status.go (*Kubelet).setNodeStatus ("Failed to set some node status fields: %s" from about 1.8, structured err=… from 1.20) over the NodeAddress setter (pkg/kubelet/nodestatus/setters.go 1.12-1.30); pkg/kubelet/cloudresource/cloud_request_manager.go (*cloudResourceSyncManager).collectNodeAddresses / syncNodeAddresses ("Node addresses from cloud provider for node %q not collected", V(2), 1.12-1.30)',
    mechanism:
      "the kubelet's periodic lookup of the node's addresses in the cloud provider fails; it posts its status without them, so the cloud API is failing the kubelet but not, by this alone, stopping its heartbeat",
  },
  {
    // PatchNodeStatus (pkg/util/node, later component-helpers) wraps the server's answer as "failed to patch status
    // %q for node %q: %v"; the server's conflict is apimachinery's NewConflict "Operation cannot be fulfilled on
    // nodes %q: %v", whose reason is "the object has been modified; please apply your changes to the latest
    // version and try again" or, from the patch handler's retry check (apiserver endpoints/handlers/patch.go to
    // 1.10), "there is a meaningful conflict (firstResourceVersion: %q, currentResourceVersion: %q):\n diff1=%v\n,
    // diff2=%v\n". The wrapper's patch can run to thousands of characters (the node's images), so the head may be
    // on a line cut before the tail: the tail alone names the node's patch too.
    fact: 'kubelet.status_patch_conflict',
    pattern: `(?:failed to patch status|${NODE_STATUS_FAILURE})[^\\n]*(?:Operation cannot be fulfilled on nodes|meaningful conflict)|for node \\\\?"[^"\\\\\\n]{1,253}\\\\?": Operation cannot be fulfilled on nodes`,
    literals: [
      ...NODE_STATUS_FAILURE_LITERALS,
      'failed to patch status',
      'Operation cannot be fulfilled on nodes',
    ],
    // The cloud node manager (cloud-provider-azure pkg/nodemanager) patches the node's addresses through its own
    // PatchNodeStatus: its refusal is its own retry, not the kubelet's heartbeat.
    unless: 'patching node with cloud ip addresses|failed to update node addresses for node',
    source:
      'kubernetes pkg/util/node/node.go PatchNodeStatus ("failed to patch status %q for node %q: %v", 1.9-1.18; component-helpers/node/util/status.go since), called by pkg/kubelet/kubelet_node_status.go (*Kubelet).tryUpdateNodeStatus and logged as "Error updating node status, will retry: %v"; the server\'s answer from apimachinery pkg/api/errors NewConflict ("Operation cannot be fulfilled on %s %q: %v") and apiserver pkg/endpoints/handlers/patch.go ("there is a meaningful conflict", removed by kubernetes #63146 in 1.11, #66169 and #66171 for 1.10 and 1.9)',
    mechanism:
      "the API server answers the kubelet's status patch and refuses it as a conflict, every retry: the kubelet reaches the server, its status never lands",
  },
  {
    // The same wrapper with the server refusing the object itself: validation ("Node %q is invalid: %v",
    // apimachinery NewInvalid), the request body over the server's limit ("Request entity too large: limit is %d"),
    // or etcd refusing the write ("etcdserver: request is too large").
    fact: 'kubelet.status_patch_refused',
    pattern: `(?:failed to patch status|${NODE_STATUS_FAILURE})[^\\n]*(?:[Nn]odes? \\\\?"[^"\\\\\\n]{1,253}\\\\?" is invalid|Request entity too large|request is too large)`,
    literals: [...NODE_STATUS_FAILURE_LITERALS, 'failed to patch status'],
    unless: 'patching node with cloud ip addresses|failed to update node addresses for node',
    source:
      'kubernetes pkg/kubelet/kubelet_node_status.go (*Kubelet).tryUpdateNodeStatus → PatchNodeStatus ("failed to patch status %q for node %q: %v"), with the server\'s refusals: apimachinery pkg/api/errors NewInvalid ("%s %q is invalid: %v"), apiserver pkg/endpoints/handlers/rest.go limitedReadBody ("Request entity too large: limit is %d"), etcd rpctypes ErrGRPCRequestTooLarge ("etcdserver: request is too large")',
    mechanism:
      "the API server answers the kubelet's status patch and refuses its content (invalid, or over the size limit): the kubelet reaches the server and sends a status it will not take",
  },
  {
    // Round 22: the status manager's TerminatePods (1.0-1.1) could not queue a deleted pod's final status: its
    // channel (capacity 1000) was full. The kubelet's own flood of status updates on a batch deletion (kubernetes
    // #9833, #21438), which before 1.0 deadlocked the status manager and the sync loop (#10182).
    fact: 'kubelet.status_channel_full',
    pattern: 'Termination notice for [^\\n]{1,300} was dropped because the status channel is full',
    literals: ['because the status channel is full'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/status/manager.go (*manager).TerminatePods (glog.V(4) "Termination notice for %q was dropped because the status channel is full", 1.0-1.1; pkg/kubelet/status_manager.go before), removed with the forced cleanup updates by #21438 and #21732 in 1.2',
    mechanism:
      "the kubelet's status manager cannot queue the final status of pods being deleted: its channel is full of status updates, so deletions finish late or, before 1.0, the sync loop blocks behind it",
  },
  {
    fact: 'node.status_unknown',
    pattern: 'Kubelet stopped posting node status',
    literals: ['Kubelet stopped posting node status'],
    // The controller's condition quoted inside the kubelet's own status patch (its strategic-merge directives, the
    // patch handler's diff1=/diff2= of a conflict, PatchNodeStatus's wrapper) is the kubelet reaching the server
    // with the node's current conditions in hand, not the controller's report (round 22).
    unless: '\\$setElementOrder/|diff[12]=|failed to patch status|[Ee]rror updating node status',
    source:
      'kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go (*Controller).tryUpdateNodeHealth',
    mechanism:
      'the node controller saw neither a status update nor a Lease renewal for node-monitor-grace-period (40s, 50s from 1.32) and set every condition Unknown',
  },
  {
    // Round 26 (r26-weighing): the controller's reason for the conditions it sets Unknown, as describe-node's
    // Conditions table, a node's YAML or a person's list of them quotes it without the message.
    fact: 'node.status_unknown',
    pattern: 'NodeStatusUnknown',
    literals: ['NodeStatusUnknown'],
    unless: '\\$setElementOrder/|diff[12]=|failed to patch status|[Ee]rror updating node status',
    source:
      'kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go (*Controller).tryUpdateNodeHealth (Reason "NodeStatusUnknown" on every condition it sets Unknown, with "Kubelet stopped posting node status." or "Kubelet never posted node status.", 1.x to 1.35)',
    mechanism:
      'the node controller set the conditions Unknown: neither a status update nor a Lease renewal arrived for node-monitor-grace-period',
  },
  {
    fact: 'node.status_unknown',
    pattern: 'Kubelet never posted node status',
    literals: ['Kubelet never posted node status'],
    source:
      'kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go (*Controller).tryUpdateNodeHealth',
    mechanism: 'the node object exists but its kubelet has not posted one status since registration',
  },

  {
    // The taint the node controller puts on a node whose Ready is Unknown, as describe-node and node YAML show it.
    fact: 'node.status_unknown',
    pattern: 'node\\.kubernetes\\.io/unreachable',
    literals: ['node.kubernetes.io/unreachable'],
    source:
      'kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go (UnreachableTaintTemplate, v1.TaintNodeUnreachable)',
    mechanism:
      'Ready went Unknown: the node controller taints the node unreachable (NoSchedule, then NoExecute)',
  },
  {
    fact: 'node.status_unknown',
    pattern: 'is unresponsive\\. Adding it to the Taint queue',
    literals: ['is unresponsive. Adding it to the Taint queue'],
    source:
      'kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go (*Controller).processTaintBaseEviction',
    mechanism: 'Ready went Unknown: the node controller taints the node unreachable (NoExecute)',
  },
  {
    fact: 'nodes.all_not_ready',
    pattern: 'detected that all Nodes are not-Ready\\. Entering master disruption mode',
    literals: ['detected that all Nodes are not-Ready. Entering master disruption mode'],
    source:
      'kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go (*Controller).handleDisruption',
    mechanism:
      'every node lost contact at once: evictions stop, since the fault is more likely on the control-plane side than on every node',
  },

  // The node lifecycle controller's own view (kube-controller-manager, pkg/controller/nodelifecycle): that a node's
  // status and Lease stopped arriving. It says the kubelet's reports did not reach the control plane, not why; a
  // summary (rank.ts), never the second fact a confident answer needs.
  {
    fact: 'node.status_unknown',
    pattern: "[Nn]ode [^ ]{1,253} hasn't been updated for [0-9]|Node hasn't been updated",
    literals: ["hasn't been updated for", "Node hasn't been updated"],
    source:
      'kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go (*Controller).tryUpdateNodeHealth ("node %v hasn\'t been updated for %v. Last %v is: %v" to 1.26; structured "Node hasn\'t been updated" node=… duration=… since), logged once the grace period has passed without a status or Lease renewal, just before it sets the conditions Unknown',
    mechanism:
      "the node controller saw neither a node status update nor a Lease renewal for node-monitor-grace-period (40s, 50s from 1.32): it is about to mark the node's conditions Unknown",
  },
  {
    fact: 'node.controller_not_ready',
    pattern:
      'Recording status change NodeNotReady event message for [Nn]ode|"Recording status change event message for node" status="NodeNotReady"',
    literals: [
      'Recording status change NodeNotReady event message for node',
      'Recording status change event message for node',
    ],
    source:
      'kubernetes pkg/controller/util/node/controller_utils.go RecordNodeStatusChange ("Recording status change %s event message for node %s"; structured "Recording status change event message for node" status=… node=… from 1.20; "… for Node %s" through the contextual logger in later releases), called by the node lifecycle controller\'s monitorNodeHealth when a node\'s Ready leaves True',
    mechanism:
      "the node controller recorded the node going NotReady: Ready is False (the kubelet said so) or Unknown (its reports stopped); the control plane's view, naming no cause",
  },
  {
    // The controller manager's own watches (informers on Nodes and Leases) losing their connection: the node
    // lifecycle controller judged nodes on a Lease cache that stopped updating. Healthy nodes look silent to it.
    // The reflector names what it watches by Go type (`*v1.Lease`) or group-version kind, as the 401 rule below reads: other
    // programs' "failed to watch" messages (containerd's CNI directory, systemd's PIDs) are not this.
    fact: 'controlplane.watch_lost',
    pattern:
      '(?:watch of [^ ]+ ended with|[Ff]ailed to watch (?:\\*[A-Za-z0-9_]+\\.[A-Za-z0-9_]+|<unspecified>|[a-z0-9.-]*/v[0-9][a-z0-9]*, (?:Kind|Resource)=[A-Za-z0-9]+)|unable to decode an event from the watch stream)[^\\n]{0,300}(?:http2: client connection lost|use of closed network connection|connection reset by peer|connection timed out|no route to host|i/o timeout)|Unexpected watch close - watch lasted less than a second',
    literals: [
      'http2: client connection lost',
      'use of closed network connection',
      'connection reset by peer',
      'connection timed out',
      'no route to host',
      'i/o timeout',
      'Unexpected watch close - watch lasted less than a second',
    ],
    from: ['controlplane'],
    strict: true,
    source:
      'kubernetes staging/src/k8s.io/client-go/tools/cache/reflector.go (watchHandler / ListAndWatch: "watch of %v ended with: %v", "Failed to watch %v: %v", "Unexpected watch close - watch lasted less than a second and no items received") over apimachinery/pkg/watch/streamwatcher.go ("unable to decode an event from the watch stream: %v"), in kube-controller-manager\'s informers',
    mechanism:
      "the controller manager's own watch of Nodes or Leases lost its connection to the API server: until it reconnects, the node lifecycle controller reads Lease renewals that stopped arriving and can mark healthy nodes NotReady",
  },

  // etcd's own warnings that its disk holds it up. A k3s or rke2 server runs etcd in the process that runs the API
  // server and the kubelet, on the node's disk; a kubeadm control-plane node runs it as a static pod beside the
  // kubelet. Disk latency that stalls etcd stalls everything on that disk: supporting evidence of starvation.
  {
    fact: 'etcd.slow_disk',
    literals: [
      'slow fdatasync',
      'apply request took too long',
      'apply entries took too long',
      ') to execute',
      'failed to send out heartbeat on time',
      'server is likely overloaded',
      'sync duration of',
      'Slow SQL (started:',
    ],
    pattern:
      'Slow SQL \\(started: [^\\n]{1,120}\\(total time: |slow fdatasync|apply (?:request|entries) took too long|took too long \\([0-9.]+[mµn]?s\\) to execute|failed to send out heartbeat on time|server is likely overloaded|sync duration of [0-9.]+[mµn]?s, expected less than',
    source:
      'etcd-io/etcd server/storage/wal/wal.go (*WAL).sync ("slow fdatasync" from v3.5; wal/wal.go "sync duration of %v, expected less than %v" in v3.3-v3.4 capnslog), server/etcdserver/txn/util.go warnOfExpensiveGenericRequest ("apply request took too long" from v3.4 zap; "%srequest %q with result %q took too long (%v) to execute" in capnslog), etcdserver/server.go applyAll ("apply entries took too long", v3.3), server/etcdserver/raft.go ("leader failed to send out heartbeat on time; took too long, leader is overloaded likely from slow disk" from v3.4; "failed to send out heartbeat on time" and "server is likely overloaded" in capnslog); and k3s-io/kine pkg/drivers/generic (logMethod: "Slow SQL (started: %v) (total time: %v): %s", the datastore k3s runs over SQLite by default, above its slow-SQL threshold)',
    mechanism:
      "etcd's disk writes (WAL fdatasync) or applies take longer than etcd expects (1 s, 100 ms): the disk is too slow for it, and a k3s/rke2 server's API server and kubelet on the same disk and process are starved with it",
  },

  // A control-plane node's (or a single-node cluster's) API server cannot reach its datastore: its etcd client's gRPC
  // connection to etcd's client port fails again and again. Until it connects, the API server fails its readiness and
  // every write (the kubelet's status and Lease) times out: the node's kubelet cannot post. Any component: the API
  // server's static-pod log has no journal identifier, and k3s/rke2 servers log it under their agent's.
  {
    fact: 'apiserver.down',
    literals: ['addrConn.createTransport failed to connect to'],
    pattern: 'addrConn\\.createTransport failed to connect to \\{[^}\\n]{0,80}:2379',
    // Round 18: the network plugins' own etcd clients dial etcd too (a calico-node or cilium-agent on an etcd datastore
    // or kvstore). Their lines are theirs, not the API server's: calico's logrus infix " [WARNING][<pid>] "
    // (projectcalico/calico lib/logrusr/formatter.go computeInfix, libcalico-go lib/logutils before it), cilium's
    // subsys field (pkg/logging/logfields LogSubsys = "subsys", text or JSON), and grpc-go's default logger, which a
    // client that routes nothing to its own logger writes with GRPC_GO_LOG_SEVERITY_LEVEL set ("2006/01/02 15:04:05
    // WARNING: ...", grpclog/internal/loggerv2.go loggerT.output with log.LstdFlags; etcd client/v3 logger.go replaces
    // it only under ETCD_CLIENT_DEBUG). The API server logs through klog ("W1102 13:41:43.111882 1 logging.go:59]").
    unless:
      '\\[(?:WARNING|INFO|ERROR|DEBUG|FATAL|PANIC)\\]\\[[0-9]+\\]|subsys=|\\\\?"subsys\\\\?":|calico|felix|cilium|[0-9]{4}/[0-9]{2}/[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]+)? (?:WARNING|INFO|ERROR): ',
    source:
      'grpc-go clientconn.go (*addrConn).createTransport / tryAllAddrs ("grpc: addrConn.createTransport failed to connect to %v. Err :%v. Reconnecting..." v1.26-v1.27 with the address printed {https://127.0.0.1:2379  <nil> 0 <nil>}; "... Err: %v. Reconnecting..." through v1.5x; "... to %s. Err: %v" from v1.60 with resolver.Address.String {Addr: "127.0.0.1:2379", ServerName: ...}), the transport under go.etcd.io/etcd client/v3 that kubernetes staging/src/k8s.io/apiserver/pkg/storage/storagebackend/factory/etcd3.go newETCD3Client dials (etcd\'s client port 2379, kubeadm\'s --etcd-servers=https://127.0.0.1:2379)',
    mechanism:
      "the API server's etcd client cannot connect to etcd's client port (refused, timed out, or refused at TLS): the API server cannot read or write anything and soon fails or exits, so the kubelets it serves cannot post their status or renew their Leases",
  },
  // The API server exits at start when it cannot build the storage for its own endpoint leases: the etcd client's
  // dial failed (klog.Fatalf, so the static pod restarts into the same failure while etcd stays out of reach).
  {
    fact: 'apiserver.down',
    literals: ['Error creating leases: ', 'Error creating storage factory: '],
    pattern: 'Error creating (?:leases|storage factory): ',
    source:
      'kubernetes pkg/master/master.go createEndpointReconciler ("Error creating storage factory: %v" around storagefactory.Create, 1.19) and pkg/controlplane/instance.go createEndpointReconciler ("Error creating leases: %v" around reconcilers.NewLeases, as in 1.28), both klog.Fatalf; the storage is an etcd3 client built by staging/src/k8s.io/apiserver/pkg/storage/storagebackend/factory/etcd3.go',
    mechanism:
      "the API server cannot create the etcd-backed storage for its endpoint leases (its datastore unreachable or refusing it) and exits at start: the node's kubelet, and every other, has no API server on this node to post to",
  },
  // etcd answering but unable to serve: the errors its gRPC API returns when the cluster has no leader (quorum
  // lost), times out a proposal, calls itself unhealthy or corrupt, or refuses writes once its space quota is
  // exceeded (the NOSPACE alarm makes it read-only). The API server returns them to whoever wrote (the kubelet's
  // Lease and node status among them) and logs them; kubectl prints them. Any component: they are quoted by the
  // kubelet, the API server's static-pod log has no journal identifier, and people paste kubectl's answer. "leader
  // changed" and "server stopped" are left out: an election or a member's restart returns them once, and the next
  // request succeeds.
  {
    fact: 'etcd.unavailable',
    literals: [
      'etcdserver: no leader',
      'etcdserver: request timed out',
      'etcdserver: unhealthy cluster',
      'etcdserver: corrupt cluster',
      'etcdserver: mvcc: database space exceeded',
    ],
    pattern:
      'etcdserver: (?:no leader|request timed out|unhealthy cluster|corrupt cluster|mvcc: database space exceeded)',
    source:
      'etcd-io/etcd api/v3rpc/rpctypes/error.go (ErrGRPCNoLeader "etcdserver: no leader", ErrGRPCTimeout "etcdserver: request timed out" and its "possibly due to previous leader failure" / "possibly due to connection lost" / "waiting for the applied index took too long" forms, ErrGRPCUnhealthy "etcdserver: unhealthy cluster", ErrGRPCCorrupt "etcdserver: corrupt cluster", ErrGRPCNoSpace "etcdserver: mvcc: database space exceeded"; v3.3 to v3.6, etcdserver/errors.go before the rpctypes move), returned through kubernetes staging/src/k8s.io/apiserver/pkg/storage/etcd3 (whose metrics label them NoLeader and Timeout)',
    mechanism:
      "the control plane's datastore cannot serve writes (etcd without a leader, its proposals timing out, or read-only past its space quota): the API server fails every write, the kubelets' Lease renewals and status updates among them, so nodes are marked NotReady while they run",
  },
  // etcd refusing the TLS handshake of a client on its own host: on a kubeadm control-plane node that client is the
  // API server (--etcd-servers=https://127.0.0.1:2379) presenting a certificate etcd does not accept.
  {
    fact: 'apiserver.down',
    literals: ['rejected connection'],
    pattern:
      '(?:rejected connection from \\\\?"(?:127\\.0\\.0\\.1|\\[::1\\]):[0-9]{1,5}\\\\?" \\(error |\\\\?"msg\\\\?":\\\\?"rejected connection(?: on client endpoint)?\\\\?",\\\\?"remote-addr\\\\?":\\\\?"(?:127\\.0\\.0\\.1|\\[::1\\]):[0-9]{1,5})[^\\n]{0,300}(?:certificate|x509)',
    source:
      'etcd-io/etcd embed/config.go (v3.3-v3.4 capnslog: plog.Infof "rejected connection from %q (error %q, ServerName %q)"), embed/config_logging.go (v3.4-v3.5 zap: "rejected connection" with remote-addr, server-name, error; later v3.5 patches and v3.6+ server/embed/config_logging.go: "rejected connection on client endpoint" / "on peer endpoint"), the TLS HandshakeFailure hook of its listeners',
    mechanism:
      "etcd refuses the certificate of a client on its own host (on a kubeadm control-plane node, the API server dialing 127.0.0.1:2379): the API server cannot reach its datastore and the node's kubelet cannot post through it",
  },
  // k3s and rke2 agents start the kubelet only after fetching the server's CA and their configuration through their
  // client-side load balancer: an agent that cannot do it never gets a kubelet to the API server.
  {
    fact: 'kubelet.api_error',
    literals: [
      'failed to get CA certs',
      'Waiting to retrieve agent configuration',
      'failed to validate connection to cluster at',
    ],
    pattern:
      'failed to get CA certs|Waiting to retrieve agent configuration; server is not ready|[Ff]ailed to validate connection to cluster at',
    source:
      'k3s-io/k3s pkg/agent/config/config.go (getCACerts via the agent load balancer: "failed to get CA certs"; get: "Waiting to retrieve agent configuration; server is not ready: %v"), also in rke2 agents',
    mechanism:
      'the k3s/rke2 agent cannot reach its server through its local load balancer, so its kubelet never gets to the API server',
  },
  {
    fact: 'kubelet.api_error',
    literals: [
      'Failed to connect to proxy',
      'Remotedialer proxy error',
      'error dialing load balancer servers',
    ],
    pattern:
      '(?:Failed to connect to proxy|Remotedialer proxy error)[^\\n]{0,300}(?:connection refused|i/o timeout|no route to host|network is unreachable|connection reset by peer|context deadline exceeded|handshake timeout)|error dialing load balancer servers: all servers failed',
    source:
      'rancher/remotedialer client.go ConnectToProxyWithDialer ("Failed to connect to proxy. Empty dialer response") and ClientConnect ("Remotedialer proxy error"), the websocket tunnel a k3s/rke2 agent keeps to its server (k3s-io/k3s pkg/agent/tunnel); k3s-io/k3s pkg/agent/loadbalancer onDialError ("error dialing load balancer servers: %v", "all servers failed")',
    mechanism:
      "the k3s/rke2 agent can reach none of its servers (each refused, timed out or unroutable): its tunnel and the kubelet's API traffic through the agent's load balancer both fail",
  },

  // kubernetes-mixin's kubelet certificate alerts, as people quote them (the alerts field reads them by name).
  {
    fact: 'kubelet.auth_error',
    pattern: 'KubeletClientCertificateExpiration',
    literals: ['KubeletClientCertificateExpiration'],
    source:
      'kubernetes-monitoring/kubernetes-mixin alerts/kubelet.libsonnet KubeletClientCertificateExpiration (kubelet_certificate_manager_client_ttl_seconds below its threshold)',
    mechanism:
      "the kubelet's client certificate is about to expire or has expired: the API server will refuse it",
  },
  {
    fact: 'kubelet.cert_rotation_failed',
    pattern: 'Kubelet(?:Client|Server)CertificateRenewalErrors',
    literals: ['CertificateRenewalErrors'],
    source:
      'kubernetes-monitoring/kubernetes-mixin alerts/kubelet.libsonnet KubeletClientCertificateRenewalErrors / KubeletServerCertificateRenewalErrors (kubelet_certificate_manager_*_renew_errors)',
    mechanism:
      'the kubelet keeps failing to renew a certificate; when the current one expires it loses the API server',
  },

  // The node lifecycle controller's view: it stopped hearing from the kubelet.
  {
    fact: 'node.status_unknown',
    literals: [
      "hasn't been updated",
      'Recording status change NodeNotReady event',
      'Deleting all Pods from Node',
      'Marking all pods on node',
    ],
    pattern:
      "[Nn]ode [^ ]+ hasn't been updated for [0-9]|Node hasn't been updated|Recording status change NodeNotReady event|Deleting all Pods from Node|Marking all pods on node [^ ]+ not ready",
    source:
      'kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go tryUpdateNodeHealth ("node %v hasn\'t been updated for %v. Last %v is: %v"), pkg/controller/util/node RecordNodeStatusChange and MarkPodsNotReady; pkg/controller/node DeletePods before taint-based eviction',
    mechanism:
      'the node controller has had no status or Lease from the kubelet for the grace period: the kubelet (or its host) went silent',
  },

  // --- Credentials: Go crypto/x509, the API server's authn/authz answers, certificate rotation ---
  // The Node authorizer's and NodeRestriction's refusals concern node identities only, whoever quotes them (the
  // kubelet, or a binary embedding it such as k3s or microk8s' kubelite), so those rules take any component.
  // The kubelet also relays image pulls' errors (kuberuntime PullImage, the ErrImagePull event): an x509 error there
  // is the registry's certificate, which stops one image, not the kubelet's trust in the API server (PULL_TLS).
  {
    fact: 'kubelet.auth_error',
    pattern: 'x509: certificate has expired or is not yet valid',
    literals: ['x509: certificate has expired or is not yet valid'],
    unless: PULL_TLS,
    from: ['kubelet'],
    strict: true,
    source: 'go crypto/x509 verify.go CertificateInvalidError (Expired), in the kubelet TLS handshake',
    mechanism:
      "a certificate in the kubelet's TLS handshake is expired (or the node clock is wrong): every API call fails",
  },
  {
    fact: 'kubelet.auth_error',
    pattern: 'x509: certificate signed by unknown authority',
    literals: ['x509: certificate signed by unknown authority'],
    unless: PULL_TLS,
    from: ['kubelet'],
    strict: true,
    source: 'go crypto/x509 verify.go UnknownAuthorityError, in the kubelet TLS handshake',
    mechanism: 'the kubelet does not trust the CA that signed the API server certificate (or vice versa)',
  },
  {
    // Each start, the kubelet checks the certificates in its kubeconfig; an expired one sends it to TLS bootstrap,
    // which fails at once where no bootstrap kubeconfig is left (kubeadm deletes it after joining).
    fact: 'kubelet.auth_error',
    literals: ['of the existing bootstrap client certificate'],
    pattern: '[Pp]art of the existing bootstrap client certificate (?:in [^ ]+ )?is expired',
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/certificate/bootstrap/bootstrap.go isClientConfigStillValid ("Part of …" before 1.13, "part of … in %s is expired" since 1.20)',
    mechanism:
      "the kubelet's client certificate has expired: it falls back to bootstrapping a new one and, without bootstrap credentials, exits",
  },
  {
    // The other side of the TLS handshake: the API server's authentication filter, whose refusal people quote.
    fact: 'kubelet.auth_error',
    literals: ['Unable to authenticate the request'],
    pattern: 'Unable to authenticate the request[^\\n]{0,300}x509: certificate has expired',
    source:
      'kubernetes staging/src/k8s.io/apiserver/pkg/endpoints/filters/authentication.go withAuthentication (the x509 authenticator refusing an expired client certificate)',
    mechanism:
      'the API server refuses a client certificate as expired: a kubelet holding it can no longer post status or renew its Lease',
  },
  {
    // Only the kubelet's certificate transport writes this (glog.Fatalf/Errorf in 1.12, klog in 1.13-1.19, klog.ErrorS
    // then os.Exit from 1.20), so a line pasted without its journal prefix is the kubelet's too.
    fact: 'kubelet.auth_error',
    pattern: 'The currently active client certificate has expired',
    literals: ['The currently active client certificate has expired'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/certificate/transport.go addCertRotation ("… has expired and the server is responsive, exiting." fatal to 1.19, logged then exit(1) since; "… has expired, but the server is not responsive. A restart may be necessary to retrieve new initial credentials." 1.12-1.33)',
    mechanism:
      "the kubelet's client certificate expired before rotation replaced it: the API server no longer accepts it, and the kubelet exits (or, the server not answering, waits for a restart to bootstrap new credentials)",
  },
  {
    // client-go's certificate manager: "Current certificate is expired." (1.15-1.23), "<name>: Current certificate is
    // expired" (1.24+, the name the manager's signer: kube-apiserver-client-kubelet for the client certificate). The
    // serving certificate's manager (kubelet-serving) says the same of the certificate the kubelet serves on :10250,
    // which the API server does not need to accept the kubelet.
    fact: 'kubelet.auth_error',
    pattern: 'Current certificate is expired',
    literals: ['Current certificate is expired'],
    unless: 'kubelet-serving',
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/client-go/util/certificate/certificate_manager.go (*manager).Current (klog.V(2) "Current certificate is expired." 1.15-1.23; m.logf "%s: Current certificate is expired" 1.24+)',
    mechanism:
      "the kubelet's certificate manager holds only an expired client certificate: every request it authenticates with it is refused until a new one is issued",
  },
  {
    // client-go's CSR helper wraps the API server's answer to the kubelet's CSR (formatError keeps the status): a 401 or
    // 403 here is the bootstrap token or the current certificate refused, at TLS bootstrap and at rotation alike.
    fact: 'kubelet.auth_error',
    pattern:
      'cannot (?:create|retrieve) certificate signing request: [^\\n]{0,300}(?:Unauthorized|forbidden|provide credentials)',
    literals: ['cannot create certificate signing request', 'cannot retrieve certificate signing request'],
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/client-go/util/certificate/csr/csr.go RequestCertificate ("cannot create certificate signing request: %v", "cannot retrieve certificate signing request: %v" through formatError, 1.12-1.33), relayed by pkg/kubelet/certificate/bootstrap (LoadClientCert, "failed to run Kubelet: …") and the certificate manager\'s rotation',
    mechanism:
      "the API server refuses the kubelet's certificate signing request itself (401/403): its bootstrap token or current certificate is no longer accepted, so it can get no new client certificate",
  },
  {
    fact: 'kubelet.auth_error',
    pattern: `(?:${NODE_STATUS_FAILURE}|${LEASE_FAILURE})[^\\n]{0,200}Unauthorized`,
    literals: [...NODE_STATUS_FAILURE_LITERALS, ...LEASE_FAILURE_LITERALS],
    // The node status loop and the Lease controller are the kubelet's own: such a line pasted without its journal
    // prefix is the kubelet's too.
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/apiserver/pkg/endpoints/filters/authentication.go (401 "Unauthorized"), logged by the kubelet',
    mechanism: "the API server does not accept the kubelet's client certificate or token",
  },
  {
    // A structured error of any client: the kubelet's only in the kubelet's own lines.
    fact: 'kubelet.auth_error',
    pattern: 'err="Unauthorized"',
    literals: ['err="Unauthorized"'],
    from: ['kubelet'],
    strict: true,
    source:
      'kubernetes staging/src/k8s.io/apiserver/pkg/endpoints/filters/authentication.go (401 "Unauthorized"), logged by the kubelet',
    mechanism: "the API server does not accept the kubelet's client certificate or token",
  },
  {
    // The server refusing the kubelet's client certificate inside the TLS handshake: Go's crypto/tls server answers a
    // client certificate it cannot verify with an alert (alertBadCertificate, and in newer releases alertUnknownCA or
    // alertCertificateExpired by the x509 error; TLS 1.3's alertCertificateRequired when none is sent), which the
    // kubelet's client reads as "remote error: tls: <alert>". A server that verifies client certificates at the
    // handshake (an API server front or a distribution's supervisor requiring them) refuses the kubelet there, after
    // a signer's or CA's rotation, as kube-apiserver's authenticator does with 401. The kubelet's own server side
    // ("http: TLS handshake error from <client>: remote error: …") is its client refusing the kubelet's serving
    // certificate (logs, exec, metrics), which does not cut the node off.
    fact: 'kubelet.auth_error',
    pattern:
      'remote error: tls: (?:bad certificate|unknown certificate authority|expired certificate|certificate required|revoked certificate|unknown certificate)',
    literals: ['remote error: tls:'],
    // An image pull's alert is the registry's, answered to the runtime's pull the kubelet relays.
    unless:
      'TLS handshake error from|http: TLS handshake error|ErrImagePull|ImagePullBackOff|[Pp]ull(?:ing)? image|PullImage|registry',
    from: ['kubelet'],
    strict: true,
    source:
      'go crypto/tls alert.go (alertBadCertificate "bad certificate", alertUnknownCA "unknown certificate authority", alertCertificateExpired "expired certificate", alertCertificateRevoked "revoked certificate", alertCertificateUnknown "unknown certificate", alertCertificateRequired "certificate required"; the peer\'s alert read as "remote error: tls: %s" in conn.go) and handshake_server.go processCertsFromClient (alertBadCertificate; alertUnknownCA or alertCertificateExpired by the x509 error in newer releases), on the kubelet\'s client calls (client-go\'s reflector, the node status loop, the lease controller, the certificate manager)',
    mechanism:
      'the server the kubelet dials refuses its client certificate in the TLS handshake (signed by a CA it no longer trusts, expired, or missing): every status and Lease update fails, and the node is cut off by its credentials',
  },
  {
    // The kubelet's own calls (registration, node status, the Lease, the reflector's list and watch) failing on the
    // API server's certificate: Go's x509 verification in the kubelet's TLS client (the server's certificate signed
    // by a CA not in the kubelet's kubeconfig's certificate-authority-data, or naming no address the kubelet dials).
    // Their messages are the kubelet's own, so a line pasted without its journal prefix is read too. Since go1.20 the
    // error reads "tls: failed to verify certificate: x509: …".
    fact: 'kubelet.auth_error',
    pattern: `(?:${NODE_STATUS_FAILURE}|${LEASE_FAILURE}|(?:Failed to watch|[Ff]ailed to list) (?:\\*[A-Za-z0-9_]+\\.[A-Za-z0-9_]+|<unspecified>))[^\\n]{0,400}x509: (?:certificate signed by unknown authority|certificate is valid for [^\\n]{1,300}, not|certificate is not valid for any names|certificate has expired or is not yet valid)`,
    literals: [
      ...NODE_STATUS_FAILURE_LITERALS,
      ...LEASE_FAILURE_LITERALS,
      'Failed to watch',
      'failed to list',
    ],
    from: ['kubelet'],
    source:
      'go crypto/x509 verify.go (UnknownAuthorityError "x509: certificate signed by unknown authority", HostnameError "x509: certificate is valid for %s, not %s" / "x509: certificate is not valid for any names, but wanted to match %s", CertificateInvalidError Expired), wrapped by crypto/tls handshake_client.go ("tls: failed to verify certificate: %w", go1.20+), in kubernetes pkg/kubelet/kubelet_node_status.go registerWithAPIServer / updateNodeStatus, the lease controller and client-go tools/cache/reflector.go ListAndWatch',
    mechanism:
      "the kubelet cannot verify the API server's certificate (signed by a CA its kubeconfig does not hold after a rotation, or not naming the address it dials): it cannot register, post status or renew its Lease",
  },
  {
    fact: 'kubelet.volumes_not_mounted',
    pattern:
      'Unable to (?:attach or )?mount volumes for pod|Unable to attach or mount volumes: unmounted volumes=',
    literals: ['Unable to attach or mount volumes', 'Unable to mount volumes for pod'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet.go (*Kubelet).SyncPod ("Unable to attach or mount volumes for pod; skipping pod", and the FailedMount event "Unable to attach or mount volumes: %v"; "Unable to mount volumes for pod %q: %v" before 1.17)',
    mechanism:
      "the volume manager did not report the pod's volumes mounted in time: the kubelet skips starting the pod (a static control-plane pod too)",
  },
  {
    // The reflector names what it lists by its type description (getTypeDescriptionFromObject): the Go type
    // (`*v1.Node`), a GroupVersionKind (`crd.projectcalico.org/v1, Kind=IPPool`) or `<unspecified>`; without one,
    // "failed to list …: Unauthorized" is some other program's listing.
    fact: 'kubelet.auth_error',
    pattern:
      '(?:Failed to watch|[Ff]ailed to list) (?:\\*[A-Za-z0-9_]+\\.[A-Za-z0-9_]+|<unspecified>|[a-z0-9.-]*/v[0-9][a-z0-9]*, Kind=[A-Za-z0-9]+)[^\\n]{0,300}(?:Unauthorized|the server has asked for the client to provide credentials)',
    literals: ['Failed to watch', 'failed to list'],
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/client-go/tools/cache/reflector.go (ListAndWatch: "Failed to list %v: %v" to 1.18, "failed to list %v: %v" since; the watch error handler\'s "Failed to watch %v: %v"), relaying staging/src/k8s.io/apimachinery/pkg/api/errors StatusError for 401 (reason "Unauthorized"; NewGenericServerResponse\'s "the server has asked for the client to provide credentials")',
    mechanism:
      "the kubelet's informers (its Node, its pods, Services) are answered 401 by the API server: it no longer accepts the kubelet's client certificate or token",
  },
  {
    fact: 'kubelet.auth_error',
    pattern: 'the server has asked for the client to provide credentials',
    literals: ['the server has asked for the client to provide credentials'],
    from: ['kubelet'],
    strict: true,
    source:
      'kubernetes staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go NewGenericServerResponse (401 without a Status body), on any kubelet call',
    mechanism: "the API server answers the kubelet's requests 401: its credentials are not accepted",
  },
  {
    // A 403 naming a node's own user is the Node authorizer and RBAC refusing that node, whoever relays it (a klog
    // line pasted without its journal prefix too); an application's line stays its own (a DaemonSet that borrows the
    // kubelet's kubeconfig asking for more than a node may).
    fact: 'kubelet.auth_error',
    pattern: 'forbidden: User \\\\?"system:node:',
    literals: ['forbidden: User "system:node:', 'forbidden: User \\"system:node:'],
    unless:
      'can only access node lease with the same name|is not allowed to modify node|no relationship found between node',
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go Forbidden and forbiddenMessage ("User %q cannot %s resource …", the authorizer\'s reason after it) in apimachinery\'s NewForbidden ("%s %q is forbidden: %v"), 1.12-1.33, after plugin/pkg/auth/authorizer/node (the Node authorizer) and plugin/pkg/auth/authorizer/rbac gave no allow, relayed by client-go in the kubelet',
    mechanism:
      "the API server's authorizers (Node, RBAC, a webhook) deny the node's own user what it asks: its status, Lease or pods; an authorization mode or binding changed under the nodes",
  },
  {
    fact: 'kubelet.auth_error',
    pattern: 'forbidden: User \\\\?"system:anonymous',
    literals: ['forbidden: User "system:anonymous', 'forbidden: User \\"system:anonymous'],
    unless:
      'can only access node lease with the same name|is not allowed to modify node|no relationship found between node',
    from: ['kubelet'],
    strict: true,
    source: 'kubernetes staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go (403)',
    mechanism:
      'the API server refuses what the kubelet asks: RBAC/Node authorizer deny, or no credentials at all (system:anonymous)',
  },
  {
    // EKS's authenticator (the API server's token webhook) maps an IAM identity through the aws-auth ConfigMap (or
    // access entries); an identity it cannot map is refused (403 to the webhook, 401 "Unauthorized" to the kubelet). A
    // refused identity is the node's when its role says so (eksctl's NodeInstanceRole, EKS's node roles, a node
    // group's) or its session is an EC2 instance ID; anyone else's refusal is a person's kubectl.
    fact: 'kubelet.auth_error',
    pattern:
      'access denied[^\\n]{0,400}(?:role/[^ "]*(?:[Nn]ode|NODE|[Ww]orker)[^ "]*|assumed-role/[^ "]*/i-[0-9a-f]{8,17})|(?:ARN is not mapped|identity is not mapped)[^\\n]{0,200}(?:role/[^ "]*(?:[Nn]ode|NODE|[Ww]orker)|/i-[0-9a-f]{8,17})|(?:role/[^ "]*(?:[Nn]ode|NODE|[Ww]orker)[^ "]*|assumed-role/[^ "]*/i-[0-9a-f]{8,17})[^\\n]{0,300}(?:identity is not mapped|ARN is not mapped)',
    literals: ['access denied', 'ARN is not mapped', 'identity is not mapped'],
    source:
      'kubernetes-sigs/aws-iam-authenticator pkg/server/server.go (*handler).authenticateEndpoint (logrus warning "access denied" with the arn field and error "identity is not mapped", errutil.ErrNotMapped, v0.5+; doMapping\'s "ARN is not mapped: %s" in v0.4)',
    mechanism:
      "the API server's IAM authenticator cannot map the node's IAM role (the instance role replaced, or the aws-auth ConfigMap no longer lists it): every kubelet request on that role is refused as Unauthorized",
  },
  // Round 25: k3s/rke2's admission of its agents. The agent sends its node password (/etc/rancher/node/password)
  // with each request for its kubelet's certificates; the server verifies it against the per-node secret and
  // answers 403 on a mismatch. Both sides, in every release's wording.
  {
    fact: 'agent.node_password_rejected',
    pattern:
      "Node password rejected, (?:duplicate hostname or )?contents of '[^'\\n]{0,200}' may not match server (?:node-)?passwd entry|Node password validation failed for (?:\\[[^\\]\\n]{0,100}\\]|'[^'\\n]{0,100}')|unable to verify (?:hash for node '[^'\\n]{0,100}'|local (?:node )?password)|Deferred node password secret validation failed|NodePasswordValidationFailed",
    literals: [
      'Node password rejected',
      'Node password validation failed',
      'unable to verify hash for node',
      'unable to verify local',
      'node password secret validation failed',
      'NodePasswordValidationFailed',
    ],
    source:
      'k3s-io/k3s pkg/agent/config/config.go getNodeNamedCrt (on the server\'s 403: "Node password rejected, contents of \'%s\' may not match server passwd entry" in 1.0-1.17, "Node password rejected, duplicate hostname or contents of \'%s\' may not match server node-passwd entry, try enabling a unique node name with the --with-node-id flag" after; rke2 runs the same agent); the server\'s side, logged by pkg/server/router.go sendError (logrus.Error): ensureNodePassword\'s "Node password validation failed for [%s]" / "... for \'%s\', using passwd file \'%s\'" (node-passwd file, to 1.19), pkg/nodepassword/nodepassword.go verifyHash "unable to verify hash for node \'%s\': hash does not match" (secrets, 1.20 on), verifyLocalPassword "unable to verify local password for node \'%s\'" / "unable to verify local node password", and validate.go ensureSecret\'s Warning event NodePasswordValidationFailed ("Deferred node password secret validation failed: %v")',
    mechanism:
      "the server refuses the agent's node password: the per-node secret (kube-system/<node>.node-password.k3s|rke2) holds the hash of another machine of the same name, or the agent's password file was replaced; the agent gets no kubelet certificate and retries, and the node is never admitted",
  },
  {
    fact: 'kubelet.node_identity',
    pattern: 'can only access node lease with the same name',
    literals: ['can only access node lease with the same name'],
    source:
      'kubernetes plugin/pkg/auth/authorizer/node/node_authorizer.go authorizeLease and plugin/pkg/admission/noderestriction/admission.go admitLease',
    mechanism:
      "the kubelet's credential names another node (hostname changed or certificate of another node): its Lease is refused",
  },
  {
    fact: 'kubelet.node_identity',
    pattern: 'is not allowed to modify node',
    literals: ['is not allowed to modify node'],
    source: 'kubernetes plugin/pkg/admission/noderestriction/admission.go admitNode',
    mechanism: "the kubelet's credential names another node: its node status updates are refused",
  },
  {
    fact: 'kubelet.node_identity',
    pattern: 'no relationship found between node',
    literals: ['no relationship found between node'],
    source: 'kubernetes plugin/pkg/auth/authorizer/node/node_authorizer.go (*NodeAuthorizer).authorize',
    mechanism:
      "the Node authorizer's graph does not link this node to the object it asks for (node name mismatch, or pods not yet bound)",
  },
  {
    // The serving certificate's manager (kubelet-serving, 1.24+ names it) fails the same way where nobody approves
    // serving CSRs (kubeadm's serverTLSBootstrap): the kubelet's :10250 certificate, not its credentials.
    fact: 'kubelet.cert_rotation_failed',
    unless: 'kubelet-serving',
    pattern: 'Failed while requesting a signed certificate from the (?:control plane|master)',
    literals: [
      'Failed while requesting a signed certificate from the control plane',
      'Failed while requesting a signed certificate from the master',
    ],
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/client-go/util/certificate/certificate_manager.go (*manager).rotateCerts',
    mechanism:
      'the kubelet cannot get a CSR signed; when the current certificate expires it loses the API server',
  },
  {
    // 1.12's certificate manager: the CSR watch failing, and the request left unsigned with a capital letter (1.13+
    // write "certificate request was not signed", which the catalogue's rules read).
    fact: 'kubelet.cert_rotation_failed',
    pattern: 'Certificate request was not signed: |Unable to check certificate signing status: ',
    literals: ['Certificate request was not signed: ', 'Unable to check certificate signing status: '],
    unless: 'kubelet-serving',
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/client-go/util/certificate/certificate_manager.go (*manager).rotateCerts (1.12: "Certificate request was not signed: %v", "Unable to check certificate signing status: %v")',
    mechanism:
      "the kubelet's CSR was not signed or its status could not be read: no new client certificate, and the current one runs out",
  },
  {
    // The CSR's own answer, relayed by rotation ("certificate request was not signed: …") or by TLS bootstrap at
    // start: "not approved" to 1.18, "denied" or "failed" from 1.19 (certificates/v1's Failed condition).
    fact: 'kubelet.cert_rotation_failed',
    pattern: 'certificate signing request (?:is not approved|is denied|failed), reason: ',
    literals: [
      'certificate signing request is not approved, reason: ',
      'certificate signing request is denied, reason: ',
      'certificate signing request failed, reason: ',
    ],
    unless: 'kubelet-serving',
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/client-go/util/certificate/csr/csr.go WaitForCertificate ("certificate signing request is not approved, reason: %v, message: %v" 1.12-1.18; "… is denied, reason: …" and "… failed, reason: …" 1.19+)',
    mechanism:
      "the kubelet's certificate signing request was denied or failed: it gets no client certificate (at bootstrap it cannot join; at rotation the current one runs out)",
  },
  {
    fact: 'kubelet.cert_rotated',
    pattern: '[Cc]ertificate rotation detected, shutting down client connections',
    literals: ['certificate rotation detected, shutting down client connections'],
    from: ['kubelet'],
    source: 'kubernetes pkg/kubelet/certificate/transport.go addCertRotation',
    mechanism:
      'a new client certificate was loaded; the kubelet closes its API connections to reconnect with it',
  },

  // --- Client-go and Go HTTP/2 connection state ---
  {
    fact: 'kubelet.stale_conn',
    pattern: 'use of closed network connection',
    literals: ['use of closed network connection'],
    from: ['kubelet'],
    source: 'go net/net.go ErrClosed ("use of closed network connection"), on the kubelet API-server client',
    mechanism: 'the kubelet keeps sending on a connection that is already closed',
  },
  {
    // Round 23: the status or Lease request written onto a connection whose far end has already closed it (EPIPE,
    // Go's "write tcp …: write: broken pipe" inside net/http's or x/net/http2's error): the kubelet sent on a dead
    // connection it still held, as client-go did before the HTTP/2 health check (kubernetes #87615, fixed by #95981
    // in 1.20.0, 1.19.5, 1.18.18). A fresh connection refused or reset is kubelet.api_error's, not this.
    fact: 'kubelet.stale_conn',
    pattern: `(?:${NODE_STATUS_FAILURE}|${LEASE_FAILURE})[^\\n]{0,300}write: broken pipe`,
    literals: ['write: broken pipe'],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet_node_status.go (*Kubelet).updateNodeStatus and the Lease controller (pkg/kubelet/nodelease to 1.18, component-helpers/apimachinery/lease since), ending in Go net\'s OpError for a write that got EPIPE ("write tcp %s->%s: write: broken pipe", syscall.EPIPE): the request went out on a connection the API server (or a balancer in between) had already closed',
    mechanism:
      "the kubelet's status or Lease update was written onto a connection that was already closed at the far end: it keeps using a dead connection to the API server instead of dialling a new one",
  },
  {
    // Not a connection the kubelet keeps using: x/net writes "client connection lost" only from its health check
    // (closeForLostPing, March 2020 on), which client-go turns on from 1.19.5/1.20 (kubernetes #95981, #96778). The
    // kubelet noticed the silence and dropped the connection; what went silent is the path (a failover, a moved
    // address, a balancer that lost its flow).
    fact: 'kubelet.api_conn_lost',
    pattern: 'http2: client connection (?:lost|force closed)',
    literals: ['http2: client connection lost', 'http2: client connection force closed'],
    from: ['kubelet'],
    source:
      'go golang.org/x/net/http2/transport.go (*ClientConn).closeForLostPing ("http2: client connection lost", after healthCheck\'s PING went unanswered for PingTimeout once the connection read nothing for ReadIdleTimeout; x/net 0ba52f64, 2020-03) and (*ClientConn).Close (errClientConnForceClosed, "http2: client connection force closed via ClientConn.Close"), in client-go\'s transport from kubernetes 1.19.5/1.20 (SetTransportDefaults: ReadIdleTimeout 30 s, PingTimeout 15 s)',
    mechanism:
      "the kubelet's HTTP/2 connection to the API server went silent (no frame, no PING answer) and was dropped: its path to the API server was lost under it, e.g. a server, its virtual address or its balancer failed over",
  },
  {
    fact: 'kubelet.api_conn_lost',
    pattern: 'read tcp [^ ]+->[^ ]+: read: connection timed out',
    literals: ['read: connection timed out'],
    from: ['kubelet'],
    source:
      'go net/fd_posix.go (*netFD).Read returning the kernel\'s ETIMEDOUT as "read tcp <local>-><remote>: read: connection timed out" (linux net/ipv4/tcp_timer.c tcp_write_timeout: an established connection is aborted once its retransmissions exceed net.ipv4.tcp_retries2, ~15 min by default), on the kubelet\'s API-server client',
    mechanism:
      "the kernel gave up on the kubelet's connection to the API server after retransmitting into silence for minutes (~15 by default): the far end had gone (a failover, a moved address) and nothing above TCP noticed sooner",
  },
  {
    fact: 'kubelet.api_conn_lost',
    pattern: `unable to decode an event from the watch stream:[^\\n]{0,200}${SILENT_PATH}`,
    literals: ['unable to decode an event from the watch stream'],
    from: ['kubelet'],
    source:
      'kubernetes staging/src/k8s.io/apimachinery/pkg/watch/streamwatcher.go (*StreamWatcher).receive ("unable to decode an event from the watch stream: %v"), relayed by client-go tools/cache/reflector.go watchHandler',
    mechanism:
      "a watch the kubelet held open to the API server ended on a silent path, not a close or a reset: the connection under it timed out or lost its route (the server's address moved), so nothing had answered on it for minutes",
  },
  {
    fact: 'kubelet.stale_conn',
    pattern: 'Unexpected watch close - watch lasted less than a second',
    literals: ['Unexpected watch close - watch lasted less than a second'],
    from: ['kubelet'],
    source: 'kubernetes staging/src/k8s.io/client-go/tools/cache/reflector.go watchHandler',
    mechanism: 'watches close at once without data: the underlying connection is broken but still reused',
  },
  {
    fact: 'kubelet.http_blocked',
    pattern: 'net/http\\.\\(\\*persistConn\\)\\.roundTrip',
    literals: ['net/http.(*persistConn).roundTrip'],
    source: 'go net/http/transport.go (*persistConn).roundTrip, as a frame in a kubelet goroutine dump',
    mechanism: 'a kubelet goroutine waits on an HTTP round trip to the API server that never completes',
  },

  // --- Start-up failures (cmd/kubelet/app/server.go, kubelet.go, pkg/kubelet/cm) ---
  {
    fact: 'kubelet.dead',
    pattern: 'failed to run Kubelet',
    literals: ['failed to run Kubelet'],
    source: 'kubernetes cmd/kubelet/app/server.go run',
    mechanism: 'the kubelet exits during start-up; systemd restarts it in a loop',
  },
  // The kubelet (or a distribution's node process that runs it) checks its runtime's version at start and exits
  // when the runtime's socket does not answer: the runtime is down or not yet up (a boot race), and the kubelet's
  // exit is its consequence. A refusal of the API version (Unimplemented) is runtime.cri_version's, not this.
  // The runtime blocking the kubelet is derived from it (extract/derived.ts), unless the runtime came back.
  ...(['kubelet.exits_on_runtime', 'runtime.unreachable'] as const).map(
    (fact): Signature => ({
      fact,
      pattern:
        'failed to run Kubelet: [^\\n]{0,240}(?:unable to determine runtime API version|validate service connection|validate CRI v1 (?:runtime|image) API|failed to get docker version|Get runtime version|get remote runtime typed version failed|Cannot connect to the Docker daemon|(?:docker|containerd|crio|cri-dockerd|dockershim)\\.sock)[^\\n]{0,400}(?:connection refused|no such file or directory|connection reset by peer|EOF|code = Unavailable|code = DeadlineExceeded|context deadline exceeded|i/o timeout|Is the docker daemon running|server is not initialized yet)|ERROR: (?:Unable to check for Docker server version|Docker could not be reached at)',
      literals: [
        'failed to run Kubelet',
        'Unable to check for Docker server version',
        'Docker could not be reached at',
      ],
      unless: 'code = Unimplemented|unknown service runtime',
      source:
        'kubernetes cmd/kubelet/app/server.go run ("failed to run Kubelet: %w") over the runtime check at start: pkg/kubelet/dockershim docker_service.go getDockerVersion ("failed to get docker version: %v", 1.6-1.23, moby\'s "Cannot connect to the Docker daemon at %s. Is the docker daemon running?"), pkg/kubelet/kuberuntime/kuberuntime_manager.go NewKubeGenericRuntimeManager ("Get runtime version failed", 1.21+, over getTypedVersion\'s "get remote runtime typed version failed: %v", the creation\'s first CRI Version call, wrapped by RunKubelet\'s "failed to create kubelet: %v"), pkg/kubelet/cri/remote/remote_runtime.go determineAPIVersion ("unable to determine runtime API version: %w", 1.23-1.25) and validateServiceConnection ("validate service connection: …", 1.26+, staging/src/k8s.io/cri-client from 1.29) with grpc-go\'s Unavailable ("connection error: desc = \\"transport: Error while dialing …: connect: connection refused / no such file or directory\\"", "error reading from server: EOF"); openshift/origin pkg/cmd/server/kubernetes/node.go (*NodeConfig).EnsureDocker and HandleDockerError (glog.Fatalf "ERROR: Unable to check for Docker server version.\\n%v" / "ERROR: Docker could not be reached at %s …", 2015-2017 openshift-node)',
      mechanism:
        "the kubelet (or the node process that runs it) exits at start because its runtime's socket does not answer the version check: the runtime is down or not yet up, and nothing serves pods until it is and the kubelet starts again",
    }),
  ),
  {
    // Round 23. Before 1.0 RunKubelet logged its builder's error and returned, and Run went on to block forever
    // with the health server it had started: the process stays alive without a kubelet (no pod sync, no status, no
    // API on :10250), and nothing retries the creation. From 1.0 RunKubelet returns "failed to create kubelet: %v"
    // (lowercase) and the process exits (kubelet.dead, kubelet.exits_on_runtime), so systemd's restart retries it.
    // What the builder failed on is usually the runtime at start: the Docker client's answers (dial unix
    // /var/run/docker.sock refused or missing, "API error (500): engine is shutdown" while dockerd stops), first
    // asked by the image manager or the Docker version check inside NewMainKubelet.
    fact: 'kubelet.create_no_retry',
    pattern: 'Failed to create kubelet: ',
    literals: ['Failed to create kubelet: '],
    from: ['kubelet'],
    source:
      'kubernetes cmd/kubelet/app/server.go RunKubelet (glog.Errorf("Failed to create kubelet: %s", err) then return, with (*KubeletServer).Run blocking in select {} after, releases before 1.0; from 1.0 RunKubelet returns fmt.Errorf("failed to create kubelet: %v") and the process exits), over pkg/kubelet/kubelet.go NewMainKubelet ("failed to initialize image manager: %v" from image_manager.go newImageManager / Start "failed to start image manager: %v") and fsouza/go-dockerclient\'s answers ("API error (%d): %s", dial unix /var/run/docker.sock)',
    mechanism:
      "the kubelet's creation failed at start (the runtime not yet up, shutting down, or refusing) and this release only logs it: the process stays alive without a kubelet and never retries, so the node stays down after the runtime is back, until the kubelet is restarted",
  },
  {
    fact: 'kubelet.dead',
    ...scmServiceFailure('kubelet'),
    source: `${SCM_EVENTS} for the kubelet service (registered directly or under a service wrapper such as nssm)`,
    mechanism: 'on a Windows node the kubelet service does not start or keeps terminating',
  },
  // The kubelet's state (or that of the agent running it: k3s, rke2, kubelite) as other service managers and
  // distributions' tools print it (service-managers.ts); other services' rows in the same output do not count.
  {
    fact: 'kubelet.dead',
    ...supervisordExited(KS),
    mechanism:
      'supervisord saw the kubelet it runs die on its own: nobody posts node status until it respawns',
  },
  {
    fact: 'kubelet.unit_failed',
    ...supervisordGaveUp(KS),
    mechanism:
      'the kubelet kept dying at start until supervisord spent its startretries: it is left in FATAL and nothing restarts it',
  },
  {
    fact: 'kubelet.unit_failed',
    ...supervisorctlRow(KS, ['FATAL']),
    mechanism: 'supervisorctl shows the kubelet in FATAL: supervisord gave up starting it and it stays down',
  },
  {
    fact: 'kubelet.dead',
    ...supervisorctlRow(KS, ['BACKOFF', 'EXITED']),
    mechanism: 'supervisorctl shows the kubelet exited, or dying at start and waiting to be retried',
  },
  {
    fact: 'kubelet.stopped',
    ...supervisorctlRow(KS, ['STOPPED']),
    mechanism: 'supervisorctl shows the kubelet stopped: unless it is started, nobody posts node status',
  },
  {
    fact: 'kubelet.dead',
    ...initscriptsDead(KS),
    source: `${INITSCRIPTS} ("%s dead but pid file exists", "%s dead but subsys locked"), printed by \`service kubelet status\` on SysV-init nodes`,
    mechanism: 'the kubelet is gone although its pid file or subsys lock says it was started: it died',
  },
  {
    fact: 'kubelet.stopped',
    ...initscriptsStopped(KS),
    mechanism: 'the init script finds no kubelet at all: unless it is started, nobody posts node status',
  },
  {
    fact: 'kubelet.dead',
    ...openrcDown(KS),
    source: `${OPENRC} src/rc-status/rc-status.c print_service ("crashed" for a started service whose daemon is gone, "failed") and src/openrc-run/openrc-run.c ("ERROR: %s failed to start")`,
    mechanism:
      "OpenRC (Alpine's init) marks the kubelet's (or k3s') service crashed or failed: it died or did not start",
  },
  {
    fact: 'kubelet.stopped',
    ...openrcStopped(KS),
    mechanism: "OpenRC lists the kubelet's service stopped: unless it is started, nobody posts node status",
  },
  {
    fact: 'kubelet.dead',
    ...microk8sInspectDown(MICROK8S_KUBELET),
    source: `${MICROK8S} ("FAIL:  Service %s is not running" for snap.microk8s.daemon-kubelite, daemon-kubelet before 1.21)`,
    mechanism:
      "microk8s inspect finds the snap's kubelite (the kubelet) not running: nobody posts node status",
  },
  {
    fact: 'kubelet.stopped',
    ...snapServiceInactive(MICROK8S_KUBELET),
    source: `${SNAPD} for microk8s.daemon-kubelite (daemon-kubelet before 1.21)`,
    mechanism: "snap lists MicroK8s' kubelite inactive: unless it is started, nobody posts node status",
  },
  {
    fact: 'kubelet.dead',
    ...upstartDied(KS),
    source: `${UPSTART} init/job_process.c job_process_handler ("%s %s process (%d) terminated with status %d", "killed by %s signal") and job_process_terminated ("%s %s process ended, respawning")`,
    mechanism:
      "upstart's init saw the kubelet's main process die: nobody posts node status until it is respawned",
  },
  {
    fact: 'kubelet.unit_failed',
    ...upstartGaveUp(KS),
    mechanism: 'upstart stopped respawning the kubelet after it died too often: it stays down',
  },
  {
    fact: 'kubelet.stopped',
    ...upstartStopped(KS),
    mechanism:
      "upstart's status shows the kubelet's job stopped: unless it is started, nobody posts node status",
  },
  // Round 27 (r27-words): Talos' machined and `talosctl services`, and systemd's `systemctl --failed` table.
  {
    fact: 'kubelet.unit_failed',
    ...talosServiceEnded('kubelet'),
    mechanism:
      "Talos' machined logged the kubelet's service ended (Failed, or Finished) and does not run it again until the machine restarts it: nobody posts node status",
  },
  {
    fact: 'kubelet.unit_failed',
    ...talosServicesRow('kubelet'),
    mechanism:
      "`talosctl services` lists the kubelet's service Finished or Failed: it is not running and machined does not restart it, so nobody posts node status",
  },
  {
    fact: 'kubelet.unit_failed',
    ...systemctlFailedRow(KS),
    mechanism:
      "`systemctl --failed` lists the kubelet's unit failed: systemd gave up restarting it (or it has no Restart=), so nobody posts node status",
  },
  {
    fact: 'kubelet.dead',
    pattern: 'Failed to start cAdvisor|Failed to start ContainerManager',
    literals: ['Failed to start cAdvisor', 'Failed to start ContainerManager'],
    from: ['kubelet', 'unknown'],
    source: 'kubernetes pkg/kubelet/kubelet.go (*Kubelet).initializeRuntimeDependentModules',
    mechanism: 'a kubelet module fails at start and the kubelet exits',
  },
  {
    fact: 'kubelet.dead',
    pattern:
      'kubelet\\.service: (?:[Mm]ain process exited|Failed with result|Start request repeated too quickly|Scheduled restart job, restart counter is at [0-9]+)',
    unless: KUBELET_KILLED,
    literals: [
      'kubelet.service: Failed with result',
      'kubelet.service: Main process exited',
      'kubelet.service: Start request repeated too quickly',
      'kubelet.service: Scheduled restart job',
    ],
    source: 'systemd src/core/service.c service_sigchld_event / unit.c (the kubelet unit)',
    mechanism: 'the kubelet process exits and systemd restarts it, or gives up',
  },
  {
    // 137 is 128 + 9: a shell, docker (`Exited (137)`) or a supervisor reporting a process killed by SIGKILL.
    fact: 'kubelet.killed',
    literals: ['status=9/KILL', '137'],
    pattern: `kubelet(?:\\.service)?[^\\n]{0,120}${KUBELET_KILLED}`,
    // Its supervisor's line, never the kubelet's own (which reports containers' exit codes).
    from: ['systemd', 'dockerd', 'containerd', 'app', 'unknown'],
    source:
      'systemd src/core/service.c service_sigchld_event ("code=killed, status=9/KILL"); the shell and container runtimes report a SIGKILL death as exit status 128+9 = 137',
    mechanism:
      'something sent the kubelet SIGKILL: the OOM killer, or a supervisor or watchdog after it stopped answering; it is restarted, but why it was killed is the fault',
  },
  {
    // The cgroup root by name: "" or "/" (%q of a string), [""] or [] (%q of a CgroupName); or the write it failed.
    fact: 'kubelet.allocatable_on_root',
    literals: ['Failed to update Node Allocatable Limits'],
    pattern:
      'Failed to update Node Allocatable Limits (?:\\[\\]|\\[\\\\?"\\\\?"\\]|\\\\?"/?\\\\?":)|Failed to update Node Allocatable Limits[^\\n]{0,400}/sys/fs/cgroup/memory/memory\\.limit_in_bytes: invalid argument',
    source:
      'kubernetes pkg/kubelet/cm/node_container_manager_linux.go enforceNodeAllocatableCgroups (FailedNodeAllocatableEnforcement event, "Failed to update Node Allocatable Limits %q: %v"); linux mm/memcontrol.c mem_cgroup_write refuses a limit on the root memory cgroup with EINVAL',
    mechanism:
      'per-QoS cgroups are off, so the pods limit goes to the root cgroup, which takes no limit: the kubelet fails that step every minute',
  },
  {
    // A kubelet from 1.26 speaks CRI v1 only; a runtime that serves v1alpha2 alone (containerd before 1.6, older
    // cri-o) answers grpc-go's Unimplemented for the whole service. crictl falls back to v1alpha2 and looks healthy.
    fact: 'runtime.cri_version',
    literals: ['unknown service runtime.v1', 'validate CRI v1'],
    pattern:
      'unknown service runtime\\.v1(?:alpha2)?\\.(?:RuntimeService|ImageService)|validate CRI v1 (?:runtime|image) API for endpoint[^\\n]{0,400}(?:Unimplemented|not implemented)',
    source:
      'grpc-go server.go (*Server).handleStream (codes.Unimplemented "unknown service %v"); kubernetes cri-client remote_runtime.go validateServiceConnection ("validate CRI v1 runtime API for endpoint %q", 1.26+)',
    mechanism:
      'the runtime does not serve the CRI API version this kubelet speaks (v1 from 1.26): every CRI call is refused as unimplemented',
  },
  {
    // The VersionInfo status setter writes what the runtime's Version call returned; on an error it writes the
    // runtime's name with version Unknown: the kubelet's own record of a runtime that did not answer, as the Ready
    // condition's "container runtime is down" is.
    fact: 'runtime.down',
    literals: ['://unknown'],
    pattern: '(?:docker|containerd|cri-o|crio)://[Uu][Nn][Kk][Nn][Oo][Ww][Nn]',
    source:
      'kubernetes pkg/kubelet/nodestatus/setters.go VersionInfo (ContainerRuntimeVersion "%s://%s" with "Unknown" when the runtime\'s Version call fails)',
    mechanism:
      "the kubelet recorded the runtime's version as Unknown: the runtime did not answer its Version call at that status update",
  },
  {
    // The Go runtime writes a crash raw to the kubelet's stderr; apimachinery's HandleCrash logs a recovered one.
    fact: 'kubelet.panic',
    literals: ['panic: ', 'fatal error: '],
    pattern: '(?:panic|fatal error): |Observed a panic: ',
    from: ['kubelet'],
    strict: true,
    // newosproc's throw is the Go runtime out of threads (runtime/os_linux.go): a PID limit, not a kubelet bug.
    unless: 'level=|msg=|fatal error: newosproc',
    source:
      'go runtime/panic.go printpanics ("panic: ") and throw ("fatal error: ") on the kubelet\'s stderr; k8s.io/apimachinery pkg/util/runtime/runtime.go logPanic ("Observed a panic: %#v (%v)\n%s")',
    mechanism:
      'the kubelet hit a bug and crashed (or a goroutine did and was recovered): a kubelet defect, whatever set it off',
  },
  {
    // A trace quoted without its first line: the frames the Go runtime writes only for a panic. gopanic's own frame
    // ("panic(0x…, 0x…)" to go1.16, "panic({0x…, 0x…})" from go1.17's register ABI) heads the panicking goroutine's
    // stack, and sigpanic's "[signal SIGSEGV: segmentation violation …]" follows a nil dereference's header. klog's
    // Fatal dumps goroutines too (klog.stacks) but through no panic frame, so its start-up refusals stay theirs.
    fact: 'kubelet.panic',
    literals: ['panic(0x', 'panic({0x', '[signal SIG'],
    pattern: 'panic\\(\\{?0x[0-9a-f]{1,16}, 0x[0-9a-f]{1,16}\\}?\\)|\\[signal SIG(?:SEGV|BUS): ',
    from: ['kubelet'],
    strict: true,
    source:
      'go runtime/panic.go gopanic (the "panic(…)" frame of the panicking goroutine in runtime/traceback.go\'s stack, its arguments braced from go1.17) and runtime/signal_unix.go sigpanic ("[signal %s: %s code=%#x addr=%#x pc=%#x]" after printpanics), written to the kubelet\'s stderr; also under k8s.io/apimachinery pkg/util/runtime logPanic\'s recovered trace',
    mechanism:
      "the kubelet's own trace of a Go panic, quoted without its header: a kubelet bug (the kubelet frames below it name the subsystem)",
  },
  {
    // The kubelet's node lister and status loop: the API server has no Node of this name.
    fact: 'kubelet.not_registered',
    literals: ['error getting node', 'error updating node status', 'Unable to register node'],
    pattern:
      '[Ee]rror getting node[^\\n]{0,120}not found|[Ee]rror updating node status[^\\n]{0,200}nodes? \\\\?"[^"\\\\]{1,253}\\\\?" not found|Unable to register node[^\\n]{0,300}(?:not found|no such host|connection refused|i/o timeout)',
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kubelet.go (*Kubelet).GetNode / getNodeAnyWay ("error getting node %q: %v"), kubelet_node_status.go registerWithAPIServer / tryRegisterWithAPIServer ("Unable to register node with API server")',
    mechanism:
      'the API server the kubelet talks to has no Node object for it: registration failed (endpoint, CA, authorisation, a cloud node name that differs) or went to another cluster',
  },
  // --- The kubelet's own sandbox configuration (pkg/kubelet/kuberuntime/kuberuntime_sandbox.go) ---
  {
    // generatePodSandboxConfig fails before the runtime is called: its steps are the DNS configurer (the resolver
    // file), the pod's hostname, port mappings and cgroup parent; the first is the one a node's own setup breaks.
    fact: 'kubelet.sandbox_config_failed',
    literals: ['GeneratePodSandboxConfig for pod', 'Failed to generate sandbox config for pod'],
    pattern: 'GeneratePodSandboxConfig for pod[^\\n]{0,300}failed|Failed to generate sandbox config for pod',
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/kuberuntime/kuberuntime_sandbox.go (*kubeGenericRuntimeManager).createPodSandbox ("GeneratePodSandboxConfig for pod %q failed: %v" to 1.20, "Failed to generate sandbox config for pod %q: %v" and structured "Failed to generate sandbox config for pod" since) and kuberuntime_manager.go SyncPod ("GeneratePodSandboxConfig for pod %q failed: %v", structured "GeneratePodSandboxConfig for pod failed"), relayed by the pod workers as CreatePodSandboxError, 1.10-1.28',
    mechanism:
      "the kubelet cannot build a pod's sandbox configuration (its DNS settings from the resolver file it is configured with, above all), so it never asks the runtime for the sandbox: every pod on the node fails the same way, whatever the runtime and the network plugin",
  },
  {
    // createPodSandbox's error is an open(2) of a file with no runtime or CNI words before it: only the DNS
    // configurer opens a file in that path (the resolver file named by --resolv-conf / resolvConf).
    fact: 'kubelet.sandbox_config_failed',
    literals: [
      'Failed to create pod sandbox: open /',
      'createPodSandbox for pod',
      'CreatePodSandbox for pod failed',
      'Could not open resolv conf file',
      'Could not parse resolv conf file',
      'Encountered error while parsing resolv conf file',
    ],
    pattern:
      '(?:Failed to create pod sandbox: |createPodSandbox for pod \\\\?"[^"\\\\]{1,300}\\\\?" failed: |"CreatePodSandbox for pod failed"[^\\n]{0,200}err=\\\\?")open /[^ :"\\\\]{1,200}: no such file or directory|"Could not open resolv conf file\\.?"|"Could not parse resolv conf file\\.?"|Encountered error while parsing resolv conf file',
    source:
      'kubernetes pkg/kubelet/network/dns/dns.go (*Configurer).GetPodDNS → getHostDNSConfig / getDNSConfig (os.Open of the configured resolver file, returned as is; structured "Could not open resolv conf file.", "Could not parse resolv conf file." with "Encountered error while parsing resolv conf file. Error: %w" since 1.21), surfacing through kuberuntime_manager.go SyncPod ("createPodSandbox for pod %q failed: %v" to 1.20, structured "CreatePodSandbox for pod failed" since) and its FailedCreatePodSandBox event ("Failed to create pod sandbox: %v"), 1.10-1.28',
    mechanism:
      "the resolver file the kubelet is configured with (--resolv-conf, resolvConf: /etc/resolv.conf, or /run/systemd/resolve/resolv.conf with systemd-resolved) is missing or unreadable, so the kubelet fails every pod's sandbox configuration before the runtime is asked: no pod can start on the node, static pods included",
  },
  {
    // The RuntimeClass handler a pod names, refused by the runtime the node runs (dockershim inside the kubelet): the
    // runtime unable to run that class (round 22), not the kubelet's own sandbox configuration.
    fact: 'runtime.handler_missing',
    literals: ['RuntimeHandler "', 'RuntimeHandler \\"'],
    pattern: 'RuntimeHandler \\\\?"[^"\\\\]{1,100}\\\\?" not supported',
    source:
      'kubernetes pkg/kubelet/dockershim/docker_sandbox.go (*dockerService).RunPodSandbox ("RuntimeHandler %q not supported", 1.14-1.23; Mirantis cri-dockerd core/sandbox_run.go to 0.3.x, which from 0.4.0 passes the handler to dockerd as the container\'s runtime instead)',
    mechanism:
      "a pod names a runtime handler (its RuntimeClass's) that the node's runtime is not configured with: its sandbox is refused before anything runs, for every pod of that class on the node",
  },
  {
    // The kubelet's API address is on this host: something on the node serves it (a node-local proxy static pod,
    // the API server's own static pod, or the agent of k3s or rke2), and it is not answering.
    fact: 'kubelet.api_via_loopback',
    literals: [...NODE_STATUS_FAILURE_LITERALS, ...LEASE_FAILURE_LITERALS, ...REFLECTOR_FAILURE_LITERALS],
    pattern: `(?:${NODE_STATUS_FAILURE}|${LEASE_FAILURE}|${REFLECTOR_FAILURE})[^\\n]{0,300}(?:127\\.0\\.0\\.1|localhost|\\[::1\\]):[0-9]{2,5}[^\\n]{0,120}connection refused`,
    from: ['kubelet'],
    source:
      "kubernetes pkg/kubelet/kubelet_node_status.go registerWithAPIServer / tryRegisterWithAPIServer (\"Unable to register node with API server\") and updateNodeStatus, and the Lease controller, and client-go tools/cache/reflector.go's list and watch failures on the kubelet's informers, with the client's \"dial tcp 127.0.0.1:6443: connect: connection refused\" (the kubeconfig's server on loopback: kubespray's nginx-proxy or haproxy static pod on :6443, rke2's agent load balancer on :6443/:9345 and k3s's on :6444, a control-plane node's own API server)",
    mechanism:
      'the kubelet talks to the API server through an address on its own host, and nothing listens there: the node-local proxy or API server that would answer is a pod or process of this node that is not running',
  },
  {
    fact: 'kubelet.swap',
    pattern: '[Rr]unning with swap on',
    literals: ['running with swap on'],
    from: ['kubelet', 'unknown'],
    source: 'kubernetes pkg/kubelet/cm/container_manager_linux.go NewContainerManager',
    mechanism: 'swap is on and failSwapOn is true: the kubelet refuses to start',
  },
  {
    fact: 'kernel.sysctl_missing',
    pattern: '/proc/sys/[^ :"]+: no such file or directory|/proc/sys/[^ ]+ does not exist',
    literals: ['/proc/sys/'],
    source:
      'kubernetes component-helpers node/util/sysctl/sysctl.go (procSysctl GetSysctl/SetSysctl open /proc/sys/<name>), as kube-proxy sets its conntrack sysctls at start (cmd/kube-proxy/app/conntrack.go setIntSysCtl: nf_conntrack_max, the TCP timeouts) and the kubelet checks its kernel defaults; kubeadm preflight FileContentCheck ("%s does not exist", /proc/sys/net/bridge/bridge-nf-call-iptables)',
    mechanism:
      'a sysctl a node program sets or checks at start does not exist: the kernel module that provides it (nf_conntrack, br_netfilter) is not loaded, and a kubelet that embeds kube-proxy (MicroK8s kubelite, the k3s/rke2 agent) exits with it',
  },
  {
    fact: 'kubelet.config_error',
    pattern: 'misconfiguration: kubelet cgroup driver: [^ ]+ is different from docker cgroup driver',
    literals: ['misconfiguration: kubelet cgroup driver:'],
    from: ['kubelet', 'unknown'],
    source: 'kubernetes pkg/kubelet/dockershim/docker_service.go NewDockerService (cri-dockerd since 1.24)',
    mechanism:
      'the kubelet and dockerd use different cgroup drivers (systemd vs cgroupfs): the kubelet exits at start',
  },
  {
    // The CPU and memory managers' state, written by the kubelet and read back at start against its configuration
    // and the container map (a policy changed without draining, a corrupt checkpoint, a container the map lacks):
    // the kubelet's own bookkeeping, fatal at every start until the file is deleted. Older cpumanager releases log
    // the same advice when their checkpoint manager or policy start fails.
    fact: 'kubelet.manager_state',
    // Round 28 (r28-runtime): every checkpoint-backed state of the kubelet writes the same advice (the CPU and memory
    // managers', the pod allocation state of in-place resize, the pod resource information of the allocation
    // manager), and a kubelet that cannot restore it does not start; klog of 1.1x put the advice on a line of its own
    // ("\nPlease drain this node ..."), and the allocation manager's failure is a panic in some releases. The advice
    // and the allocation manager's message are the kubelet's alone, so they count under any process name (a
    // wrapper's, a forker's, a container's).
    pattern:
      '[Pp]lease drain this node and delete (?:the (?:CPU|memory) manager|pod allocation|pod resource information) checkpoint file|please drain node and remove policy state file|[Ff]ailed to initialize (?:the )?allocation checkpoint manager|differs from state checkpoint policy',
    literals: [
      'please drain this node and delete',
      'please drain node and remove policy state file',
      'allocation checkpoint manager',
      'differs from state checkpoint policy',
    ],
    source:
      'kubernetes pkg/kubelet/cm/cpumanager/state/state_checkpoint.go and cm/memorymanager/state/state_checkpoint.go NewCheckpointState ("could not restore state from checkpoint: %v, please drain this node and delete the CPU manager checkpoint file %q before restarting Kubelet": "configured policy %q differs from state checkpoint policy %q", a corrupt checkpoint, "containerID \'%v\' not found in initial containers list"); cpumanager/cpu_manager.go Start ("could not initialize checkpoint manager: %v, please drain node and remove policy state file", 1.10+; the static policy\'s invalid-state panic in early releases), wrapped by container_manager_linux.go ("start cpu manager error", "start memory manager error"); pkg/kubelet/status/state/state_checkpoint.go NewStateCheckpoint (in-place resize\'s pod allocation state, "please drain this node and delete pod allocation checkpoint file %q", 1.27-1.32) and pkg/kubelet/allocation/state/state_checkpoint.go NewStateCheckpoint ("could not restore state from checkpoint: %w, please drain this node and delete pod resource information checkpoint file %q before restarting Kubelet", 1.33+), logged by allocation/allocation_manager.go ("Failed to initialize allocation checkpoint manager") before the kubelet gives up; the checkpoint errors themselves from pkg/kubelet/checkpointmanager/errors ("checkpoint is corrupted", ErrCorruptCheckpoint)',
    mechanism:
      'the CPU or memory manager cannot restore its own checkpoint at start (its policy changed since it was written, the file is corrupt, or it names containers the runtime no longer has): the kubelet exits at every start until the checkpoint is deleted',
  },
  {
    // The static policies' own check of their checkpoint against the machine, at start: the CPUs the state
    // assigns (default set and containers' sets together) must be exactly the machine's, and the memory state's
    // per-NUMA-node totals and reservations must equal what the machine and the reservations now give. A VM resized
    // (CPUs or memory added or removed), a NUMA layout changed, or the reservations changed leave the old file
    // behind; the error is returned through the manager's Start and the container manager's, and the kubelet exits.
    fact: 'kubelet.manager_state',
    pattern:
      "doesn't match with CPUs in state|\\[memorymanager\\] the expected machine state is different from the real one",
    literals: [
      "doesn't match with CPUs in state",
      '[memorymanager] the expected machine state is different from the real one',
    ],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cm/cpumanager/policy_static.go (*staticPolicy).validateState ("current set of available CPUs %q doesn\'t match with CPUs in state %q", 1.10+), returned by cpu_manager.go Start ("Policy start error"); pkg/kubelet/cm/memorymanager/policy_static.go (*staticPolicy).validateState ("[memorymanager] the expected machine state is different from the real one", 1.21+), returned by memory_manager.go Start; both fatal through container_manager_linux.go Start ("start cpu manager error", "start memory manager error")',
    mechanism:
      "the CPU or memory manager's checkpoint was written for another machine (CPUs or memory added or removed, reservations changed): the static policy rejects it at start and the kubelet exits at every start until the file is deleted",
  },
  {
    // cmd/kubelet/app/server.go's start-up: the configuration it loads (file, drop-ins, flags), validates and
    // builds its dependencies from. Each is returned to main, which logs it and exits 1 (klog.Fatal before 1.20).
    fact: 'kubelet.config_error',
    pattern:
      'failed to load [Kk]ubelet config file|failed to load kubelet dropin file|failed to merge kubelet (?:drop-in config|configs)|failed to walk through kubelet dropin directory|failed to validate kubelet (?:flags|configuration)|failed to parse kubelet flag|failed to set feature gates from initial flags-based config|failed to construct kubelet dependencies|unable to load client CA file|invalid kubeconfig: |kubelet needs to run as uid|--(?:kube|system|qos)-reserved value failed to parse|bad --node-ip |node IP: [^\\n]{1,80} not found in the host.s network interfaces|unable to load bootstrap kubeconfig',
    literals: [
      'failed to load kubelet config file',
      'failed to load kubelet dropin file',
      'failed to merge kubelet',
      'failed to walk through kubelet dropin directory',
      'failed to validate kubelet',
      'failed to parse kubelet flag',
      'failed to set feature gates from initial flags-based config',
      'failed to construct kubelet dependencies',
      'unable to load client CA file',
      'invalid kubeconfig:',
      'kubelet needs to run as uid',
      '-reserved value failed to parse',
      'bad --node-ip',
      'network interfaces',
      'unable to load bootstrap kubeconfig',
    ],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes cmd/kubelet/app/server.go NewKubeletCommand, loadConfigFile ("failed to load Kubelet config file %s, error %v" to 1.27, "failed to load kubelet config file, path: %s, error: %v" from 1.28), mergeKubeletConfigurations (drop-ins, 1.28+), "failed to validate kubelet flags/configuration", UnsecuredDependencies ("failed to construct kubelet dependencies"), auth.go BuildAuth via dynamiccertificates ("unable to load client CA file"), run ("invalid kubeconfig", "kubelet needs to run as uid `0`", the reserved resources and --node-ip parsing); pkg/kubelet/nodestatus/setters.go validateNodeIP ("node IP: %q not found in the host\'s network interfaces"); pkg/kubelet/certificate/bootstrap/bootstrap.go LoadClientConfig ("unable to load bootstrap kubeconfig")',
    mechanism:
      'the kubelet refuses its own configuration at start (a config file, drop-in or flag it cannot load or rejects, a kubeconfig or CA it cannot read, a node IP the host does not have): it exits, and systemd restarts it in a loop',
  },
  {
    // Round 16: the kubelet's OS-specific configuration check refuses a host booted with cgroup v1 when failCgroupV1
    // is true (added false by default in 1.31, KEP-4569; true by default from 1.35, with the message changed from
    // "in maintenance mode" to "unsupported"). It is returned through "failed to validate kubelet configuration"
    // (the rule above) by the kubelet's own command, and relayed bare by k3s and rke2 ("kubelet exited: …") and by
    // kind's and minikube's node logs. The CgroupV1 warning event of 1.31+ ("cgroup v1 support is in maintenance
    // mode, please migrate to cgroup v2") is the kubelet running anyway: not this.
    fact: 'kubelet.config_error',
    pattern:
      'kubelet is configured to not run on a host using cgroup v1|singleProcessOOMKill must not be explicitly set to false when using cgroup v1',
    literals: [
      'kubelet is configured to not run on a host using cgroup v1',
      'singleProcessOOMKill must not be explicitly set to false',
    ],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/apis/config/validation/validation_linux.go validateKubeletOSConfiguration ("kubelet is configured to not run on a host using cgroup v1. cgroup v1 support is in maintenance mode" 1.31-1.34, "... cgroup v1 support is unsupported and will be removed in a future release" from 1.35 where failCgroupV1 defaults to true; "invalid configuration: singleProcessOOMKill must not be explicitly set to false when using cgroup v1" from 1.32), called from ValidateKubeletConfiguration in cmd/kubelet/app/server.go',
    mechanism:
      'the kubelet refuses to start on a host booted with cgroup v1 (failCgroupV1, the default from 1.35): it exits at every start, and its service manager (or k3s/rke2, which run it in-process) restarts it in a loop until the host boots cgroup v2 or failCgroupV1 is set false',
  },
  {
    // KubeEdge's edgecore runs the kubelet's code (edged) and checks its own start-up before any module runs;
    // klog.Exit writes the record and exits 1.
    fact: 'kubelet.config_error',
    pattern:
      'failed to check the running environment|should not running on edge node when running edgecore|Failed to get IP address by custom interface',
    literals: [
      'failed to check the running environment',
      'when running edgecore',
      'Failed to get IP address by custom interface',
    ],
    from: ['kubelet', 'unknown'],
    source:
      'kubeedge edge/cmd/edgecore/app/server.go NewEdgeCoreCommand (klog.Exit on "failed to check the running environment: %v" from environmentCheck: "kubelet should not running on edge node when running edgecore", the same for kube-proxy; "Failed to get IP address by custom interface %s" then os.Exit(1)), v1.x',
    mechanism:
      'edgecore refuses to start: a kubelet or kube-proxy already runs on the edge node, or its configured interface has no address; edged (its kubelet) never runs',
  },
  {
    // k3s and rke2 log through logrus; fatal exits the process, and with it the kubelet they run.
    fact: 'kubelet.dead',
    pattern: 'level=fatal msg=|FATA\\[[^\\]]{1,40}\\] ',
    literals: ['level=fatal msg=', 'FATA['],
    from: ['kubelet'],
    strict: true,
    // A fatal that names the embedded component which stopped is that component's (cni.ts, runtime.ts).
    unless: 'flannel exited',
    source:
      'k3s-io/k3s pkg/cli/server and pkg/cli/agent through sirupsen/logrus (*Logger).Fatal (os.Exit(1) after logging "level=fatal"; k3s: "starting kubernetes: preparing server", "Failed to start networking") and rancher/rke2 log their fatal start errors; only in lines of a program that embeds the kubelet',
    mechanism:
      'the agent that runs the kubelet (k3s, rke2) exited on a fatal error: the kubelet is not running until it starts again',
  },
  {
    fact: 'kubelet.cadvisor_cgroup_path',
    pattern:
      'Failed to start cAdvisor[^\\n]{0,120}inotify_add_watch [^ ]*/sys/fs/cgroup/[^ ]*: no such file or directory',
    literals: ['Failed to start cAdvisor'],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/kubelet.go initializeRuntimeDependentModules; cadvisor manager/manager.go Start',
    mechanism:
      'cAdvisor watches a cgroup hierarchy path that this node does not have (e.g. cpuacct,cpu vs cpu,cpuacct): the kubelet exits',
  },
  // pkg/kubelet/cm at start-up, sorted by what each error blames. The container manager's Start runs setupNode:
  // the node-allocatable root (kubepods), then the QoS manager's Start, then the system containers; any error is
  // "Failed to start ContainerManager" in kubelet.go and the kubelet exits (kubelet.dead reads that wrapper).
  {
    // The QoS manager's own check that the root it was given exists: the kubelet made it a moment before, so its
    // absence is the kubelet's bookkeeping racing systemd's (the transient kubepods slice), not a setting.
    fact: 'kubelet.qos_root_missing',
    pattern: 'root container \\[(?:[^\\]\\n]{0,80} )?kubepods\\] doesn.t exist',
    literals: ['root container ['],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cm/qos_container_manager_linux.go (*qosContainerManagerImpl).Start ("root container %v doesn\'t exist", a CgroupName printed as [kubepods], or [<cgroup-root> kubepods] under a --cgroup-root), wrapped by container_manager_linux.go setupNode ("failed to initialize top level QOS containers: %v"), 1.6 to current; the race: kubernetes #79046, #95488, #122955 and cri-o #7701',
    mechanism:
      'the kubelet created the kubepods root and then found it missing when its QoS manager checked: its cgroup bookkeeping racing systemd (a transient slice removed or not yet visible); the kubelet exits at every start',
  },
  {
    // The cgroup manager's set-up of a cgroup lists every controller it needs; one with no mount point is the
    // host's (a kernel without the controller, e.g. pids before 4.3 or on old distribution kernels, or disabled).
    fact: 'kubelet.cgroup_controller_missing',
    pattern:
      '[Ff]ailed to find subsystem mount for required subsystem|system validation failed - Following Cgroup subsystem not mounted',
    literals: ['find subsystem mount for required subsystem', 'Following Cgroup subsystem not mounted'],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cm/cgroup_manager_linux.go setSupportedSubsystems ("Failed to find subsystem mount for required subsystem: %v", cgroup v1, 1.6 to 1.24; pids required from 1.14 with SupportPodPidsLimit) and container_manager_linux.go validateSystemRequirements via setupNode ("system validation failed - Following Cgroup subsystem not mounted: %v")',
    mechanism:
      "the host does not mount a cgroup controller the kubelet's container manager requires (its kernel lacks it or it is disabled): the QoS or node-allocatable cgroups cannot be set up and the kubelet fails at start or every sync",
  },
  {
    // --cgroup-root names a cgroup that must already exist on every controller: a setting, checked before start.
    fact: 'kubelet.config_error',
    pattern: 'invalid configuration: cgroup-root',
    literals: ['invalid configuration: cgroup-root'],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cm/container_manager_linux.go NewContainerManager ("invalid configuration: cgroup-root %q doesn\'t exist", 1.8 to current; earlier in qos_container_manager_linux.go without the name)',
    mechanism:
      "the kubelet's --cgroup-root (cgroupRoot) names a cgroup that does not exist on this host: the kubelet refuses to start",
  },
  // The same container manager's other answers (round 12). Its cgroup manager creates the kubepods root, the QoS
  // slices and one slice per pod through the runc libcontainer it vendors; with the systemd driver each is a transient
  // slice started over D-Bus, and libcontainer is meant to take systemd's "already exists" for success (runc #1124).
  {
    // The wrappers pkg/kubelet/cm and kubelet.go put around a cgroup it could not create or update, at start (the
    // QoS slices) or per pod (the pod's slice). What follows the wrapper decides whose failure it is: an errno the
    // kernel gives (memory cgroup IDs, descriptors, tasks), a controller the host lacks, or the D-Bus connection to
    // systemd failing is read by other rules as that.
    fact: 'kubelet.cgroup_setup_failed',
    literals: [
      'top level QOS containers',
      'QOS cgroup : ',
      'failed to create container for [',
      'cgroups exist and are correctly applied',
      'unable to ensure pod container exists',
    ],
    pattern:
      '[Ff]ailed to initiali[sz]e top level QOS containers|failed to (?:create|update) top level (?:Burstable|BestEffort) QOS cgroup : |failed to create container for \\[[^\\]\\n]{0,200}kubepods|cgroups exist and are correctly applied|unable to ensure pod container exists',
    unless:
      'subsystem mount|subsystem not mounted|cannot allocate memory|no space left on device|too many open files|resource temporarily unavailable|root container \\[[^\\]\\n]{0,80}kubepods\\] doesn.t exist|dbus: |DBus\\.Error|[Dd]id not receive a reply',
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cm/container_manager_linux.go setupNode ("failed to initialize top level QOS containers: %v"; "initialise" in the 1.6-era releases, kubernetes #43856), qos_container_manager_linux.go Start ("failed to create top level %v QOS cgroup : %v", "failed to update top level %v QOS cgroup : %v"), pod_container_manager_linux.go EnsureExists ("failed to create container for %v : %v", a CgroupName printed as [kubepods burstable pod<uid>]), kubelet.go syncPod ("failed to ensure that the pod: %v cgroups exist and are correctly applied: %v", event "unable to ensure pod container exists: %v"), 1.6 to current',
    mechanism:
      "the kubelet's container manager could not create or update one of its own cgroups (a QoS slice at start, a pod's slice before its sandbox): at start the kubelet exits, per pod the pod stays ContainerCreating",
  },
  {
    // systemd's BUS_ERROR_UNIT_EXISTS inside one of the container manager's own errors, or the container manager's
    // start failing on it bare (the kubepods root, created before the QoS slices and returned unwrapped). Split over
    // lines, extract/derived.ts ties the two (kubeletUnitExists).
    fact: 'kubelet.cgroup_unit_exists',
    literals: ['already exists', 'org.freedesktop.systemd1.UnitExists'],
    pattern:
      '(?:top level QOS containers|QOS cgroup : |failed to create container for \\[|cgroups exist and are correctly applied|unable to ensure pod container exists|Failed to start ContainerManager)[^\\n]{0,2000}(?:Unit [^ \\n]{0,80}kubepods[^ \\n]{0,200}\\.slice already exists|org\\.freedesktop\\.systemd1\\.UnitExists)',
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cm/cgroup_manager_linux.go Create through the vendored runc libcontainer/cgroups/systemd startUnit (isUnitExists meant to be ignored since runc #1124; rc95 wrapped the error first, "error while starting unit %q with properties %+v", so it escaped: runc #2996, kubernetes #102676, fixed with runc 1.0.2 in kubelet 1.21.5 and 1.22.2; runc 1.1.6 retries after reset-failed, "unable to start unit %q (properties %+v)"); systemd src/core/dbus-manager.c transient_unit_from_message ("Unit %s already exists.")',
    mechanism:
      'the kubelet\'s vendored libcontainer asked systemd to start a kubepods slice the kubelet had already made and took systemd\'s "already exists" for a failure: its own cgroup bookkeeping, not systemd stalling; the kubelet exits at start or the pod never gets its cgroup',
  },
  {
    // setupKernelTunables runs in setupNode; by default it sets the values (KernelTunableModify). With
    // --protect-kernel-defaults it only checks, and every flag that differs is one error in an aggregate.
    fact: 'kubelet.kernel_defaults',
    literals: ['invalid kernel flag: '],
    pattern:
      '[Ii]nvalid kernel flag: (?:vm|kernel)/[a-z_/]{3,40}, expected value: -?[0-9]+, actual value: -?[0-9]+',
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cm/container_manager_linux.go setupKernelTunables with KernelTunableError when protectKernelDefaults is set ("Invalid kernel flag: %v, expected value: %v, actual value: %v" in the glog releases, "invalid kernel flag: ..." in the klog ones; the flags: vm/overcommit_memory 1, vm/panic_on_oom 0, kernel/panic 10, kernel/panic_on_oops 1, and in later releases kernel/keys/root_maxkeys 1000000 and kernel/keys/root_maxbytes 25000000, through component-helpers node/util/sysctl), wrapped by setupNode into "Failed to start ContainerManager"',
    mechanism:
      'the kubelet was told to protect kernel defaults (--protect-kernel-defaults, protectKernelDefaults) and the node image does not set the values it requires: it refuses to start rather than set them, at every restart',
  },
  {
    // Built from two CRI lists at the container manager's start (the CPU manager's initial containers); any
    // container whose sandbox is not in the sandbox list was an error until #108325 made it a skipped entry.
    fact: 'kubelet.container_map',
    literals: ['failed to build map of initial containers'],
    pattern: 'failed to build map of initial containers',
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cm/container_manager_linux.go Start, buildContainerMapFromRuntime ("failed to build map of initial containers from runtime: %v" around "no PodsandBox found with Id \'%s\'", 1.18 to 1.23; #107116 added the container\'s ID and name); from 1.24 (#108325, merged for that release) the container is logged ("No PodSandBox found for the container") and skipped',
    mechanism:
      "the kubelet's container manager found a container whose sandbox the runtime no longer lists and exits at start: its own map of the node's containers, rebuilt the same way at every restart, so it crash-loops until the orphan container is removed",
  },
  {
    // 1.12-1.14 only: the watcher's first walk (traversePluginDir, an fsnotify watch on every directory under the
    // plugin root) returned its first failure to Start, and kubelet.go made it fatal. 1.12 walked
    // /var/lib/kubelet/plugins as its registration root; 1.13-1.14 (#70494 moved registration to plugins_registry,
    // #71314 kept the old root as "deprecated") still walked it. Volume plugins keep their global mounts there, so
    // the walk descends into every mounted volume. The errno after "err:" is whatever stopped it (ENOSPC is
    // inotify's watch limit, read by the fd.inotify rule in runtime.ts); the fatal is the kubelet's own.
    fact: 'kubelet.plugin_walk',
    literals: ['failed to start Plugin Watcher'],
    pattern:
      'failed to start Plugin Watcher[^\\n]{0,40}failed to traverse (?:deprecated )?plugin socket path',
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/util/pluginwatcher/plugin_watcher.go (*Watcher).Start returning traversePluginDir\'s error ("failed to traverse plugin socket path, err: %v" 1.12; "failed to traverse deprecated plugin socket path %q, err: %v" for the old root 1.13-1.14, #71314), each directory\'s "failed to watch %s, err: %v"; made fatal by pkg/kubelet/kubelet.go initializeRuntimeDependentModules ("failed to start Plugin Watcher. err: %v", klog.Fatalf); from 1.15 the plugin manager (#73891) logs the walk\'s failure and carries on, and 1.17 (#84533) stops walking the old root',
    mechanism:
      "the kubelet's plugin watcher walks the old plugin directory, volume plugins' mounts included, adding a watch on every directory; the first directory it cannot watch ends the kubelet's start, the same way at every restart while the volume stays mounted",
  },
  {
    // fsnotify.NewWatcher is one inotify_init1: its EMFILE here is the per-user instance limit far more often than
    // the kubelet's own descriptors (LimitNOFILE is 1M in kubeadm's unit), so it is read as inotify.
    fact: 'fd.inotify',
    pattern: '[Ff]ailed to start [Pp]lugin (?:fs)?[Ww]atcher[^\\n]{0,80}[Tt]oo many open files',
    literals: ['too many open files'],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/pluginmanager/pluginwatcher/plugin_watcher.go (*Watcher).Start ("failed to start plugin fsWatcher, err: %v" around fsnotify.NewWatcher, 1.11+; kubernetes#64614), logged by kubelet.go as "failed to start Plugin Watcher"',
    mechanism:
      "the kubelet's watcher of device and CSI plugin sockets could not get an inotify instance: the node's per-user inotify instances (fs.inotify.max_user_instances) are used up",
  },
  {
    fact: 'fd.watch_error',
    pattern: 'Error while processing event \\(',
    literals: ['Error while processing event ('],
    unless: 'no such file or directory',
    from: ['kubelet'],
    source: 'cadvisor manager/manager.go (*manager).watchForNewContainers, inside the kubelet',
    mechanism:
      'cAdvisor could not add an inotify watch for a new cgroup (a vanished cgroup, ENOENT, is a benign race and excluded)',
  },
  // --- Round 18: the kubelet cut off by its own configuration, its sync loop seen running, distributions waiting on
  // its health endpoint (docs/accuracy.md, "What round 18 teaches") ---
  {
    // Kubelet.Run's warning when it was built without an API client: in the early releases a kubeconfig alone did
    // not make one (1.4-1.7 used it only with --require-kubeconfig or --api-servers; 1.8-1.9 made
    // --require-kubeconfig a no-op before its removal), so a node given only a kubeconfig ran standalone, never
    // registered and posted nothing. server.go's "No API client: %v" is the same client missing (1.0-1.9).
    fact: 'kubelet.no_api_server',
    pattern:
      'No (?:api|API) server defined - no node status update will be sent|No api server defined - no events will be sent|No API client: ',
    literals: [
      'server defined - no node status update will be sent',
      'No api server defined - no events will be sent',
      'No API client: ',
    ],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/kubelet.go (*Kubelet).Run ("No api server defined - no node status update will be sent." glog/klog.Warning 1.0-1.19, structured "No API server defined - no node status update will be sent" klog.InfoS 1.20+), cmd/kubelet/app/server.go makeEventRecorder ("No api server defined - no events will be sent to API server.", 1.2-1.19) and run ("No API client: %v" when the client config could not be built, 1.0-1.9; --api-servers removed and --require-kubeconfig deprecated in 1.8, removed in 1.10)',
    mechanism:
      'the kubelet started with no API server client (no --api-servers, or a kubeconfig the release does not use without --require-kubeconfig, or one it could not load): it runs pods from its manifests only, never registers the node and sends no status, so the node never appears or stays Unknown',
  },
  {
    // The kubelet's flag parse at start: 1.20-1.22 log it structured and exit 1; 1.10-1.19 klog.Fatal the pflag error
    // bare ("unknown flag: --x"); before 1.10 pflag's ExitOnError prints the same and exits 2. 1.23+ return
    // "failed to parse kubelet flag: %w", read by the configuration rule above.
    fact: 'kubelet.config_error',
    pattern: '"Failed to parse kubelet flag"|unknown (?:shorthand )?flag: [\'"]?-',
    literals: ['Failed to parse kubelet flag', 'unknown flag: ', 'unknown shorthand flag: '],
    from: ['kubelet'],
    strict: true,
    source:
      'kubernetes cmd/kubelet/app/server.go NewKubeletCommand (cleanFlagSet.Parse: klog.ErrorS(err, "Failed to parse kubelet flag") then os.Exit(1) 1.20-1.22; klog.Fatal(err) 1.10-1.19), spf13/pflag flag.go (*FlagSet).parseLongArgs / parseSingleShortArg ("unknown flag: --%s", "unknown shorthand flag: %q in %s"). Flags removed by release, still passed by older installers, kubeadm-flags.env files and distributions: 1.24 --network-plugin, --cni-bin-dir, --cni-conf-dir, --cni-cache-dir, --network-plugin-mtu, --docker-endpoint, --image-pull-progress-deadline, --experimental-dockershim-root-directory (CHANGELOG-1.24, #106907); 1.27 --container-runtime (#114017) and --master-service-namespace (#116015)',
    mechanism:
      'the kubelet is passed a flag its release does not have (removed since the unit, env file or distribution was written): it exits at every start before doing anything, and its service manager restarts it into the same refusal',
  },
  {
    // Rancher's planner (provisioning v2, RKE2/K3s machines) probes each component's health endpoint from the node's
    // system-agent and shows the unhealthy ones, sorted, in the machine's status until they pass.
    fact: 'kubelet.dead',
    pattern: '[Ww]aiting for probes: (?:[a-z0-9-]+, ){0,6}kubelet',
    literals: ['waiting for probes: '],
    source:
      'rancher/rancher pkg/capr/planner/store.go probesMessage ("waiting for probes: " + the unhealthy probes sorted and joined with ", ", set by getPlanStatusReasonMessage while the plan is not healthy; pkg/controllers/provisioningv2/rke2/planner in 2.6) with the kubelet\'s probe in pkg/capr/planner/probe.go allProbes ("http://%s:10248/healthz"), Rancher 2.6+',
    mechanism:
      "Rancher's system-agent gets no healthy answer from the kubelet's health endpoint (127.0.0.1:10248/healthz): the kubelet is not running, exits at start (a flag or configuration its release refuses) or does not answer, so the machine never becomes ready",
  },
  {
    // kubeadm init/join wait for the kubelet's health endpoint before the control plane or the TLS bootstrap.
    fact: 'kubelet.dead',
    pattern:
      "It seems like the kubelet isn't running or healthy|The HTTP call equal to 'curl -sSL http://(?:localhost|127\\.0\\.0\\.1):10248/healthz' (?:failed|returned error)|The kubelet is not healthy after ",
    literals: [
      "It seems like the kubelet isn't running or healthy",
      "10248/healthz' failed",
      "10248/healthz' returned error",
      'The kubelet is not healthy after ',
    ],
    source:
      'kubernetes cmd/kubeadm/app/cmd/phases/init/waitcontrolplane.go and join/kubelet.go through util/apiclient/wait.go ("[kubelet-check] It seems like the kubelet isn\'t running or healthy." and "[kubelet-check] The HTTP call equal to \'curl -sSL http://localhost:10248/healthz\' failed with error: %v." 1.8-1.28); 1.29+ (*KubeWaiter).WaitForKubelet ("The HTTP call equal to \'curl -sSL %s\' returned error: %v", "[kubelet-check] The kubelet is not healthy after %v")',
    mechanism:
      "kubeadm polls the kubelet's health endpoint (10248/healthz) and gets no healthy answer: the kubelet is not running, exits at start (a flag, configuration or cgroup driver it refuses) or does not answer, so init or join stops there",
  },
  {
    // Cluster API's machine controller waits for a Node whose spec.providerID matches the machine's: until the
    // kubelet on the new machine registers with that provider ID, the machine has no node reference.
    fact: 'kubelet.not_registered',
    pattern: 'Waiting for a node with matching ProviderID to exist|WaitingForNodeRef|Waiting for Node Ref',
    literals: [
      'Waiting for a node with matching ProviderID to exist',
      'WaitingForNodeRef',
      'Waiting for Node Ref',
    ],
    source:
      'kubernetes-sigs/cluster-api internal/controllers/machine/machine_controller_noderef.go reconcileNode (MachineNodeHealthy condition False, reason NodeProvisioning, "Waiting for a node with matching ProviderID to exist", v1.0+), api/v1beta1 condition_consts.go WaitingForNodeRefReason ("WaitingForNodeRef"); shown by the Rancher dashboard as "Waiting for Node Ref"',
    mechanism:
      'the machine exists but no Node with its provider ID registered: the kubelet on it never started, never reached the API server, or registered under another provider ID, so the machine stays without a node',
  },
];
