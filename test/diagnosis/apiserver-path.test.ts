import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import type { FactId } from '../../shared/diagnosis/facts.ts';
import { APISERVER_PATH_RULES } from '../../shared/diagnosis/rules/apiserver-path.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { type Bundle, ids, journal, klog, top } from '../support/node-lines.ts';

// The node-local paths to the API server (nginx's stream proxy, haproxy, the k3s/rke2 agent's load balancer,
// MicroK8s' apiserver-proxy), the edge agents' links to the cloud (KubeEdge's edgehub and cloudhub, OpenYurt's
// yurthub), and a node's clock set back in people's words. Lines are built from the format strings cited in
// rules/apiserver-path.ts, with the header each program prints.

const nginx = (text: string) => `2024/03/05 10:11:12 [error] 7#7: *1523 ${text}`;
const edgecore = (sev: string, file: string, text: string) =>
  journal('edgecore[2211]', `${sev}0305 10:11:12.123456    2211 ${file}] ${text}`);
const cloudcore = (sev: string, file: string, text: string) =>
  `${sev}0305 10:11:12.123456       1 ${file}] ${text}`;
const yurthub = (sev: string, file: string, text: string) =>
  `${sev}0305 10:11:12.123456       1 ${file}] ${text}`;
const other = (line: string): Bundle => ({ logs: { other: line } });

const HITS: readonly { line: string; fact: FactId }[] = [
  // Round 26: the datastore behind the API server unable to serve watches (kine, k8s-dqlite, the API server's side).
  {
    line: 'time="2026-11-02T13:41:43Z" level=error msg="Failed to list /registry/pods/ for revision 1842: context deadline exceeded"',
    fact: 'datastore.watch_failed',
  },
  {
    line: 'E1102 13:41:43.111882       1 watcher.go:327] watch chan error: etcdserver: no leader',
    fact: 'datastore.watch_failed',
  },
  {
    line: 'W1102 13:41:43.111882       1 watcher.go:327] watch chan error: etcdserver: mvcc: required revision has been compacted',
    fact: 'datastore.watch_compacted',
  },
  {
    line: 'time="2026-11-02T13:41:43Z" level=error msg="error while range on /registry/leases/ : database is locked"',
    fact: 'datastore.locked',
  },
  // kubectl's StandardErrorMessage when the API server's port refuses it (round 25).
  {
    line: 'The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?',
    fact: 'apiserver.down',
  },
  {
    line: 'root@node-2:~# microk8s kubectl get nodes\nThe connection to the server 127.0.0.1:16443 was refused - did you specify the right host or port?',
    fact: 'apiserver.down',
  },
  // MicroK8s' apiserver-proxy (Go's log package), as its snap service logs it.
  {
    line: journal(
      'microk8s.daemon-apiserver-proxy[2922]',
      'Error: proxy failed: failed to load configuration: empty list of control plane endpoints',
    ),
    fact: 'apiserver.proxy_failed',
  },
  {
    line: journal(
      'microk8s.daemon-apiserver-proxy[2922]',
      '2024/03/05 10:11:12 apiserver proxy failed: failed to start listener: listen tcp :16443: bind: address already in use',
    ),
    fact: 'apiserver.proxy_failed',
  },
  {
    line: journal(
      'microk8s.daemon-apiserver-proxy[2922]',
      'Error: proxy failed: failed to load configuration: failed to load provider configuration: open /var/snap/microk8s/current/args/traefik/provider.yaml: no such file or directory',
    ),
    fact: 'apiserver.proxy_failed',
  },
  // The k3s/rke2 agent's load balancer (logrus).
  {
    line: journal(
      'k3s[811]',
      'time="2024-03-05T10:11:12Z" level=debug msg="Incoming conn 127.0.0.1:51234, error dialing load balancer servers: all servers failed"',
    ),
    fact: 'apiserver.proxy_failed',
  },
  {
    line: journal(
      'rke2[811]',
      'time="2024-03-05T10:11:12Z" level=error msg="failed to get CA certs: Get \\"https://127.0.0.1:6444/cacerts\\": No servers in load balancer proxy list"',
    ),
    fact: 'apiserver.proxy_failed',
  },
  // nginx's stream module (kubespray's nginx-proxy), with and without the upstream's name.
  {
    line: nginx(
      'no live upstreams while connecting to upstream, client: 127.0.0.1, server: 127.0.0.1:6443, upstream: "kube_apiserver", bytes from/to client:0/0, bytes from/to upstream:0/0',
    ),
    fact: 'apiserver.proxy_failed',
  },
  {
    line: nginx(
      'upstream timed out (110: Connection timed out) while connecting to upstream, client: 127.0.0.1, server: 127.0.0.1:6443, upstream: "10.0.0.2:6443", bytes from/to client:0/0, bytes from/to upstream:0/0',
    ),
    fact: 'apiserver.down',
  },
  {
    line: nginx(
      'connect() failed (111: Connection refused) while connecting to upstream, client: 127.0.0.1, server: 0.0.0.0:8443, upstream: "10.0.0.3:6443", bytes from/to client:0/0, bytes from/to upstream:0/0',
    ),
    fact: 'apiserver.down',
  },
  // haproxy's alert on stderr and its syslog line.
  {
    line: "[ALERT]    (8) : backend 'kube_api_backend' has no server available!",
    fact: 'apiserver.proxy_failed',
  },
  {
    line: journal('haproxy[1201]', 'backend kube-apiserver has no server available!'),
    fact: 'apiserver.proxy_failed',
  },
  // keepalived's track script and kube-vip's leader election.
  {
    line: journal('Keepalived_vrrp[1402]', 'VRRP_Script(check_apiserver) failed (exited with status 1)'),
    fact: 'apiserver.down',
  },
  { line: journal('Keepalived_vrrp[1402]', 'VRRP_Script(chk_haproxy) timed_out'), fact: 'apiserver.down' },
  {
    line: 'time="2024-03-05T10:11:12Z" level=error msg="lost leadership, restarting kube-vip"',
    fact: 'apiserver.down',
  },
  // KubeEdge edgehub (edgecore) and cloudhub (cloudcore).
  {
    line: edgecore(
      'E',
      'edgehub.go:119',
      'connection failed: failed to dial wss://10.0.0.1:10000/e632aba927ea4ac2b575ec1603d56f10/edge-1/events: dial tcp 10.0.0.1:10000: connect: connection refused, will reconnect after 30s',
    ),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: edgecore('W', 'edgehub.go:138', 'connection is broken, will reconnect after 30s'),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: edgecore(
      'E',
      'websocket.go:90',
      'Init websocket connection failed x509: certificate signed by unknown authority',
    ),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: cloudcore('E', 'channelq.go:99', 'rChannel for edge node edge-1 is removed'),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: cloudcore('E', 'node_session.go:174', 'timeout to receive keepalive for node edge-1'),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: cloudcore(
      'I',
      'message_handler.go:173',
      'edge node edge-1 for project e632aba927ea4ac2b575ec1603d56f10 disConnected',
    ),
    fact: 'edge.cloud_link_lost',
  },
  // OpenYurt's yurthub.
  {
    line: yurthub(
      'I',
      'prober.go:158',
      'remote server https://10.0.0.1:6443 becomes unhealthy from 2024-03-05 10:11:12 +0000 UTC, healthy status lasts 2h0m0s',
    ),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: yurthub(
      'E',
      'prober.go:98',
      'could not probe: Put "https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/edge-1": dial tcp 10.0.0.1:6443: i/o timeout, remote server https://10.0.0.1:6443',
    ),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: yurthub('W', 'gc.go:83', 'all remote servers are unhealthy, skip gc events'),
    fact: 'edge.cloud_link_lost',
  },
  // People's words: the proxy's endpoint file empty, the proxy crashed.
  {
    line: 'The situation is that `traefik/provider.yaml` is present but empty on the worker.',
    fact: 'apiserver.proxy_failed',
  },
  {
    line: 'After the upgrade /var/lib/rancher/k3s/agent/etc/k3s-agent-load-balancer.json was empty and the agent could not reach the server.',
    fact: 'apiserver.proxy_failed',
  },
  { line: 'The nginx-proxy on every worker crashed after the master was replaced.', fact: 'apiserver.down' },
  // People's words: the edge link lost.
  {
    line: 'After the network change edgecore lost its connection to cloudcore and the edge node went NotReady.',
    fact: 'edge.cloud_link_lost',
  },
  {
    line: 'yurthub cannot connect to the API server from the edge site since the firewall update.',
    fact: 'edge.cloud_link_lost',
  },
  {
    line: 'The cloudcore log shows it removed the channel for the edge node a minute after start.',
    fact: 'edge.cloud_link_lost',
  },
  // An edge node's kubelet said to restart in a loop, with "keep" and the bare verb.
  {
    line: 'On the edge node we can see kubelet keep restart every few minutes after the conversion.',
    fact: 'kubelet.dead',
  },
  // People's words: the clock set back.
  {
    line: 'When we changed the system time on the node to an earlier time, the node went NotReady for three hours.',
    fact: 'clock.set_back',
  },
  {
    line: 'The clock on worker-3 jumped back by two hours after chrony stepped it, and the kubelet stopped reporting.',
    fact: 'clock.set_back',
  },
  { line: 'We set the clock back 30 minutes with date -s to test.', fact: 'clock.set_back' },
  {
    line: 'Someone changed the date back to last week on that host and the node went NotReady.',
    fact: 'clock.set_back',
  },
  { line: '节点的系统时间被回拨了两个小时，之后节点一直 NotReady。', fact: 'clock.set_back' },
  // Round 23: the commands that step the clock with the direction said, "behind", the verb before its object, every
  // person; Japanese and Chinese; chronyd's own offset lines (reference.c, positive: the clock slow).
  { line: 'I ran date -s to a time two hours earlier on the node.', fact: 'clock.set_back' },
  { line: 'Someone went back two hours with timedatectl set-time on worker-5.', fact: 'clock.set_back' },
  { line: 'I modify the time by 45 minutes behind the current UTC time.', fact: 'clock.set_back' },
  {
    line: 'The system time was changed to 20 minutes behind NTP and the node flapped.',
    fact: 'clock.set_back',
  },
  {
    line: 'We rolled back the clock on worker-2 by an hour and the node went NotReady.',
    fact: 'clock.set_back',
  },
  { line: 'The operator sets the clock back every night for a batch test.', fact: 'clock.set_back' },
  { line: '作業中にシステム時刻を10分戻したところ、ノードが NotReady になった。', fact: 'clock.set_back' },
  { line: 'ノードの時刻を1時間前に戻したら NotReady になった。', fact: 'clock.set_back' },
  { line: '运维改了系统时间，往回调了一个小时，节点变成 NotReady。', fact: 'clock.set_back' },
  {
    line: journal('chronyd[812]', 'System clock wrong by 2700.123456 seconds'),
    fact: 'clock.set_back',
  },
  {
    line: journal('chronyd[812]', "System's initial offset : 1800.000000 seconds slow of true (slew)"),
    fact: 'clock.set_back',
  },
];

const MISSES: readonly { line: string; fact: FactId }[] = [
  // Round 26: compaction is routine, not a failed watch; another program's SQLite lock is its own.
  {
    line: 'W1102 13:41:43.111882       1 watcher.go:327] watch chan error: etcdserver: mvcc: required revision has been compacted',
    fact: 'datastore.watch_failed',
  },
  { line: 'sqlite3.OperationalError: database is locked', fact: 'datastore.locked' },
  // kubectl with no kubeconfig dials its default server, localhost:8080: the client's configuration, not the server.
  {
    line: 'The connection to the server localhost:8080 was refused - did you specify the right host or port?',
    fact: 'apiserver.down',
  },
  // Another message of the same function: the server answered, the client is not allowed.
  {
    line: 'error: You must be logged in to the server (Unauthorized)',
    fact: 'apiserver.down',
  },
  // The proxy keeping its old list when the refresh finds none: nothing lost.
  {
    line: journal(
      'microk8s.daemon-apiserver-proxy[2922]',
      '2024/03/05 10:11:12 warning: empty list of endpoints, skipping update',
    ),
    fact: 'apiserver.proxy_failed',
  },
  // The load balancer failing over to another server: one server gone, the path kept.
  {
    line: journal(
      'k3s[811]',
      'time="2024-03-05T10:11:12Z" level=debug msg="Dial server in load balancer failed over to 10.0.0.3:6443"',
    ),
    fact: 'apiserver.proxy_failed',
  },
  // nginx in front of an application, not the API server.
  {
    line: nginx(
      'no live upstreams while connecting to upstream, client: 10.1.2.3, server: 0.0.0.0:5432, upstream: "postgres", bytes from/to client:0/0, bytes from/to upstream:0/0',
    ),
    fact: 'apiserver.proxy_failed',
  },
  {
    line: nginx(
      'connect() failed (111: Connection refused) while connecting to upstream, client: 10.1.2.3, server: example.com, request: "GET / HTTP/1.1", upstream: "http://10.0.0.9:8080/"',
    ),
    fact: 'apiserver.down',
  },
  // haproxy's web backend.
  {
    line: "[ALERT]    (8) : backend 'web_backend' has no server available!",
    fact: 'apiserver.proxy_failed',
  },
  // The endpoint file there and full, or its emptiness only supposed.
  { line: 'provider.yaml is fine and lists all three control-plane nodes.', fact: 'apiserver.proxy_failed' },
  { line: 'Maybe provider.yaml was empty at some point, we do not know.', fact: 'apiserver.proxy_failed' },
  // The edge agent connected, or its loss only supposed.
  { line: 'edgecore connected to cloudcore and the node became Ready.', fact: 'edge.cloud_link_lost' },
  {
    line: 'If edgecore cannot connect to cloudcore the node goes NotReady after a while.',
    fact: 'edge.cloud_link_lost',
  },
  // keepalived's script succeeding, or a script that checks something else.
  {
    line: journal('Keepalived_vrrp[1402]', 'VRRP_Script(check_apiserver) succeeded'),
    fact: 'apiserver.down',
  },
  {
    line: journal('Keepalived_vrrp[1402]', 'VRRP_Script(chk_mysql) failed (exited with status 1)'),
    fact: 'apiserver.down',
  },
  // edgehub's success and cloudcore's node connecting.
  {
    line: edgecore('I', 'websocket.go:93', 'Websocket connect to cloud access successful'),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: cloudcore(
      'I',
      'message_handler.go:143',
      'edge node edge-1 for project e632aba927ea4ac2b575ec1603d56f10 connected',
    ),
    fact: 'edge.cloud_link_lost',
  },
  {
    line: yurthub(
      'I',
      'prober.go:141',
      'remote server https://10.0.0.1:6443 becomes healthy from 2024-03-05 10:11:12 +0000 UTC, unhealthy status lasts 2m0s',
    ),
    fact: 'edge.cloud_link_lost',
  },
  // A clock ahead, skewed, or merely suspected; timestamps going backward in a metric store.
  {
    line: 'Prometheus alert PrometheusOutOfOrderTimestamps: metric timestamps are going backward.',
    fact: 'clock.set_back',
  },
  {
    line: 'The certificate looked not yet valid because the node clock was skewed by five minutes.',
    fact: 'clock.set_back',
  },
  {
    line: 'Maybe the clock jumped back on the node, I am not sure.',
    fact: 'clock.set_back',
  },
  { line: 'We moved the clock forward by an hour for the DST test.', fact: 'clock.set_back' },
  // A step forward, a clock set without its direction, "behind" of something else, chronyd's small or fast offsets,
  // 戻す of a setting rather than the clock.
  {
    line: 'We ran date -s to move the clock forward a year to test certificate expiry.',
    fact: 'clock.set_back',
  },
  {
    line: 'sudo date --set "2024-03-05 10:00:00" after the RTC battery was replaced.',
    fact: 'clock.set_back',
  },
  { line: 'The time we set the rollout to was 3 hours behind schedule.', fact: 'clock.set_back' },
  { line: 'The kubelet is behind on status updates by 2 minutes.', fact: 'clock.set_back' },
  { line: 'The pod restarted; we set back the deployment to the previous version.', fact: 'clock.set_back' },
  { line: journal('chronyd[812]', 'System clock wrong by -2700.123456 seconds'), fact: 'clock.set_back' },
  { line: journal('chronyd[812]', 'System clock wrong by 1.123456 seconds'), fact: 'clock.set_back' },
  { line: '時刻同期を有効に戻した。', fact: 'clock.set_back' },
  { line: 'Maybe someone ran date -s and set the clock back, I cannot tell.', fact: 'clock.set_back' },
];

describe('node-local paths to the API server, edge links and the clock', () => {
  it.each(HITS.map((h) => [h.fact, h.line] as const))('%s ← %s', (fact, line) => {
    expect(ids(other(line))).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(MISSES.map((m) => [m.fact, m.line] as const))('not %s ← %s', (fact, line) => {
    expect(ids(other(line))).not.toContain(fact);
  });

  it('every rule is exercised by a line built from its format string', () => {
    const untested = APISERVER_PATH_RULES.filter(
      (rule) => !HITS.some((h) => h.fact === rule.fact && new RegExp(rule.pattern).test(h.line)),
    );
    expect(untested.map((r) => r.pattern)).toEqual([]);
  });

  it("ranks the node cut off when its proxy exits on an empty endpoint list, beside the kubelet's cut lease line", () => {
    const b: Bundle = {
      logs: {
        kubelet: klog(
          'E',
          'controller.go:193',
          '"Failed to update lease" err="Put \\"https://127.0.0.1:16443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1?timeout=10s\\":',
        ),
        'apiserver-proxy': journal(
          'microk8s.daemon-apiserver-proxy[2922]',
          'Error: proxy failed: failed to load configuration: empty list of control plane endpoints',
        ),
      },
    };
    expect(ids(b)).toContain('apiserver.proxy_failed');
    const d = diagnose(b);
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it("ranks the edge node cut off from cloudcore's log alone", () => {
    const b: Bundle = {
      logs: {
        cloudcore: [
          cloudcore('E', 'channelq.go:99', 'rChannel for edge node edge-1 is removed'),
          cloudcore('I', 'channelq.go:89', 'fail to get dispatch channel for edge-1'),
        ].join('\n'),
      },
    };
    expect(top(b)?.id).toBe('node_unreachable');
  });

  it("reads a clock set back as the kubelet's own status path, held below a confident answer, asking for time sync", () => {
    const b = other(
      'After we changed the date on the node to an earlier time (14:00 -> 11:00), the kubelet stopped posting node status for three hours and the node was NotReady.',
    );
    expect(extractFacts(b).ids()).toContain('clock.set_back');
    const d = diagnose(b);
    expect(d.causes[0]?.id).toBe('kubelet_defect');
    expect(d.causes[0]?.confidence).toBeLessThan(0.7);
    expect(JSON.stringify(d)).toContain('timedatectl');
  });
});
