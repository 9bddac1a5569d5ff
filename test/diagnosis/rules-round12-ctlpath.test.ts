import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { parseLogLine } from '../../shared/diagnosis/logline.ts';
import { type Bundle, ids, journal, klog, top } from '../support/node-lines.ts';

/**
 * Round 11's connection shape (docs/accuracy.md, "Round 11": classes 3, 4 and 8): healthy nodes marked NotReady
 * because a long-lived connection to the API server stays on a dead end after a server, its virtual address or its
 * load balancer fails over, until the kernel or a health check drops it. Read from the programs' sources:
 * golang.org/x/net/http2's health check (closeForLostPing) and ClientConn.Close, the kernel's ETIMEDOUT on a read,
 * client-go's watch stream, the node lifecycle controller (tryUpdateNodeHealth, RecordNodeStatusChange), client-go's
 * HTTP/2 health check by kubelet release (kubernetes #87615, #95981, #96778), and klog's header as the writer's name
 * under a container wrapper's journal identifier.
 */

const API = 'https://10.0.0.10:6443';
const statusUpdate = (error: string) =>
  klog(
    'E',
    'kubelet_node_status.go:540',
    `"Error updating node status, will retry" err="error getting node \\"worker-1\\": Get \\"${API}/api/v1/nodes/worker-1?timeout=10s\\": ${error}"`,
  );
const leaseUpdate = (error: string) =>
  klog(
    'E',
    'controller.go:193',
    `"Failed to update lease" err="Put \\"${API}/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1?timeout=10s\\": ${error}"`,
  );
const cm = (severity: string, file: string, text: string) =>
  journal('kube-controller-manager[2231]', `${severity}1102 13:41:43.111882    2231 ${file}] ${text}`);
const defectsOf = (bundle: Bundle, fact: 'kubelet.pinned_conn_release' | 'kubelet.known_defect') =>
  extractFacts(bundle)
    .examples(fact)
    .map((f) => f.defect);

describe("the kubelet's connection to the API server, dropped under it", () => {
  it("x/net's health check dropping a silent connection after a failover is the path, not the kubelet: node_unreachable", () => {
    const bundle = {
      kubeletVersion: 'v1.24.17',
      logs: {
        kubelet: [
          leaseUpdate('context deadline exceeded (Client.Timeout exceeded while awaiting headers)'),
          leaseUpdate('context deadline exceeded'),
          statusUpdate('http2: client connection lost'),
          klog('I', 'kubelet_node_status.go:70', '"Attempting to register node" node="worker-1"'),
        ].join('\n'),
      },
    };
    const found = ids(bundle);
    expect(found).toContain('kubelet.api_conn_lost');
    expect(found).toContain('kubelet.api_error');
    expect(found).not.toContain('kubelet.stale_conn');
    // 1.24 has the health check: no release to blame.
    expect(found).not.toContain('kubelet.pinned_conn_release');
    const first = top(bundle);
    expect(first?.id).toBe('node_unreachable');
    expect(first?.chain.join(' ')).toMatch(/went silent and was dropped/);
  });

  it('a kubelet before 1.19.5 keeps the silent connection until the kernel drops it: the release is the mechanism', () => {
    const bundle = {
      kubeletVersion: 'v1.18.8',
      logs: {
        kubelet: [
          statusUpdate('net/http: request canceled (Client.Timeout exceeded while awaiting headers)'),
          statusUpdate('net/http: request canceled (Client.Timeout exceeded while awaiting headers)'),
          leaseUpdate('context deadline exceeded'),
          statusUpdate('read tcp 10.0.0.21:50122->10.0.0.10:6443: read: connection timed out'),
        ].join('\n'),
        other: 'The active master was powered off; the VIP moved to the second master within seconds.',
      },
    };
    const found = ids(bundle);
    expect(found).toContain('kubelet.api_timeout');
    expect(found).toContain('kubelet.api_conn_lost');
    expect(defectsOf(bundle, 'kubelet.pinned_conn_release')).toContain(
      'kubelet-http2-no-health-check-pinned-connection',
    );
    const first = top(bundle);
    expect(first?.id).toBe('node_unreachable');
    expect(first?.chain.join(' ')).toMatch(/tcp_retries2/);
    expect(first?.commands.map((c) => c.command).join('\n')).toMatch(/tcp_retries2/);
  });

  it("a watch stream ending in no route or the kernel's time-out is the connection lost; one ending in a reset is not", () => {
    const watch = (error: string) =>
      klog(
        'W',
        'reflector.go:302',
        `object-"kube-system"/"kube-proxy": watch of *v1.ConfigMap ended with: very short watch: unable to decode an event from the watch stream: ${error}`,
      );
    expect(
      ids({ logs: { kubelet: watch('read tcp 10.0.0.21:41822->10.0.0.10:6443: read: no route to host') } }),
    ).toContain('kubelet.api_conn_lost');
    expect(
      ids({
        logs: { kubelet: watch('read tcp 10.0.0.21:41822->10.0.0.10:6443: read: connection reset by peer') },
      }),
    ).not.toContain('kubelet.api_conn_lost');
  });

  it('the kubelet reusing a connection already closed (#87615) stays the kubelet defect', () => {
    const bundle = {
      kubeletVersion: 'v1.17.3',
      logs: {
        kubelet: [
          statusUpdate('write tcp 10.0.0.21:53614->10.0.0.10:6443: use of closed network connection'),
          leaseUpdate('write tcp 10.0.0.21:53614->10.0.0.10:6443: use of closed network connection'),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('kubelet.stale_conn');
    expect(ids(bundle)).not.toContain('kubelet.pinned_conn_release');
    expect(defectsOf(bundle, 'kubelet.known_defect')).toContain('kubelet-http2-stale-connection');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });
});

describe("the control plane's view of the node", () => {
  const notUpdated = cm(
    'I',
    'node_lifecycle_controller.go:1097',
    "node worker-1 hasn't been updated for 40.010894415s. Last Ready is: &NodeCondition{Type:Ready,Status:True,Reason:KubeletReady,Message:kubelet is posting ready status,}",
  );
  const lostWatch = cm(
    'W',
    'reflector.go:441',
    'k8s.io/client-go/informers/factory.go:134: watch of *v1.Lease ended with: an error on the server ("unable to decode an event from the watch stream: http2: client connection lost") has prevented the request from succeeding',
  );

  it("the controller manager's stale Lease watch, under any log name, is read as the control plane's and held", () => {
    for (const name of ['kube-controller-manager', 'controllerManager', 'controller-manager']) {
      const bundle = { logs: { [name]: [notUpdated, lostWatch].join('\n') } };
      const found = ids(bundle);
      expect(found, name).toContain('node.status_unknown');
      expect(found, name).toContain('controlplane.watch_lost');
      // The controller's own connection is not the kubelet's.
      expect(
        found.filter((id) => id.startsWith('kubelet.')),
        name,
      ).toEqual([]);
      const first = top(bundle);
      expect(first?.id, name).toBe('node_unreachable');
      expect(first?.confidence, name).toBeLessThan(0.7);
    }
  });

  it('bare, without a journal header, the controller lines under its log name are still its own', () => {
    const bare = (line: string) => line.replace(/^.*kube-controller-manager\[2231\]: /, '');
    const bundle = { logs: { controllerManager: [bare(notUpdated), bare(lostWatch)].join('\n') } };
    expect(ids(bundle)).toContain('controlplane.watch_lost');
    expect(ids(bundle)).not.toContain('kubelet.api_conn_lost');
  });

  it("the control plane's view does not outrank the node's own program output naming a cause", () => {
    const bundle = {
      logs: {
        kubelet: [
          klog(
            'E',
            'remote_runtime.go:193',
            '"RunPodSandbox from runtime service failed" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused\\""',
          ),
          klog(
            'E',
            'kubelet.go:2373',
            '"Container runtime not ready" runtimeReady="RuntimeReady=false reason:ContainerdNotReady message:container runtime is down"',
          ),
          journal('systemd[1]', "containerd.service: Failed with result 'exit-code'."),
        ].join('\n'),
        'kube-controller-manager': [
          notUpdated,
          cm(
            'I',
            'controller_utils.go:124',
            'Recording status change NodeNotReady event message for node worker-1',
          ),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('node.controller_not_ready');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('the NodeNotReady record alone names no cause', () => {
    const line = cm(
      'I',
      'controller_utils.go:121',
      '"Recording status change event message for node" status="NodeNotReady" node="worker-1"',
    );
    const bundle = { logs: { 'kube-controller-manager': line } };
    expect(ids(bundle)).toContain('node.controller_not_ready');
    expect(diagnose(bundle).causes[0]?.confidence ?? 0).toBeLessThan(0.5);
  });
});

describe("the kubelet under a container wrapper's journal identifier", () => {
  const wrapped = (tag: string, file: string, text: string) =>
    journal(tag, `E1102 13:41:43.111882    4702 ${file}] ${text}`);

  it("docker run: the status time-outs are the kubelet's (the klog file says so), not dockerd's", () => {
    const line = wrapped(
      'docker[4557]',
      'kubelet_node_status.go:302',
      'Error updating node status, will retry: error getting node "worker-1": Get https://10.240.255.5:443/api/v1/nodes?fieldSelector=metadata.name%3Dworker-1&resourceVersion=0: read tcp 10.240.0.9:55790->10.240.255.5:443: read: connection timed out',
    );
    expect(parseLogLine(line, 'dockerd')).toMatchObject({ component: 'kubelet', attribution: 'named' });
    const bundle = { kubeletVersion: 'v1.5.1', logs: { kubelet: line } };
    const found = ids(bundle);
    expect(found).toContain('kubelet.api_error');
    expect(found).toContain('kubelet.api_conn_lost');
    // Before 1.11 the kubelet never closed its connections on failed heartbeats: the same pinned path.
    expect(defectsOf(bundle, 'kubelet.pinned_conn_release')).toContain(
      'kubelet-heartbeat-stuck-tcp-connection',
    );
    expect(top(bundle)?.id).toBe('node_unreachable');
    // Under a source named for the daemon too.
    expect(ids({ logs: { dockerd: line } })).toContain('kubelet.api_error');
  });

  it.each(['rkt[1201]', 'kubelet-wrapper[1201]', 'hyperkube[1201]', 'docker[1201]'])(
    "%s: PLEG from the kubelet's own files is the kubelet's",
    (tag) => {
      const line = journal(
        tag,
        'I1102 13:41:43.111882    1893 kubelet.go:1820] skipping pod synchronization - [PLEG is not healthy: pleg was last seen active 4m3.5s ago; threshold is 3m0s]',
      );
      expect(parseLogLine(line, 'unknown').component).toBe('kubelet');
      expect(ids({ logs: { other: line } })).toContain('pleg.unhealthy');
    },
  );
});

describe('red herrings', () => {
  it('one transient status time-out on a kubelet with the health check: no dropped connection, no release, held', () => {
    const bundle = {
      kubeletVersion: 'v1.27.4',
      logs: { kubelet: statusUpdate('context deadline exceeded') },
    };
    const found = ids(bundle);
    expect(found).not.toContain('kubelet.api_conn_lost');
    expect(found).not.toContain('kubelet.pinned_conn_release');
    expect(diagnose(bundle).causes[0]?.confidence ?? 0).toBeLessThan(0.7);
  });

  it('a reset during an API server upgrade the paste says was planned is the far end answering, not a dead end', () => {
    const bundle = {
      kubeletVersion: 'v1.17.3',
      logs: {
        kubelet: [
          leaseUpdate('read tcp 10.0.0.21:50122->10.0.0.10:6443: read: connection reset by peer'),
          statusUpdate('dial tcp 10.0.0.10:6443: connect: connection refused'),
        ].join('\n'),
        other:
          'We upgraded the API servers one at a time last night as planned (kubeadm upgrade apply); the node showed NotReady for a few seconds during the upgrade and came back on its own.',
      },
    };
    const found = ids(bundle);
    expect(found).toContain('kubelet.api_error');
    expect(found).not.toContain('kubelet.api_timeout');
    expect(found).not.toContain('kubelet.api_conn_lost');
    // An old kubelet, but nothing went silent: the release is not counted.
    expect(found).not.toContain('kubelet.pinned_conn_release');
    expect(diagnose(bundle).causes[0]?.confidence ?? 0).toBeLessThan(0.7);
  });

  it("dockerd's own lines under docker[PID] stay dockerd's, whatever connection errors they carry", () => {
    const own = [
      'time="2026-11-02T13:41:43.111882Z" level=warning msg="Error getting v2 registry: Get \\"https://registry.internal/v2/\\": net/http: request canceled (Client.Timeout exceeded while awaiting headers)"',
      'time="2026-11-02T13:41:44.002113Z" level=error msg="Error closing logger: use of closed network connection"',
      'time="2026-11-02T13:41:45.310554Z" level=error msg="stream copy error: reading from a closed fifo"',
    ].map((m) => journal('docker[1234]', m));
    for (const line of own) expect(parseLogLine(line, 'unknown').component).toBe('dockerd');
    const found = ids({ logs: { dockerd: own.join('\n') } });
    expect(found.filter((id) => id.startsWith('kubelet.') || id.startsWith('controlplane.'))).toEqual([]);
  });

  it("a klog line under docker[PID] from a file that is not the kubelet's is not made the kubelet's", () => {
    const proxy = journal(
      'docker[1234]',
      'E1102 13:41:43.111882    2011 proxier.go:1389] Failed to execute iptables-restore: exit status 1 (iptables-restore: line 7 failed)',
    );
    expect(parseLogLine(proxy, 'unknown').component).not.toBe('kubelet');
    expect(parseLogLine(proxy, 'unknown').component).not.toBe('dockerd');
  });

  it("the controller manager's lost watch is not the kubelet reusing a dead connection", () => {
    const line = cm(
      'W',
      'reflector.go:424',
      'k8s.io/client-go/informers/factory.go:134: watch of *v1.Node ended with: very short watch: k8s.io/client-go/informers/factory.go:134: Unexpected watch close - watch lasted less than a second and no items received',
    );
    const found = ids({ logs: { 'kube-controller-manager': line } });
    expect(found).toContain('controlplane.watch_lost');
    expect(found).not.toContain('kubelet.stale_conn');
    expect(top({ logs: { 'kube-controller-manager': line } })?.id).not.toBe('kubelet_defect');
  });
});
