import { describe, expect, it } from 'vitest';
import { ids, top } from '../support/node-lines.ts';

// Round 18's command-output families, read from the programs' own formats: a SysV/upstart service script relaying
// its daemon's stderr; strace of containerd polling a shim's PID with signal 0 (runtime/v1/shim/client waitForExit);
// `kubectl get pods` rows by STATUS (the node lifecycle controller's NodeLost) and by a network agent's READY; a
// network agent's own log whose API client cannot connect; a mount tracer's record of runc's self bind mounts
// (cloned_binary.c try_bindfd). Every listing here is built from the tool's layout, not from any incident.

describe("a service script's output is its daemon's", () => {
  it("`service docker status` relaying dockerd's start failure", () => {
    const bundle = {
      commandOutputs: { 'sudo service docker status': 'Error starting daemon: layer does not exist' },
    };
    expect(ids(bundle)).toContain('runtime.start_failed');
  });

  it("`/etc/init.d/containerd start` relaying containerd's exit line", () => {
    const bundle = {
      commandOutputs: {
        '/etc/init.d/containerd start':
          'containerd: failed to get listener for main endpoint: listen unix /run/containerd/containerd.sock: bind: address already in use',
      },
    };
    expect(ids(bundle)).toContain('runtime.start_failed');
  });

  it("near miss: another service's script printing the same words", () => {
    const bundle = { commandOutputs: { 'service myapp status': 'Error starting daemon: port 8080 in use' } };
    expect(ids(bundle)).not.toContain('runtime.start_failed');
  });
});

const STRACE_HEAD = 'strace: Process 1567 attached with 301 threads';
const probe = (tid: number, pid: number, result = '0') =>
  `[pid ${tid}] kill(${pid}, SIG_0)          = ${result}`;

describe("strace of containerd polling a shim's PID with signal 0", () => {
  it('many threads asking again and again whether one PID still exists', () => {
    const calls = [6042, 7318, 8004, 11864, 13252, 6042, 7318, 8004].map((tid) => probe(tid, 13737));
    const bundle = {
      commandOutputs: {
        'pidof containerd': '1567',
        'strace -fp 1567 -e trace=kill': [STRACE_HEAD, ...calls].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.shim_cleanup_failed');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('the PID looked up with pidof in the command, the flags apart', () => {
    const calls = Array.from({ length: 6 }, (_, i) => probe(900 + i, 4242));
    const bundle = { commandOutputs: { 'strace -f -p $(pidof containerd)': calls.join('\n') } };
    expect(ids(bundle)).toContain('runtime.shim_cleanup_failed');
  });

  it('near miss: a poll that ends (ESRCH), a few probes, another signal, another daemon', () => {
    const ended = [
      probe(1, 13737),
      probe(2, 13737),
      `[pid 3] kill(13737, SIG_0) = -1 ESRCH (No such process)`,
    ];
    const few = [probe(1, 13737), probe(2, 13737), probe(3, 13737)];
    const term = Array.from({ length: 8 }, (_, i) => `[pid ${i}] kill(13737, SIGTERM) = 0`);
    for (const output of [ended, few, term])
      expect(
        ids({ commandOutputs: { 'pidof containerd': '1567', 'strace -fp 1567': output.join('\n') } }),
      ).not.toContain('runtime.shim_cleanup_failed');
    const dockerd = Array.from({ length: 8 }, (_, i) => probe(i, 13737));
    expect(ids({ commandOutputs: { 'strace -f -p $(pidof dockerd)': dockerd.join('\n') } })).not.toContain(
      'runtime.shim_cleanup_failed',
    );
  });
});

// tabwriter pads every cell of a column to its widest cell and two spaces.
const PODS_WIDE = `${'NAME'.padEnd(34)}READY   STATUS             RESTARTS        AGE   IP           NODE       NOMINATED NODE   READINESS GATES`;
const podWide = (name: string, ready: string, status: string, node = 'worker-1') =>
  `${name.padEnd(34)}${ready.padEnd(8)}${status.padEnd(19)}${'2 (3m23s ago)'.padEnd(16)}10m   10.0.1.4     ${node.padEnd(11)}<none>           <none>`;
const PODS_ALL = 'NAMESPACE     NAME                   READY   STATUS     RESTARTS   AGE';
const podAll = (ns: string, name: string, ready: string, status: string) =>
  `${ns.padEnd(14)}${name.padEnd(23)}${ready.padEnd(8)}${status.padEnd(11)}1          17m`;

describe("kubectl get pods, by STATUS and by the network agent's READY", () => {
  it('a pod the node lifecycle controller marked NodeLost (or Unknown, once it is being deleted)', () => {
    for (const status of ['NodeLost', 'Unknown']) {
      const table = [PODS_ALL, podAll('kube-system', 'kube-proxy-7xk2p', '1/1', status)].join('\n');
      const bundle = { commandOutputs: { 'kubectl get pods --all-namespaces': table } };
      expect(ids(bundle)).toContain('node.status_unknown');
      expect(top(bundle)?.id).toBe('node_unreachable');
    }
  });

  it('a network agent Running with its readiness probe failing, or crash-looping', () => {
    for (const [name, ready, status] of [
      ['cilium-fn4gd', '0/1', 'Running'],
      ['calico-node-x7v2q', '0/1', 'Running'],
      ['aws-node-h95fl', '1/2', 'Running'],
      ['kube-flannel-ds-amd64-4wz8k', '0/1', 'CrashLoopBackOff'],
    ] as const) {
      const table = [PODS_WIDE, podWide(name, ready, status)].join('\n');
      const bundle = { commandOutputs: { 'kubectl get pods -n kube-system -o wide': table } };
      expect(ids(bundle), name).toContain('cni.agent_down');
      expect(top(bundle)?.id, name).toBe('cni_hang');
    }
  });

  it("near miss: ready agents, the operator, an application, another node than the bundle's", () => {
    const rows = [
      podWide('cilium-fn4gd', '1/1', 'Running'),
      podWide('calico-node-x7v2q', '1/1', 'Running'),
      podWide('cilium-operator-5d8f9c7b6-q2w4e', '0/1', 'Running'),
      podWide('web-7d9f8c6b5-abcde', '0/1', 'CrashLoopBackOff'),
      podWide('aws-node-w8wn8', '0/1', 'Running', 'worker-2'),
      podWide('api-6c9b8d7f4-zxcvb', '1/1', 'Running', 'worker-2'),
    ];
    const bundle = {
      node: 'worker-1',
      commandOutputs: { 'kubectl get pods -A -o wide': [PODS_WIDE, ...rows].join('\n') },
    };
    const found = ids(bundle);
    expect(found).not.toContain('cni.agent_down');
    expect(found).not.toContain('node.status_unknown');
    const lostElsewhere = [PODS_WIDE, podWide('kube-proxy-7xk2p', '1/1', 'NodeLost', 'worker-2')].join('\n');
    expect(
      ids({ node: 'worker-1', commandOutputs: { 'kubectl get pods -o wide': lostElsewhere } }),
    ).not.toContain('node.status_unknown');
  });
});

const ipamdLine = (err: string) =>
  `{"level":"error","ts":"2021-03-19T17:26:18.429Z","caller":"ipamd/ipamd.go:455","msg":"Failed to check API server connectivity: ${err}"}`;

describe("a network agent's own log whose API client cannot connect", () => {
  it("aws-node's log: the client's dial to the kubernetes Service times out", () => {
    const bundle = {
      commandOutputs: {
        'kubectl logs -n kube-system aws-node-8s5hr': [
          '{"level":"info","ts":"2021-03-19T17:25:48.172Z","caller":"entrypoint.sh","msg":"Checking for IPAM connectivity ... "}',
          ipamdLine('Get https://10.100.0.1:443/version?timeout=32s: dial tcp 10.100.0.1:443: i/o timeout'),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('cni.datastore_error');
    expect(top(bundle)?.id).toBe('cni_hang');
  });

  it("calico-node's log sent as its own source, refused by the API server's port", () => {
    const bundle = {
      logs: {
        'calico-node':
          '2024-05-02 10:01:02.123 [ERROR][9] startup/startup.go 146: failed to query kubeadm\'s config map error=Get "https://10.96.0.1:443/api/v1/namespaces/kube-system/configmaps/kubeadm-config?timeout=2s": dial tcp 10.96.0.1:443: connect: connection refused',
      },
    };
    expect(ids(bundle)).toContain('cni.datastore_error');
  });

  it('near miss: a failed dial the agent got past', () => {
    const log = [
      ipamdLine('Get https://10.100.0.1:443/version?timeout=32s: dial tcp 10.100.0.1:443: i/o timeout'),
      '{"level":"info","ts":"2021-03-19T17:26:50.101Z","caller":"ipamd/ipamd.go:460","msg":"API server connectivity established."}',
    ].join('\n');
    expect(ids({ commandOutputs: { 'kubectl logs aws-node-8s5hr': log } })).not.toContain(
      'cni.datastore_error',
    );
  });

  it("near miss: kubectl's own dial failure, the agent's gRPC port, the operator's log", () => {
    const dial = 'Unable to connect to the server: dial tcp 10.0.0.10:6443: i/o timeout';
    expect(ids({ commandOutputs: { 'kubectl get nodes': dial } })).not.toContain('cni.datastore_error');
    const grpc = ipamdLine('dial tcp 127.0.0.1:50051: connect: connection refused');
    expect(ids({ commandOutputs: { 'kubectl logs aws-node-8s5hr': grpc } })).not.toContain(
      'cni.datastore_error',
    );
    const operator = `level=error msg="Unable to contact apiserver" error="dial tcp 10.96.0.1:443: i/o timeout"`;
    expect(
      ids({ commandOutputs: { 'kubectl logs -n kube-system deploy/cilium-operator': operator } }),
    ).not.toContain('cni.datastore_error');
  });
});

const MOUNTSNOOP_HEAD = 'COMM             PID     TID     MNT_NS      CALL';
const selfBind = (pid: number, dir: string, tmp: string) => [
  `exe              ${pid} ${pid} 4026531840  mount("/proc/self/exe", "${dir}/runc.${tmp}", "", MS_BIND, "") = 0`,
  `exe              ${pid} ${pid} 4026531840  mount("", "${dir}/runc.${tmp}", "", MS_RDONLY|MS_REMOUNT|MS_BIND, "") = 0`,
  `exe              ${pid} ${pid} 4026531840  umount("${dir}/runc.${tmp}", MNT_DETACH) = 0`,
];

describe("a mount tracer's record of runc's self bind mounts", () => {
  it('mountsnoop: several runc invocations each binding /proc/self/exe over a temporary file', () => {
    const dir = `/run/containerd/runc/k8s.io/${'4f2a9c1e0b7d'.repeat(5).slice(0, 64)}`;
    const bundle = {
      commandOutputs: {
        '/usr/share/bcc/tools/mountsnoop': [
          MOUNTSNOOP_HEAD,
          ...selfBind(1774545, dir, 'GC2atV'),
          ...selfBind(1774598, dir, '4yGzla'),
          ...selfBind(1774611, dir, 'Qm8xZr'),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('systemd.mountinfo_churn');
  });

  it("strace -f of the runtime: the same call in strace's form", () => {
    const trace = ['a1B2c3', 'd4E5f6'].map(
      (t, i) =>
        `[pid ${5100 + i}] mount("/proc/self/exe", "/run/runc/web/runc.${t}", 0x55d0c1a2b3c4, MS_BIND, NULL) = 0`,
    );
    expect(
      ids({ commandOutputs: { 'strace -f -e trace=mount -p $(pidof containerd)': trace.join('\n') } }),
    ).toContain('systemd.mountinfo_churn');
  });

  it('near miss: one invocation, and another program binding its own binary', () => {
    const one = [MOUNTSNOOP_HEAD, ...selfBind(1774545, '/run/runc/web', 'GC2atV')].join('\n');
    expect(ids({ commandOutputs: { mountsnoop: one } })).not.toContain('systemd.mountinfo_churn');
    const other = [
      MOUNTSNOOP_HEAD,
      'myagent          2211    2211    4026531840  mount("/proc/self/exe", "/tmp/agent.GC2atV", "", MS_BIND, "") = 0',
      'myagent          2212    2212    4026531840  mount("/proc/self/exe", "/tmp/agent.4yGzla", "", MS_BIND, "") = 0',
    ].join('\n');
    expect(ids({ commandOutputs: { mountsnoop: other } })).not.toContain('systemd.mountinfo_churn');
  });
});

const FREEZER = '/sys/fs/cgroup/freezer/kubepods.slice';

describe("a grep dump of the pods' freezer files, each line after its file's name", () => {
  it('a pod slice FROZEN among thawed ones (cgroup v1), and a frozen v2 slice', () => {
    const v1 = [
      `${FREEZER}/freezer.state:THAWED`,
      `${FREEZER}/kubepods-besteffort.slice/freezer.state:THAWED`,
      `${FREEZER}/kubepods-burstable.slice/freezer.state:FROZEN`,
    ].join('\n');
    expect(ids({ commandOutputs: { [`grep -R "" ${FREEZER}/**/freezer.state`]: v1 } })).toContain(
      'cgroup.pods_frozen',
    );
    const v2 = [
      '/sys/fs/cgroup/kubepods.slice/kubepods-burstable.slice/cgroup.events:populated 1',
      '/sys/fs/cgroup/kubepods.slice/kubepods-burstable.slice/cgroup.events:frozen 1',
    ].join('\n');
    expect(ids({ commandOutputs: { 'grep . /sys/fs/cgroup/kubepods.slice/*/cgroup.events': v2 } })).toContain(
      'cgroup.pods_frozen',
    );
  });

  it("near miss: every slice thawed, and one container's own cgroup frozen (docker pause)", () => {
    const thawed = [
      `${FREEZER}/freezer.state:THAWED`,
      `${FREEZER}/kubepods-burstable.slice/freezer.state:THAWED`,
    ];
    const paused = `${FREEZER}/kubepods-burstable.slice/kubepods-burstable-pod1.slice/docker-${'ab'.repeat(32)}.scope/freezer.state:FROZEN`;
    for (const output of [thawed.join('\n'), [...thawed, paused].join('\n')])
      expect(ids({ commandOutputs: { [`grep -R "" ${FREEZER}`]: output } })).not.toContain(
        'cgroup.pods_frozen',
      );
  });
});
