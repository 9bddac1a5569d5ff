import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import type { FactId } from '../../shared/diagnosis/facts.ts';
import { CONTROLPLANE_RULES } from '../../shared/diagnosis/rules/controlplane.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { type Bundle, ids, journal, klog, top } from '../support/node-lines.ts';

// Round 29 (r29-controlplane): the control plane's own failures (etcd exiting, the API server's health check failing
// on its datastore) and the controllers that relay nodes' status unable to reach the API server. Lines are built from
// the format strings cited in rules/controlplane.ts, with the header each program prints: etcd's zap JSON (v3.4-v3.6)
// and capnslog text (v3.3-v3.4), klog for the API server and cloudcore, logrus for virtual-kubelet.

const zap = (level: string, caller: string, msg: string, error: string) =>
  `{"level":"${level}","ts":"2026-11-02T13:41:43.111Z","caller":"${caller}","msg":"${msg}","error":"${error}"}`;
const capnslog = (level: string, pkg: string, msg: string) =>
  `2026-11-02 13:41:43.111882 ${level} | ${pkg}: ${msg}`;
const cloudcore = (sev: string, file: string, text: string) =>
  `${sev}1102 13:41:43.111882       1 ${file}] ${text}`;
const other = (line: string): Bundle => ({ logs: { other: line } });
const named = (source: string, line: string): Bundle => ({ logs: { [source]: line } });

const HITS: readonly { line: string; fact: FactId }[] = [
  // etcd's zap logger: the start error under "discovery failed" (v3.4-v3.6), a listener's, a WAL it cannot read.
  {
    line: zap(
      'fatal',
      'etcdmain/etcd.go:204',
      'discovery failed',
      'listen tcp 10.0.0.5:2380: bind: address already in use',
    ),
    fact: 'etcd.fatal_exit',
  },
  {
    line: zap(
      'fatal',
      'etcdmain/etcd.go:172',
      'listener failed',
      'accept tcp [::]:2379: use of closed network connection',
    ),
    fact: 'etcd.fatal_exit',
  },
  {
    line: zap(
      'fatal',
      'etcdserver/bootstrap.go:647',
      'failed to read WAL, cannot be repaired',
      'unexpected EOF',
    ),
    fact: 'etcd.fatal_exit',
  },
  {
    line: '{"level":"panic","ts":"2026-11-02T13:41:43.111Z","logger":"raft","caller":"etcdserver/zap_raft.go:101","msg":"tocommit(19) is out of range [lastIndex(0)]. Was the raft log corrupted, truncated, or lost?"}',
    fact: 'etcd.fatal_exit',
  },
  // The same quoted in a container log's JSON, its quotes escaped.
  {
    line: '{"log":"{\\"level\\":\\"fatal\\",\\"ts\\":\\"2026-11-02T13:41:43.111Z\\",\\"caller\\":\\"etcdmain/etcd.go:271\\",\\"msg\\":\\"discovery failed\\"}\\n","stream":"stderr"}',
    fact: 'etcd.fatal_exit',
  },
  // capnslog (v3.3): the start error printed whole, C for CRITICAL.
  {
    line: capnslog('C', 'etcdmain', 'listen tcp 127.0.0.1:2379: bind: address already in use'),
    fact: 'etcd.fatal_exit',
  },
  {
    line: capnslog('C', 'etcdmain', 'member 8e9e05c52164694d has already been bootstrapped'),
    fact: 'etcd.fatal_exit',
  },
  {
    line: capnslog(
      'C',
      'raft',
      'tocommit(107) is out of range [lastIndex(84)]. Was the raft log corrupted, truncated, or lost?',
    ),
    fact: 'etcd.fatal_exit',
  },
  // The start errors wherever quoted (a warn line of v3.5's "failed to start etcd", a paste).
  {
    line: zap(
      'warn',
      'etcdmain/etcd.go:145',
      'failed to start etcd',
      'listen tcp 192.168.1.10:2380: bind: address already in use',
    ),
    fact: 'etcd.fatal_exit',
  },
  {
    line: 'cannot access data directory: directory "/var/lib/etcd" exist without permission 0700',
    fact: 'etcd.fatal_exit',
  },
  {
    line: "failed to recover v3 backend from snapshot: failed to find database snapshot file (snap: snapshot file doesn't exist)",
    fact: 'etcd.fatal_exit',
  },
  { line: 'wal: crc mismatch', fact: 'etcd.fatal_exit' },
  {
    line: capnslog('E', 'etcdserver', 'the member has been permanently removed from the cluster'),
    fact: 'etcd.fatal_exit',
  },
  { line: 'error: walpb: crc mismatch', fact: 'etcd.fatal_exit' },
  { line: 'snap: crc mismatch', fact: 'etcd.fatal_exit' },
  {
    line: 'database file (/var/lib/etcd/member/snap/db index 5000) does not match with snapshot (index 12000)',
    fact: 'etcd.fatal_exit',
  },
  // k3s and rke2 servers' datastore at start.
  {
    line: journal(
      'k3s[1201]',
      'time="2026-11-02T13:41:43Z" level=fatal msg="starting kubernetes: preparing server: start managed database: etcd: failed to get etcd status: context deadline exceeded"',
    ),
    fact: 'etcd.fatal_exit',
  },
  {
    line: journal(
      'k3s[1201]',
      'time="2026-11-02T13:41:43Z" level=fatal msg="starting kubernetes: preparing server: creating storage endpoint: building kine: database is locked"',
    ),
    fact: 'etcd.fatal_exit',
  },
  // The kubelet's back-off of the static pods: structured (1.2x), glog (1.1x), the event (1.27 on).
  {
    line: klog(
      'E',
      'pod_workers.go:1294',
      '"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"etcd\\" with CrashLoopBackOff: \\"back-off 5m0s restarting failed container=etcd pod=etcd-cp-1_kube-system(5f3c)\\"" pod="kube-system/etcd-cp-1"',
    ),
    fact: 'etcd.fatal_exit',
  },
  {
    line: 'Warning  BackOff  3m (x120 over 30m)  kubelet  Back-off restarting failed container etcd in pod etcd-master1_kube-system(0a1b2c)',
    fact: 'etcd.fatal_exit',
  },
  {
    line: klog(
      'E',
      'pod_workers.go:186',
      'Error syncing pod 1f2e (\\"kube-apiserver-cp-1_kube-system(1f2e)\\"), skipping: failed to \\"StartContainer\\" for \\"kube-apiserver\\" with CrashLoopBackOff: \\"Back-off 2m40s restarting failed container=kube-apiserver pod=kube-apiserver-cp-1_kube-system(1f2e)\\"',
    ),
    fact: 'apiserver.down',
  },
  // docker ps -a rows of the static pods' containers.
  {
    line: '3f1a2b4c5d6e   0369cf4303ff   "etcd --advertise-cl…"   2 minutes ago   Exited (1) 2 minutes ago   k8s_etcd_etcd-master1_kube-system_5f3c0d1e2a_23',
    fact: 'etcd.fatal_exit',
  },
  {
    line: '9a8b7c6d5e4f   ca9843d3b545   "kube-apiserver --ad…"   1 minute ago   Exited (255) 40 seconds ago   k8s_kube-apiserver_kube-apiserver-master1_kube-system_1f2e3d_41',
    fact: 'apiserver.down',
  },
  // The API server's health check list: the answer, its log line, readyz's etcd-readiness.
  { line: '[-]etcd failed: reason withheld', fact: 'etcd.unavailable' },
  { line: 'the pod events show Liveness probe failed: ... [-]etcd failed', fact: 'etcd.unavailable' },
  { line: '[-]etcd-readiness failed: reason withheld', fact: 'etcd.unavailable' },
  {
    line: 'I1102 13:41:43.111882       1 healthz.go:257] etcd check failed: livez',
    fact: 'etcd.unavailable',
  },
  {
    line: 'I1102 13:41:43.111882       1 healthz.go:257] etcd,etcd-readiness check failed: readyz',
    fact: 'etcd.unavailable',
  },
  {
    line: '[-]etcd failed: error getting data from etcd: context deadline exceeded',
    fact: 'etcd.unavailable',
  },
  {
    line: 'E1102 13:41:43.111882       1 status.go:71] apiserver received an error that is not an metav1.Status: rpctypes.EtcdError{code:0x8, desc:"etcdserver: too many requests"}',
    fact: 'etcd.unavailable',
  },
  // The kubelet's probes of the control plane's static pods: structured, glog, the event's URL.
  {
    line: klog(
      'I',
      'prober.go:107',
      '"Probe failed" probeType="Liveness" pod="kube-system/etcd-cp-1" podUID="5f3c" containerName="etcd" probeResult="failure" output="HTTP probe failed with statuscode: 503"',
    ),
    fact: 'etcd.unavailable',
  },
  {
    line: klog(
      'I',
      'prober.go:116',
      'Liveness probe for "etcd-master1_kube-system(0a1b2c):etcd" failed (failure): Get http://127.0.0.1:2381/health: dial tcp 127.0.0.1:2381: connect: connection refused',
    ),
    fact: 'etcd.unavailable',
  },
  {
    line: 'Warning  Unhealthy  2m (x30 over 20m)  kubelet  Startup probe failed: Get "http://127.0.0.1:2381/health?exclude=NOSPACE&serializable=false": context deadline exceeded',
    fact: 'etcd.unavailable',
  },
  {
    line: klog(
      'I',
      'prober.go:107',
      '"Probe failed" probeType="Readiness" pod="kube-system/kube-apiserver-cp-1" podUID="1f2e" containerName="kube-apiserver" probeResult="failure" output="HTTP probe failed with statuscode: 500"',
    ),
    fact: 'apiserver.down',
  },
  {
    line: 'Warning  Unhealthy  5m (x249 over 2d)  kubelet  Liveness probe failed: Get "https://10.0.0.5:6443/livez": dial tcp 10.0.0.5:6443: connect: connection refused',
    fact: 'apiserver.down',
  },
  {
    line: 'Error: failed to create listener: failed to listen on 0.0.0.0:6443: listen tcp 0.0.0.0:6443: bind: address already in use',
    fact: 'apiserver.down',
  },
  // etcd's alarms.
  {
    line: '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","caller":"etcdserver/apply.go:737","msg":"alarm raised","alarm":"NOSPACE","from":"8e9e05c52164694d"}',
    fact: 'etcd.unavailable',
  },
  {
    line: capnslog('W', 'etcdserver', 'alarm NOSPACE raised by peer 8e9e05c52164694d'),
    fact: 'etcd.unavailable',
  },
  { line: 'memberID:10276657743932975437 alarm:NOSPACE', fact: 'etcd.unavailable' },
  // The API server's etcd client.
  {
    line: '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","logger":"etcd-client","caller":"v3@v3.5.9/retry_interceptor.go:62","msg":"retrying of unary invoker failed","target":"etcd-endpoints://0xc000a1e000/127.0.0.1:2379","attempt":0,"error":"rpc error: code = DeadlineExceeded desc = context deadline exceeded"}',
    fact: 'etcd.unavailable',
  },
  {
    line: '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","caller":"clientv3/retry_interceptor.go:62","msg":"retrying of unary invoker failed","target":"endpoint://client-8a1c/127.0.0.1:2379","attempt":0,"error":"rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial tcp 127.0.0.1:2379: connect: connection refused\\""}',
    fact: 'etcd.unavailable',
  },
  // KubeEdge's cloud side: every release's wording of its controllers failing on the API server.
  {
    line: cloudcore(
      'F',
      'edgecontroller.go:29',
      'New downstream controller failed with error: Get "https://kubernetes.default.svc:443/api/v1/nodes?labelSelector=node-role.kubernetes.io%2Fedge%3D": dial tcp: lookup kubernetes.default.svc on 10.96.0.10:53: read udp 10.244.0.7:41234->10.96.0.10:53: i/o timeout',
    ),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: cloudcore(
      'E',
      'edgecontroller.go:51',
      'new upstream controller failed with error: Get https://10.96.0.1:443/api/v1/pods: dial tcp 10.96.0.1:443: connect: connection refused',
    ),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: cloudcore(
      'W',
      'upstream.go:719',
      'message: 5c1e process failure, update node failed with error: Put "https://10.96.0.1:443/api/v1/nodes/edge-1/status": net/http: TLS handshake timeout, namespace: default, name: edge-1',
    ),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: cloudcore(
      'W',
      'upstream.go:675',
      'message: 5c1e process failure with error: Get "https://10.96.0.1:443/api/v1/nodes/edge-1": context deadline exceeded (Client.Timeout exceeded while awaiting headers), namespaces: default name: edge-1',
    ),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: cloudcore(
      'E',
      'upstream.go:1033',
      'message: 5c1e process failure, patch node failed with error: Patch "https://10.96.0.1:443/api/v1/nodes/edge-1/status": dial tcp 10.96.0.1:443: connect: no route to host, namespace: default, name: edge-1',
    ),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: cloudcore(
      'E',
      'upstream.go:1372',
      'Update lease edge-1 failed, error: Put "https://10.96.0.1:443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/edge-1": dial tcp: lookup kubernetes.default.svc on 10.96.0.10:53: no such host',
    ),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: 'time="2026-11-02T13:41:43Z" level=error msg="Error handling node status update" error="Put \\"https://10.0.0.1:6443/api/v1/nodes/vk-aci/status\\": dial tcp 10.0.0.1:6443: i/o timeout" node=vk-aci',
    fact: 'relay.apiserver_unreachable',
  },
  // yurthub forwarding the edge kubelet's status to the cloud.
  {
    line: cloudcore(
      'E',
      'loadbalancer.go:334',
      'remote proxy error handler: kubelet update nodes: /api/v1/nodes/edge-1/status?timeout=10s, dial tcp 10.0.0.1:6443: connect: no route to host',
    ),
    fact: 'edge.cloud_link_lost',
  },
];

const MISSES: readonly { line: string; fact: FactId }[] = [
  // Info and warn lines of etcd, and another program's fatal zap line.
  { line: zap('info', 'etcdmain/etcd.go:73', 'Running', ''), fact: 'etcd.fatal_exit' },
  { line: zap('warn', 'etcdserver/util.go:170', 'apply request took too long', ''), fact: 'etcd.fatal_exit' },
  {
    line: zap('fatal', 'app/server.go:88', 'failed to start', 'bind: address already in use'),
    fact: 'etcd.fatal_exit',
  },
  // capnslog's other levels; another port bound.
  { line: capnslog('E', 'etcdmain', 'error verifying flags'), fact: 'etcd.fatal_exit' },
  { line: capnslog('W', 'etcdserver', 'failed to send out heartbeat on time'), fact: 'etcd.fatal_exit' },
  { line: 'listen tcp 0.0.0.0:8080: bind: address already in use', fact: 'etcd.fatal_exit' },
  { line: 'listen tcp :6443: bind: address already in use', fact: 'etcd.fatal_exit' },
  // Another container's back-off; a pod whose name starts like etcd's but is not its container.
  {
    line: 'back-off 5m0s restarting failed container=etcd-backup pod=etcd-backup-28123_kube-system(1a)',
    fact: 'etcd.fatal_exit',
  },
  {
    line: 'back-off 5m0s restarting failed container=coredns pod=coredns-5d78c9869d-abcde_kube-system(1a)',
    fact: 'apiserver.down',
  },
  // A passing check, an excluded one, another check failing.
  { line: '[+]etcd ok', fact: 'etcd.unavailable' },
  { line: '[+]etcd excluded: ok', fact: 'etcd.unavailable' },
  { line: '[-]poststarthook/rbac/bootstrap-roles failed: reason withheld', fact: 'etcd.unavailable' },
  {
    line: 'I1102 13:41:43.111882       1 healthz.go:257] log check failed: healthz',
    fact: 'etcd.unavailable',
  },
  // etcd's routine rejections (an election, a member's restart) are not its outage.
  { line: 'etcdserver: leader changed', fact: 'etcd.unavailable' },
  {
    line: '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","logger":"etcd-client","caller":"v3@v3.5.9/retry_interceptor.go:62","msg":"retrying of unary invoker failed","target":"etcd-endpoints://0xc000a1e000/127.0.0.1:2379","attempt":0,"error":"rpc error: code = Unavailable desc = etcdserver: leader changed"}',
    fact: 'etcd.unavailable',
  },
  {
    line: '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","logger":"etcd-client","caller":"v3@v3.5.9/retry_interceptor.go:62","msg":"retrying of unary invoker failed","target":"etcd-endpoints://0xc000a1e000/127.0.0.1:2379","attempt":0,"error":"rpc error: code = Canceled desc = context canceled"}',
    fact: 'etcd.unavailable',
  },
  // People quoting the check by name with no failure.
  { line: 'the [-]etcd line was gone after the restart, [+]etcd ok now', fact: 'etcd.unavailable' },
  // Another etcd's container (an application's own cluster), another pod's probe, the API server's port opened.
  {
    line: klog(
      'I',
      'prober.go:107',
      '"Probe failed" probeType="Liveness" pod="apps/etcd-0" podUID="5f3c" containerName="etcd" probeResult="failure" output="HTTP probe failed with statuscode: 503"',
    ),
    fact: 'etcd.unavailable',
  },
  {
    line: klog(
      'I',
      'prober.go:107',
      '"Probe failed" probeType="Readiness" pod="kube-system/coredns-5d78c9869d-abcde" podUID="1f2e" containerName="coredns" probeResult="failure" output="HTTP probe failed with statuscode: 503"',
    ),
    fact: 'apiserver.down',
  },
  {
    line: 'Readiness probe failed: Get "http://10.244.1.5:8080/healthz": context deadline exceeded',
    fact: 'apiserver.down',
  },
  { line: 'Serving securely on [::]:6443', fact: 'apiserver.down' },
  {
    line: 'failed to create listener: failed to listen on 0.0.0.0:10259: listen tcp 0.0.0.0:10259: bind: address already in use',
    fact: 'apiserver.down',
  },
  // A static pod's earlier attempt exited cleanly, its pause container, another namespace's etcd.
  {
    line: '3f1a2b4c5d6e   0369cf4303ff   "etcd --advertise-cl…"   2 hours ago   Exited (0) 2 hours ago   k8s_etcd_etcd-master1_kube-system_5f3c0d1e2a_0',
    fact: 'etcd.fatal_exit',
  },
  {
    line: '7e6d5c4b3a21   k8s.gcr.io/pause:3.2   "/pause"   2 minutes ago   Exited (2) 2 minutes ago   k8s_POD_etcd-master1_kube-system_5f3c0d1e2a_3',
    fact: 'etcd.fatal_exit',
  },
  {
    line: '3f1a2b4c5d6e   bitnami/etcd   "etcd"   2 minutes ago   Exited (1) 2 minutes ago   k8s_etcd_etcd-0_apps_5f3c0d1e2a_3',
    fact: 'etcd.fatal_exit',
  },
  // The datastore started (its info line).
  {
    line: journal(
      'k3s[1201]',
      'time="2026-11-02T13:41:43Z" level=info msg="Managed etcd cluster initializing"',
    ),
    fact: 'etcd.fatal_exit',
  },
  // An alarm disarmed, another kind.
  {
    line: '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","caller":"etcdserver/apply.go:760","msg":"alarm disarmed","alarm":"NOSPACE","from":"8e9e05c52164694d"}',
    fact: 'etcd.unavailable',
  },
  // cloudcore's own failures that are not the API server unreached.
  {
    line: cloudcore('W', 'upstream.go:670', 'message: 5c1e process failure, node edge-1 not found'),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: cloudcore(
      'W',
      'upstream.go:675',
      'message: 5c1e process failure with error: nodes "edge-1" not found, namespaces: default name: edge-1',
    ),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: cloudcore(
      'E',
      'upstream.go:1372',
      'Update lease edge-1 failed, error: leases.coordination.k8s.io "edge-1" is forbidden',
    ),
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: 'time="2026-11-02T13:41:43Z" level=error msg="Error handling node status update" error="provider not ready"',
    fact: 'relay.apiserver_unreachable',
  },
  // A reflector failing in a log nothing names a relaying controller's: not this fact.
  {
    line: 'E1102 13:41:43.111882       1 reflector.go:138] k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Node: failed to list *v1.Node: Get "https://kubernetes.default.svc:443/api/v1/nodes": dial tcp: lookup kubernetes.default.svc on 10.96.0.10:53: i/o timeout',
    fact: 'relay.apiserver_unreachable',
  },
  {
    line: 'remote proxy error handler: kubelet get pods: /api/v1/pods, context canceled',
    fact: 'edge.cloud_link_lost',
  },
];

describe("round 29: the control plane's own failures and the controllers that relay nodes' status", () => {
  it.each(HITS.map((h) => [h.fact, h.line] as const))('%s ← %s', (fact, line) => {
    expect(ids(other(line))).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(MISSES.map((m) => [m.fact, m.line] as const))('not %s ← %s', (fact, line) => {
    expect(ids(other(line))).not.toContain(fact);
  });

  it('every rule is exercised by a line built from its format string (a relaying controller named for the strict one)', () => {
    const lines = [...HITS.map((h) => h.line), RELAY_REFLECTOR];
    const untested = CONTROLPLANE_RULES.filter(
      (rule) => !lines.some((l) => new RegExp(rule.pattern).test(l)),
    );
    expect(untested.map((r) => r.pattern)).toEqual([]);
  });

  const RELAY_REFLECTOR =
    'E1102 13:41:43.111882       1 reflector.go:138] k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Node: failed to list *v1.Node: Get "https://kubernetes.default.svc:443/api/v1/nodes": dial tcp: lookup kubernetes.default.svc on 10.96.0.10:53: i/o timeout';

  it("reads a client-go reflector's failure to reach the API server in a relaying controller's own log", () => {
    for (const source of ['cloudcore', 'edgecontroller', 'yurt-hub', 'yurt-manager', 'virtual-kubelet'])
      expect(ids(named(source, RELAY_REFLECTOR))).toContain('relay.apiserver_unreachable');
    // The kubelet's and the controller manager's own reflectors are theirs.
    expect(ids(named('kubelet', RELAY_REFLECTOR))).not.toContain('relay.apiserver_unreachable');
    expect(ids(named('kube-controller-manager', RELAY_REFLECTOR))).not.toContain(
      'relay.apiserver_unreachable',
    );
    expect(ids({ logs: { other: journal('cloudcore[1201]', RELAY_REFLECTOR) } })).toContain(
      'relay.apiserver_unreachable',
    );
  });

  it('ranks the node cut off when etcd exits on its port taken and the API server fails its etcd check', () => {
    const b: Bundle = {
      logs: {
        etcd: zap(
          'fatal',
          'etcdmain/etcd.go:204',
          'discovery failed',
          'listen tcp 10.0.0.5:2380: bind: address already in use',
        ),
        kubelet: klog(
          'E',
          'controller.go:144',
          '"Failed to ensure lease exists, will retry" err="context deadline exceeded" interval="7s"',
        ),
      },
      commandOutputs: {
        'curl -k https://127.0.0.1:6443/livez?verbose':
          '[+]ping ok\n[+]log ok\n[-]etcd failed: reason withheld\nlivez check failed',
      },
    };
    const first = top(b);
    expect(first?.id).toBe('node_unreachable');
    expect(first?.confidence).toBeGreaterThanOrEqual(0.7);
    const d = diagnose(b);
    expect(d.causes[0]?.chain.join(' ')).toMatch(/datastore/);
    expect(d.causes[0]?.summary).toMatch(/datastore \(etcd\) exits/);
  });

  it('names the relaying controller and asks for its name resolution when cloudcore cannot reach the API server', () => {
    const b: Bundle = {
      logs: {
        cloudcore: cloudcore(
          'F',
          'edgecontroller.go:29',
          'New downstream controller failed with error: Get "https://kubernetes.default.svc.cluster.local:443/api/v1/nodes": dial tcp: lookup kubernetes.default.svc.cluster.local on 10.96.0.10:53: read udp 10.244.0.7:41234->10.96.0.10:53: i/o timeout',
        ),
      },
    };
    const first = top(b);
    expect(first?.id).toBe('node_unreachable');
    // One fact: a lead below the confident bar.
    expect(first?.confidence).toBeLessThan(0.7);
    const d = diagnose(b);
    expect(d.causes[0]?.commands.map((c) => c.command).join('\n')).toMatch(
      /nslookup kubernetes\.default\.svc/,
    );
    expect(d.causes[0]?.summary).toMatch(/posts the node.s status to the API server on its behalf/);
  });

  it("says the datastore cannot serve, and what to read of etcd, when the API server's check of it fails", () => {
    const b: Bundle = {
      logs: {
        kubelet: klog(
          'E',
          'controller.go:144',
          '"Failed to ensure lease exists, will retry" err="context deadline exceeded" interval="7s"',
        ),
      },
      commandOutputs: {
        'curl -k https://127.0.0.1:6443/readyz?verbose':
          '[+]ping ok\n[+]log ok\n[-]etcd-readiness failed: reason withheld\nreadyz check failed',
      },
    };
    const d = diagnose(b);
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.chain.join(' ')).toMatch(/datastore \(etcd\)/);
    expect(d.causes[0]?.commands.map((c) => c.command).join('\n')).toMatch(/endpoint status --cluster/);
  });

  describe('asks', () => {
    const asked = (b: Bundle) => diagnose(b).missing.map((m) => m.what);
    const relayAsk = (b: Bundle) => asked(b).some((w) => w.includes("relaying controller's pod"));
    const latencyAsk = (b: Bundle) => asked(b).some((w) => w.includes("API server's request latency"));

    it("asks for the API server's name resolved from a relaying controller's pod", () => {
      expect(
        relayAsk(
          other('The edge node is NotReady; cloudcore logs dial tcp: i/o timeout when listing nodes.'),
        ),
      ).toBe(true);
      expect(
        relayAsk({
          logs: {
            cloudcore: cloudcore(
              'W',
              'upstream.go:719',
              'message: 5c1e process failure, update node failed with error: Put "https://10.96.0.1:443/api/v1/nodes/edge-1/status": dial tcp 10.96.0.1:443: i/o timeout, namespace: default, name: edge-1',
            ),
          },
        }),
      ).toBe(true);
      // Near misses: the controller named with nothing failing, a timeout with no relaying controller, and the
      // resolution already shown.
      expect(relayAsk(other('The edge node is NotReady; cloudcore runs and its logs look clean.'))).toBe(
        false,
      );
      expect(relayAsk(other('The node is NotReady; the kubelet logs dial tcp: i/o timeout.'))).toBe(false);
      expect(
        relayAsk(
          other(
            "The edge node is NotReady; cloudcore logs dial tcp: i/o timeout. nslookup kubernetes.default.svc: server can't find kubernetes.default.svc",
          ),
        ),
      ).toBe(false);
    });

    it("asks for the control plane's latencies when updates stopped from a node said healthy", () => {
      expect(
        latencyAsk(
          other(
            'The node went NotReady: the kubelet stopped posting node status. CPU, memory and network are normal.',
          ),
        ),
      ).toBe(true);
      expect(latencyAsk(other('节点 NotReady，租约没有更新。CPU、内存、网络都正常。'))).toBe(true);
      expect(latencyAsk(other('kubelet이 lease를 확보하지 못함. CPU, 메모리, 디스크 모두 정상.'))).toBe(true);
      // Near misses: the node not said healthy; the datastore already named; the latencies already there.
      expect(latencyAsk(other('The node went NotReady: the kubelet stopped posting node status.'))).toBe(
        false,
      );
      expect(
        latencyAsk(
          other(
            'The kubelet stopped posting node status; CPU and memory are normal. etcd logs slow fdatasync and apply request took too long.',
          ),
        ),
      ).toBe(false);
      expect(
        latencyAsk(
          other(
            'The kubelet stopped posting node status; CPU and memory are normal. etcd_disk_wal_fsync_duration_seconds p99 is 2ms.',
          ),
        ),
      ).toBe(false);
    });
  });
});
