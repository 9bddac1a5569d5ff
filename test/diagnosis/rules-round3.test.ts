import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { parseLogLine } from '../../shared/diagnosis/logline.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 3's miss classes (docs/accuracy.md), each from the program that writes the message or the grammar of how
// people put it: lines are built from format strings and term lists, not from any incident.

const NOT_READY =
  'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';

describe('a network plugin that is not ready', () => {
  it("the Ready condition's network-not-ready reason alone is an answer, and says so in its own terms", () => {
    const bundle = {
      conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: NOT_READY }],
    };
    const d = diagnose(bundle);
    expect(d.verdict).toBe('cni_hang');
    expect(d.causes[0]?.summary).toMatch(/network plugin is not ready/);
  });

  it('a runtime error beside it still wins: the runtime is the fault', () => {
    const bundle = {
      conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: NOT_READY }],
      logs: {
        kubelet: klog(
          'E',
          'remote_runtime.go:222',
          '"Status from runtime service failed" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused\\""',
        ),
      },
    };
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('each runtime saying its configuration directory holds nothing it can load', () => {
    for (const line of [
      klog('E', 'cni.go:237', 'Unable to update cni config: no networks found in /etc/cni/net.d'),
      journal(
        'crio[700]',
        'time="2026-11-02 13:41:43Z" level=info msg="No CNI configuration file in /etc/cni/net.d/. Has your network provider started?"',
      ),
      journal(
        'containerd[880]',
        'time="2026-11-02T13:41:43Z" level=error msg="failed to load cni during init, please check CRI plugin status before setting up network for pods" error="cni config load failed: no network config found in /etc/cni/net.d: cni plugin not initialized"',
      ),
    ]) {
      expect(ids({ logs: { other: line } }), line).toContain('cni.not_ready');
    }
  });

  it("libcni's loader rejecting a file that is there", () => {
    for (const line of [
      klog(
        'W',
        'cni.go:202',
        "Error loading CNI config file /etc/cni/net.d/10-flannel.conf: no 'type'; perhaps this is a .conflist?",
      ),
      klog(
        'E',
        'cni.go:211',
        "Error validating CNI config list /etc/cni/net.d/10-calico.conflist: error parsing configuration list: no 'plugins' key",
      ),
      "error parsing configuration: missing 'type'",
    ]) {
      const bundle = { logs: { other: line } };
      expect(ids(bundle), line).toContain('cni.config_invalid');
      expect(top(bundle)?.id, line).toBe('cni_hang');
    }
  });

  it("containerd's configuration watcher failing: new configuration is never loaded", () => {
    const line = journal(
      'containerd[880]',
      'time="2026-11-02T13:41:43Z" level=error msg="failed to continue sync cni conf change" error="fsnotify: queue or buffer overflow"',
    );
    expect(ids({ logs: { containerd: line } })).toContain('cni.config_not_reloaded');
  });

  it("the plugin's DaemonSet pods not tolerating the not-ready taint", () => {
    const event =
      'Warning  FailedScheduling  pod/calico-node-x7k2p  0/3 nodes are available: 3 node(s) had untolerated taint {node.kubernetes.io/not-ready: }. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';
    expect(ids({ logs: { other: event } })).toContain('cni.agent_down');
    const app =
      'Warning  FailedScheduling  pod/web-7d9  0/3 nodes are available: 3 node(s) had untolerated taint {node.kubernetes.io/not-ready: }.';
    expect(ids({ logs: { other: app } })).not.toContain('cni.agent_down');
  });

  it('people naming the plugin, and nodes that never became Ready', () => {
    expect(ids({ logs: { other: 'The flannel pods never became Ready on the new workers.' } })).toContain(
      'cni.agent_down',
    );
    expect(ids({ logs: { other: 'calico-node keeps restarting on every node' } })).toContain(
      'cni.agent_down',
    );
    expect(ids({ logs: { other: 'New nodes never became Ready after joining the cluster.' } })).toContain(
      'node.never_ready',
    );
    expect(ids({ logs: { other: '新加入的节点一直NotReady' } })).toContain('node.never_ready');
  });
});

describe("people's words, read the way an engineer reads them", () => {
  it('an OOM kill of a daemon is memory running out, not a daemon that exits', () => {
    for (const said of ['The kubelet was OOM killed during the load test.', 'kubelet 被OOM 了']) {
      const facts = ids({ logs: { other: said } });
      expect(facts, said).toContain('mem.oom');
      expect(facts, said).not.toContain('kubelet.dead');
    }
    expect(ids({ logs: { other: 'dockerd got OOM killed twice last night' } })).toContain(
      'runtime.oom_killed',
    );
  });

  it('a workload using too much memory', () => {
    expect(ids({ logs: { other: 'one of the java pods has a memory leak' } })).toContain('mem.exhausted');
    expect(ids({ logs: { other: '业务容器内存泄漏' } })).toContain('mem.exhausted');
  });

  it('the Chinese disk-I/O terms do not match inside English words', () => {
    const facts = ids({ logs: { other: 'The version was exhausted by the migration process.' } });
    expect(facts).not.toContain('io.saturated');
    expect(ids({ logs: { other: '磁盘IO 打满了' } })).toContain('io.saturated');
  });

  it('descriptor exhaustion in a person’s word order, and a soft limit of 1024', () => {
    expect(ids({ logs: { other: 'containerd keeps complaining about too many open files' } })).toContain(
      'fd.emfile',
    );
    expect(ids({ logs: { other: 'there were too many files being open by dockerd' } })).toContain(
      'fd.emfile',
    );
    expect(ids({ logs: { other: 'ulimit -n shows 1024 for the docker service.' } })).toContain(
      'fd.limit_low',
    );
    expect(ids({ logs: { other: 'LimitNOFILE=1048576 is set' } })).not.toContain('fd.limit_low');
  });

  it("an operator's kubelet restart followed by a NotReady spell is the kubelet's start-up order", () => {
    const said = 'Every time we restart the kubelet the node goes NotReady for about 30 seconds.';
    expect(ids({ logs: { other: said } })).toContain('kubelet.startup_race');
  });

  it("a program's message quoted in a sentence counts, at a description's weight", () => {
    // The OOM watcher's rule needs the kubelet as the writer; a person quoting its words is read, weighed lower.
    const facts = extractFacts({
      logs: { other: 'We saw "Got sys oom event" in the journal before it stopped.' },
    });
    expect(facts.ids()).toContain('mem.oom');
    expect(facts.onlyObserved('mem.oom')).toBe(true);
    expect(
      ids({ logs: { other: 'We saw Got sys oom event in the journal before it stopped.' } }),
    ).not.toContain('mem.oom');
  });
});

describe("the runtime's API and version as the kubelet records them", () => {
  it('a runtime that serves an older CRI API than the kubelet speaks', () => {
    const line = klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unimplemented desc = unknown service runtime.v1.RuntimeService"',
    );
    const bundle = { logs: { kubelet: line } };
    expect(ids(bundle)).toContain('runtime.cri_version');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('runtime_down');
    expect(d.causes[0]?.summary).toMatch(/CRI API version/);
  });

  it("a runtime version of Unknown in the node's status is the kubelet's record of a Version call that failed", () => {
    const output = [
      'NAME       STATUS     ROLES    AGE   VERSION   INTERNAL-IP   OS-IMAGE             KERNEL-VERSION     CONTAINER-RUNTIME',
      'worker-1   NotReady   <none>   40d   v1.27.4   10.0.1.7      Ubuntu 22.04.3 LTS   5.15.0-88-generic  containerd://Unknown',
    ].join('\n');
    expect(ids({ commandOutputs: { 'kubectl get nodes -o wide': output } })).toContain('runtime.down');
  });
});

describe('who wrote the line', () => {
  it("OpenShift 4's kubelet wrapper is the kubelet", () => {
    const line = journal(
      'kubenswrapper[2210]',
      'E1102 13:41:43.111882    2210 kubelet.go:2412] "Container runtime not ready" runtimeReady="RuntimeReady=false reason: message:"',
    );
    expect(parseLogLine(line, 'unknown').component).toBe('kubelet');
  });

  // Round 28 (r28-runtime): launchers named after the kubelet write its lines; add-ons named after its certificates
  // do not.
  it.each(['d8-kubelet-forker[139206]', 'microk8s.daemon-kubelet[912]', 'kubelet.sh[77]'])(
    'a launcher named after the kubelet is the kubelet: %s',
    (tag) => {
      const line = journal(tag, 'panic: could not restore state from checkpoint: checkpoint is corrupted');
      expect(parseLogLine(line, 'unknown').component).toBe('kubelet');
    },
  );

  it.each(['kubeletctl[9]', 'node.kubelet-csr-approver[31]', 'kube-kubelet-exporter[4]'])(
    'a program merely named like the kubelet is not: %s',
    (tag) => {
      const line = journal(tag, 'starting');
      expect(parseLogLine(line, 'unknown').component).not.toBe('kubelet');
    },
  );

  it('systemd restarting the kubelet unit is a kubelet that exits', () => {
    const line = journal('systemd[1]', 'kubelet.service: Scheduled restart job, restart counter is at 7.');
    expect(ids({ logs: { other: line } })).toContain('kubelet.dead');
  });
});

describe('inotify instances summed against the per-user limit', () => {
  it('a count per process adds up to the limit every root daemon shares', () => {
    const output = [
      '     61  1893 root     kubelet',
      '     40   880 root     containerd',
      '     31  4242 root     k3s-agent',
    ].join('\n');
    const command =
      "find /proc/*/fd -lname anon_inode:inotify | cut -d/ -f3 | xargs -I '{}' -- ps --no-headers -o '%p %U %c' -p '{}' | uniq -c | sort -nr";
    const facts = extractFacts({ commandOutputs: { [command]: output } });
    expect(facts.ids()).toContain('fd.inotify');
    expect(facts.max('fd.inotify')).toBe(132);
    const raised = extractFacts({
      commandOutputs: {
        [command]: output,
        'sysctl fs.inotify.max_user_instances': 'fs.inotify.max_user_instances = 8192',
      },
    });
    expect(raised.ids()).not.toContain('fd.inotify');
  });
});

describe('the kubelet heartbeat on a stuck TCP connection (before 1.11)', () => {
  it('a kubelet of an affected release whose status updates time out', () => {
    const bundle = {
      kubeletVersion: 'v1.9.3',
      logs: {
        kubelet: klog(
          'E',
          'kubelet_node_status.go:390',
          'Error updating node status, will retry: error getting node "worker-1": Get https://api.internal:443/api/v1/nodes/worker-1: net/http: request canceled (Client.Timeout exceeded while awaiting headers)',
        ),
      },
    };
    const facts = extractFacts(bundle);
    expect(
      facts
        .examples('kubelet.pinned_conn_release')
        .some((f) => f.defect === 'kubelet-heartbeat-stuck-tcp-connection'),
    ).toBe(true);
    const fixed = extractFacts({ ...bundle, kubeletVersion: 'v1.12.0' });
    expect(
      fixed
        .examples('kubelet.pinned_conn_release')
        .some((f) => f.defect === 'kubelet-heartbeat-stuck-tcp-connection'),
    ).toBe(false);
  });
});

describe("the start-up order's NotReady spell is brief", () => {
  it('a NotReady that a kubelet restart does not clear is not it', () => {
    const said = 'After we restart the kubelet the node is still NotReady, the restart did not help.';
    expect(extractFacts({ logs: { other: said } }).ids()).not.toContain('kubelet.startup_race');
  });
});
