import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 15's families read from the programs' sources (docs/accuracy.md, "What round 15 teaches"): the kubelet's own
// informers failing to list and watch the API server (client-go's reflector, every klog form from 1.10 to 1.33),
// including through a proxy on the node's loopback. Lines are written from the programs' format strings, not from
// any incident.

const LIST =
  'https://127.0.0.1:6443/api/v1/nodes?fieldSelector=metadata.name%3Dworker-1&limit=500&resourceVersion=0';

describe("the kubelet's informers failing to list and watch the API server", () => {
  it('1.10-1.18: "Failed to list *v1.Node" with the connection refused, through a proxy on loopback', () => {
    const line = klog(
      'E',
      'reflector.go:205',
      `k8s.io/kubernetes/pkg/kubelet/kubelet.go:451: Failed to list *v1.Node: Get ${LIST}: dial tcp 127.0.0.1:6443: connect: connection refused`,
    );
    const found = ids({ logs: { kubelet: line } });
    expect(found).toContain('kubelet.api_error');
    expect(found).toContain('kubelet.api_via_loopback');
    expect(top({ logs: { kubelet: line } })?.id).toBe('node_unreachable');
  });

  it('1.19-1.30: the watch error handler wrapping "failed to list", the connection reset by the local proxy', () => {
    const logs = [
      klog(
        'W',
        'reflector.go:424',
        `k8s.io/client-go/informers/factory.go:150: failed to list *v1.Service: Get "https://127.0.0.1:6443/api/v1/services?limit=500&resourceVersion=0": read tcp 127.0.0.1:41234->127.0.0.1:6443: read: connection reset by peer`,
      ),
      klog(
        'E',
        'reflector.go:140',
        `k8s.io/client-go/informers/factory.go:150: Failed to watch *v1.Service: failed to list *v1.Service: Get "https://127.0.0.1:6443/api/v1/services?limit=500&resourceVersion=0": read tcp 127.0.0.1:41234->127.0.0.1:6443: read: connection reset by peer`,
      ),
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('kubelet.api_error');
    // A reset is the proxy answering: something listens on loopback, so this is not the refusal that fact names.
    expect(found).not.toContain('kubelet.api_via_loopback');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('node_unreachable');
  });

  it('1.31-1.32: "Unhandled Error" wrapping the watch failure, a virtual address timing out', () => {
    const line = klog(
      'E',
      'reflector.go:158',
      '"Unhandled Error" err="k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.Node: failed to list *v1.Node: Get \\"https://10.0.0.100:6443/api/v1/nodes?fieldSelector=metadata.name%3Dworker-1&limit=500&resourceVersion=0\\": dial tcp 10.0.0.100:6443: i/o timeout" logger="UnhandledError"',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.api_error');
    expect(top({ logs: { kubelet: line } })?.id).toBe('node_unreachable');
  });

  it('1.33: structured "Failed to watch" err=… reflector=… type=…, and the watch that ended with an error', () => {
    const logs = [
      klog(
        'E',
        'reflector.go:200',
        '"Failed to watch" err="Get \\"https://10.0.0.100:6443/api/v1/pods?allowWatchBookmarks=true&fieldSelector=spec.nodeName%3Dworker-1&watch=true\\": net/http: TLS handshake timeout" logger="UnhandledError" reflector="pkg/kubelet/config/apiserver.go:66" type="*v1.Pod"',
      ),
      klog(
        'I',
        'reflector.go:556',
        '"Warning: watch ended with error" reflector="k8s.io/client-go/informers/factory.go:160" type="*v1.Node" err="an error on the server (\\"unable to decode an event from the watch stream: http2: client connection lost\\") has prevented the request from succeeding"',
      ),
    ];
    for (const line of logs) expect(ids({ logs: { kubelet: line } })).toContain('kubelet.api_error');
    expect(top({ logs: { kubelet: logs.join('\n') } })?.id).toBe('node_unreachable');
  });

  it('1.17-1.32: "watch of *v1.Pod ended with" a connection timed out', () => {
    const line = klog(
      'W',
      'reflector.go:340',
      'k8s.io/kubernetes/pkg/kubelet/config/apiserver.go:43: watch of *v1.Pod ended with: very short watch: k8s.io/kubernetes/pkg/kubelet/config/apiserver.go:43: Unexpected watch close - watch lasted less than a second and no items received; read tcp 10.0.0.21:52344->10.0.0.100:6443: read: connection timed out',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.api_error');
  });

  it('near misses: other causes of a failed list, other programs, the controller manager', () => {
    const notNetwork = [
      // The API server answering: a resource it does not serve, a 401 (the credentials rule's).
      klog(
        'E',
        'reflector.go:138',
        'k8s.io/client-go/informers/factory.go:134: Failed to watch *v1beta1.RuntimeClass: failed to list *v1beta1.RuntimeClass: the server could not find the requested resource',
      ),
      klog(
        'E',
        'reflector.go:138',
        'k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Node: failed to list *v1.Node: Unauthorized',
      ),
      // A watch that ended normally ("very short watch" with nothing of the network).
      klog(
        'W',
        'reflector.go:302',
        'k8s.io/client-go/informers/factory.go:134: watch of *v1.Node ended with: very short watch: k8s.io/client-go/informers/factory.go:134: Unexpected watch close - watch lasted less than a second and no items received',
      ),
      // containerd's CNI configuration watcher names no API type.
      journal(
        'containerd[812]',
        'time="2026-11-02T13:41:43Z" level=error msg="failed to watch cni conf dir /etc/cni/net.d" error="dial tcp 10.0.0.100:6443: i/o timeout"',
      ),
    ];
    for (const line of notNetwork) expect(ids({ logs: { node: line } })).not.toContain('kubelet.api_error');
    // The controller manager's own reflector is the control plane's watch, not the kubelet's path.
    const kcm = journal(
      'kube-controller-manager[501]',
      'E1102 13:41:43.111882     501 reflector.go:138] k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Lease: failed to list *v1.Lease: Get "https://10.0.0.100:6443/apis/coordination.k8s.io/v1/leases?limit=500&resourceVersion=0": dial tcp 10.0.0.100:6443: connect: connection refused',
    );
    expect(ids({ logs: { node: kcm } })).not.toContain('kubelet.api_error');
  });
});

describe('ENOSPC read by the call that returned it: a watch that could not be added is the inotify watch limit', () => {
  it("the kubelet's plugin watcher exiting at start on a watch it could not add (1.12-1.15 fatal, later structured)", () => {
    const fatal = klog(
      'F',
      'kubelet.go:1384',
      'failed to start Plugin Watcher. err: failed to traverse plugin socket path, err: failed to watch /var/lib/kubelet/plugins/kubernetes.io/csi/pv/pvc-0a1b/globalmount/data/cache, err: no space left on device',
    );
    const found = ids({ logs: { kubelet: fatal } });
    expect(found).toContain('fd.inotify');
    expect(found).not.toContain('disk.pressure');
    const structured = klog(
      'E',
      'plugin_watcher.go:66',
      '"Failed to traverse plugin socket path" err="failed to watch /var/lib/kubelet/plugins_registry, err: no space left on device" path="/var/lib/kubelet/plugins_registry"',
    );
    const again = ids({ logs: { kubelet: structured } });
    expect(again).toContain('fd.inotify');
    expect(again).not.toContain('disk.pressure');
    expect(top({ logs: { kubelet: structured } })?.id).toBe('fd_exhaustion');
  });

  it("the kubelet's log follower (kubectl logs -f) and containerd's CNI directory watch", () => {
    const follow =
      'error: failed to watch file "/var/log/pods/default_web-0_1/web/0.log": no space left on device';
    const cni = journal(
      'containerd[812]',
      'time="2026-11-02T13:41:43Z" level=fatal msg="Failed to run CRI service" error="failed to create cni conf monitor for default: failed to watch cni conf dir /etc/cni/net.d: no space left on device"',
    );
    for (const line of [follow, cni]) {
      const found = ids({ logs: { node: line } });
      expect(found).toContain('fd.inotify');
      expect(found).not.toContain('disk.pressure');
    }
  });

  it("a line naming inotify with ENOSPC, and systemctl's password agent out of inotify instances", () => {
    const cadvisor = klog(
      'E',
      'manager.go:1082',
      'error while watching "/sys/fs/cgroup/memory/kubepods/burstable" with inotify: no space left on device',
    );
    expect(ids({ logs: { kubelet: cadvisor } })).toContain('fd.inotify');
    const agent = 'Failed to allocate directory watch: Too many open files';
    expect(ids({ logs: { node: agent } })).toContain('fd.inotify');
    expect(top({ logs: { node: agent } })?.id).toBe('fd_exhaustion');
  });

  it('near misses: a write that ENOSPC ends is the disk, and an API watch is not a file watch', () => {
    const write = journal(
      'containerd[812]',
      'time="2026-11-02T13:41:43Z" level=error msg="failed to write" error="write /var/lib/containerd/io.containerd.content.v1.content/ingest/x/data: no space left on device"',
    );
    const found = ids({ logs: { node: write } });
    expect(found).toContain('disk.pressure');
    expect(found).not.toContain('fd.inotify');
    const apiWatch = klog(
      'E',
      'reflector.go:138',
      'k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Node: failed to list *v1.Node: rpc error: no space left on device',
    );
    expect(ids({ logs: { kubelet: apiWatch } })).not.toContain('fd.inotify');
    // The password agent out of descriptors for something else is not the inotify instance limit.
    expect(
      ids({ logs: { node: 'Failed to allocate signal file descriptor: Too many open files' } }),
    ).not.toContain('fd.inotify');
  });
});

const kern = (text: string) => journal('kernel', `[4412.118203] ${text}`);

describe("the kernel's memory-cgroup lines that head an OOM report, read without the kill line", () => {
  it("the counters at the limit with the failure count, no path: an OOM report, read as the node's memory", () => {
    const logs = [
      kern('memory: usage 2097152kB, limit 2097152kB, failcnt 48213'),
      kern('memory+swap: usage 2097152kB, limit 2097152kB, failcnt 0'),
      kern('kmem: usage 118320kB, limit 9007199254740988kB, failcnt 0'),
    ].join('\n');
    const found = ids({ logs: { node: logs } });
    expect(found).toContain('mem.oom_report');
    expect(found).toContain('mem.oom');
    expect(found).not.toContain('mem.cgroup_oom');
    expect(top({ logs: { node: logs } })?.id).toBe('resource_starvation');
  });

  it("cgroup v2's swap counter and the task table's header", () => {
    for (const line of [
      kern('swap: usage 0kB, limit 0kB, failcnt 0'),
      kern('Tasks state (memory values in pages):'),
    ])
      expect(ids({ logs: { node: line } })).toContain('mem.oom_report');
  });

  it("a pod's cgroup named in the report is that pod's own limit, not the node's", () => {
    const logs = [
      kern('memory: usage 524288kB, limit 524288kB, failcnt 3121'),
      kern(
        'Memory cgroup stats for /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod7c1f2a3b_4d5e_6f70_8192_a3b4c5d6e7f8.slice:',
      ),
    ].join('\n');
    const found = ids({ logs: { node: logs } });
    expect(found).toContain('mem.cgroup_oom');
    expect(found).not.toContain('mem.oom');
    // Before 4.19 the same question was answered by "Task in … killed as a result of limit of …".
    const old = kern(
      'Task in /kubepods/burstable/pod7c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8/0a1b2c3d4e5f killed as a result of limit of /kubepods/burstable/pod7c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8',
    );
    expect(ids({ logs: { node: old } })).toContain('mem.cgroup_oom');
  });

  it("the pods' parent cgroup at its limit (node allocatable) is the node's memory for pods exhausted", () => {
    const stats = kern('Memory cgroup stats for /kubepods:');
    expect(ids({ logs: { node: stats } })).toContain('mem.oom');
    const summary = kern(
      'oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/kubepods.slice,task_memcg=/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod1.slice/cri-containerd-0a1b2c3d4e5f.scope,task=java,pid=4121,uid=0',
    );
    const found = ids({ logs: { node: summary } });
    expect(found).toContain('mem.oom');
    expect(found).not.toContain('mem.cgroup_oom');
    expect(top({ logs: { node: summary } })?.id).toBe('resource_starvation');
  });

  it('near misses: counters that are not an OOM report', () => {
    // A cgroup's memory.stat or a free(1) table holds neither the failure counter's wording nor the report's header.
    for (const line of [
      'memory.usage_in_bytes 2147483648',
      'Mem:        16384256     15874320       509936',
      kern('Memory cgroup stats for /system.slice/docker.service:'),
    ])
      expect(ids({ logs: { node: line } })).not.toContain('mem.cgroup_oom');
    expect(ids({ logs: { node: 'memory.max 2147483648' } })).not.toContain('mem.oom_report');
  });
});
