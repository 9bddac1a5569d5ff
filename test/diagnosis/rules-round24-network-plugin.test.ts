import { describe, expect, it } from 'vitest';
import { ageMinutes } from '../../shared/diagnosis/extract/cni-absence.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { ids, klog, top } from '../support/node-lines.ts';
import { said } from '../support/sentences.ts';

/**
 * Round 24 (r24-cni): the network plugin by absence (full pod listings, rke2's chart listings, per-node agents), its
 * machinery beyond ADD/DEL (the runtime's network status, the pod IP lookup's host tools, sandboxes re-created for
 * want of an IP, the installer's busy binary, a plugin call in progress) and Windows' host network service. Lines
 * and tables built from the programs' format strings (containerd and cri-o status.go, util-linux nsenter, Go os/exec,
 * kuberuntime podSandboxChanged, coreutils cp, procps ps, lsof, hcsshim hcserror/hns/hcn, kubectl's printers), not
 * from any incident.
 */

const kubelet = (text: string) => ({ logs: { kubelet: text } });
const other = (text: string) => ({ logs: { other: text } });

describe("the network plugin's machinery beyond ADD and DEL", () => {
  const HITS: ReadonlyArray<readonly [string, string]> = [
    // The runtime's NetworkReady condition, as the kubelet relays it, containerd's and cri-o's wording.
    [
      'cni.not_ready',
      klog(
        'E',
        'kubelet.go:2855',
        '"Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: plugin type=\\"examplenet\\" failed (status): The plugin is not available"',
      ),
    ],
    [
      'cni.not_ready',
      'time="2026-11-27T10:00:00Z" level=error msg="CNI plugin unhealthy beyond grace period (1m0s): plugin status uninitialized"',
    ],
    // The pod IP lookup's tools missing: nsenter's exec of ip, Go's LookPath and fork/exec of the tools.
    [
      'cni.host_tool_missing',
      klog(
        'W',
        'docker_sandbox.go:402',
        'failed to read pod IP from plugin/docker: NetworkPlugin cni failed on the status hook for pod "web-0_default": Unexpected command output nsenter: failed to execute ip: No such file or directory',
      ),
    ],
    [
      'cni.host_tool_missing',
      'level=info msg="Failed to read pod IP from plugin/docker: networkPlugin cni failed on the status hook for pod \\"web-0_default\\": unexpected command output nsenter: failed to execute ip: No such file or directory with error: exit status 127"',
    ],
    [
      'cni.host_tool_missing',
      klog(
        'E',
        'plugins.go:160',
        'Network plugin "cni" failed init: exec: "nsenter": executable file not found in $PATH',
      ),
    ],
    [
      'cni.host_tool_missing',
      klog(
        'E',
        'kubelet_network_linux.go:53',
        'Failed to ensure that iptables hint chain exists: exec: "iptables": executable file not found in $PATH',
      ),
    ],
    [
      'cni.host_tool_missing',
      'failed to flush conntrack entries: fork/exec /usr/sbin/conntrack: no such file or directory',
    ],
    // The kubelet re-creating a sandbox without an IP, in klog's format string and its structured form.
    [
      'cni.sandbox_no_ip',
      klog(
        'I',
        'kuberuntime_manager.go:434',
        'Sandbox for pod "web-0_default(3f0e4a1b-0000-4000-8000-000000000001)" has no IP address.  Need to start a new one',
      ),
    ],
    [
      'cni.sandbox_no_ip',
      klog(
        'I',
        'kuberuntime_manager.go:957',
        '"Sandbox for pod has no IP address. Need to start a new one" pod="default/web-0"',
      ),
    ],
    // The installer's copy onto a running plugin binary: coreutils cp, a Go installer's open.
    ['cni.install_busy', "cp: cannot create regular file '/host/opt/cni/bin/examplenet': Text file busy"],
    [
      'cni.install_busy',
      'time="2026-11-27T10:00:00Z" level=fatal msg="failed to install CNI binary" error="open /host/opt/cni/bin/calico: text file busy"',
    ],
    ['cni.install_busy', "cp: cannot create regular file '/usr/libexec/cni/bridge': Text file busy"],
    // A plugin binary executing: ps -ef, ps aux, lsof's program text.
    ['cni.plugin_running', 'root        4242     911  0 09:12 ?        00:00:00 /opt/cni/bin/examplenet'],
    [
      'cni.plugin_running',
      'root        4242  0.0  0.1 741632 12040 ?        Sl   09:12   0:00 /opt/cni/bin/calico',
    ],
    ['cni.plugin_running', 'examplene 4242 root  txt    REG  253,0 41943040 1311234 /opt/cni/bin/examplenet'],
    // hcsshim's HNS and HCN calls running out of time.
    [
      'cni.host_network_hang',
      klog(
        'E',
        'cni.go:364',
        'Error deleting pod web-0 from network: hcnDeleteEndpoint failed in Win32: The wait operation timed out. (0x102)',
      ),
    ],
    [
      'cni.host_network_hang',
      'level=error msg="failed to create endpoint" error="hnsCall failed in Win32: This operation returned because the timeout period expired. (0x5b4)"',
    ],
    [
      'cni.host_network_hang',
      'E1127 10:00:00.000000 1 proxier.go:1100] hns failed with error : The wait operation timed out.',
    ],
  ];

  for (const [fact, line] of HITS)
    it(`${fact} ← ${line}`, () => {
      expect(ids(kubelet(line))).toContain(fact);
      expectLiteralsHeld(line);
    });

  const MISSES: ReadonlyArray<readonly [string, string]> = [
    // The status hook failing for other reasons than a missing tool: a terminated container's namespace, no eth0.
    [
      'cni.host_tool_missing',
      klog(
        'W',
        'docker_sandbox.go:394',
        'failed to read pod IP from plugin/docker: networkPlugin cni failed on the status hook for pod "web-0_default": CNI failed to retrieve network namespace path: cannot find network namespace for the terminated container "abc"',
      ),
    ],
    [
      'cni.host_tool_missing',
      'NetworkPlugin cni failed on the status hook for pod "web-0_default": Unexpected command output Device "eth0" does not exist.',
    ],
    // A runtime binary or a port-forward tool, and nsenter refused for another errno; runc's own nsenter.
    ['cni.host_tool_missing', 'exec: "runc": executable file not found in $PATH'],
    [
      'cni.host_tool_missing',
      'unable to do port forwarding: exec: "socat": executable file not found in $PATH',
    ],
    ['cni.host_tool_missing', 'nsenter: failed to execute /bin/sh: Permission denied'],
    ['cni.host_tool_missing', 'nsenter: failed to unshare namespaces: Invalid argument'],
    // kuberuntime's other reasons to start a new sandbox.
    ['cni.sandbox_no_ip', 'Sandbox for pod "web-0_default" has changed. Need to start a new one'],
    ['cni.sandbox_no_ip', 'No ready sandbox for pod "web-0_default" can be found. Need to start a new one'],
    // A busy binary outside the CNI directories; a busy device; the directory listed.
    ['cni.install_busy', "cp: cannot create regular file '/usr/local/bin/kubelet': Text file busy"],
    ['cni.install_busy', 'umount: /var/lib/kubelet/pods/x/volumes: target is busy'],
    ['cni.plugin_running', '-rwxr-xr-x 1 root root 41943040 Nov 27 09:12 /opt/cni/bin/calico'],
    [
      'cni.plugin_running',
      'root        9082    7247  0 09:13 pts/0    00:00:00 grep --color=auto /opt/cni/bin',
    ],
    ['cni.plugin_running', 'calico    4242 root    3r   REG  253,0 41943040 1311234 /opt/cni/bin/calico'],
    // HNS refusing for its own reason; the compute service's timeout is not the network's.
    ['cni.host_network_hang', 'HNS failed with error : The object already exists.'],
    ['cni.host_network_hang', 'hcnCreateEndpoint failed in Win32: Element not found. (0x490)'],
    [
      'cni.host_network_hang',
      'hcs::System::Start 4f2a: The operation timed out because a response was not received from the virtual machine or container.',
    ],
  ];

  for (const [fact, line] of MISSES)
    it(`near miss, not ${fact} ← ${line}`, () => {
      expect(ids(kubelet(line))).not.toContain(fact);
    });

  it('a status hook failing on a missing tool, beside sandboxes re-created without IPs, is the network plugin', () => {
    const bundle = kubelet(
      [
        klog(
          'I',
          'kuberuntime_manager.go:434',
          'Sandbox for pod "web-0_default(3f0e)" has no IP address.  Need to start a new one',
        ),
        klog(
          'W',
          'docker_sandbox.go:402',
          'failed to read pod IP from plugin/docker: NetworkPlugin cni failed on the status hook for pod "web-0_default": Unexpected command output nsenter: failed to execute ip: No such file or directory',
        ),
      ].join('\n'),
    );
    expect(top(bundle)?.id).toBe('cni_hang');
  });

  it("the installer's busy binary beside the call that holds it is the network plugin", () => {
    const bundle = {
      commandOutputs: {
        'kubectl -n kube-system logs examplenet-ds-abcde -c install-cni':
          "cp: cannot create regular file '/host/opt/cni/bin/examplenet': Text file busy",
        'ps -ef | grep examplenet':
          'root        4242     911  0 09:12 ?        00:00:00 /opt/cni/bin/examplenet',
      },
    };
    const first = top(bundle);
    expect(first?.id).toBe('cni_hang');
    // One fact alone stays below the bar.
    expect(
      top({
        commandOutputs: {
          'kubectl logs x': "cp: cannot create regular file '/host/opt/cni/bin/examplenet': Text file busy",
        },
      })?.confidence ?? 0,
    ).toBeLessThan(0.7);
  });

  it("the host network service's timeout and its hang in words rank the network plugin, not the runtime", () => {
    const bundle = {
      logs: {
        kubelet: klog(
          'E',
          'cni.go:364',
          'Error adding pod web-0 to network: hnsCall failed in Win32: The wait operation timed out. (0x102)',
        ),
        other: 'Deleting the HNS endpoint by hand hangs and never returns.',
      },
    };
    expect(ids(bundle)).toContain('cni.host_network_hang');
    expect(top(bundle)?.id).toBe('cni_hang');
    for (const sentence of [
      'Does HNS hang when a pod is deleted?',
      'HNS might hang if the switch extension is old.',
    ])
      expect(ids(said(sentence))).not.toContain('cni.host_network_hang');
    expect(ids(said('The Host Compute Service stopped responding on two workers.'))).not.toContain(
      'cni.host_network_hang',
    );
    expect(ids(said('HNS endpoint removal never returns on this node.'))).toContain('cni.host_network_hang');
  });
});

const NODES = (rows: string[]) => ['NAME       STATUS     ROLES           AGE   VERSION', ...rows].join('\n');

describe('the network plugin by absence', () => {
  const podsA = (rows: string[]) =>
    ['NAMESPACE     NAME                               READY   STATUS    RESTARTS   AGE', ...rows].join('\n');

  it('reads kubectl ages', () => {
    expect(ageMinutes('3h1m')).toBe(181);
    expect(ageMinutes('55s')).toBeLessThan(1);
    expect(ageMinutes('2d')).toBe(2880);
    expect(ageMinutes('<unknown>')).toBeUndefined();
  });

  const allNotReady = NODES([
    'server-1   NotReady   control-plane   3h    v1.30.4+rke2r1',
    'server-2   NotReady   control-plane   3h    v1.30.4+rke2r1',
  ]);
  const noAgent = podsA([
    'kube-system   etcd-server-1                      1/1     Running   0          3h',
    'kube-system   kube-apiserver-server-1            1/1     Running   0          3h',
  ]);

  it("a full listing without any agent, every node NotReady, and rke2's charts empty", () => {
    const bundle = {
      commandOutputs: {
        'kubectl get nodes': allNotReady,
        'kubectl get pods -A': noAgent,
        'kubectl get helmcharts -A': 'No resources found',
      },
    };
    expect(ids(bundle)).toContain('cni.agent_absent');
    expect(top(bundle)?.id).toBe('cni_hang');
  });

  it('near misses: an agent listed, a filtered listing, a node Ready, k3s, a node just created', () => {
    const cases: Record<string, string>[] = [
      {
        'kubectl get nodes': allNotReady,
        'kubectl get pods -A': podsA([
          'kube-system   rke2-canal-x7k2p                   1/2     Running   0          3h',
        ]),
      },
      { 'kubectl get nodes': allNotReady, 'kubectl get pods -A | grep -v Running': noAgent },
      { 'kubectl get nodes': allNotReady, 'kubectl get pods -n kube-system': noAgent },
      {
        'kubectl get nodes': NODES([
          'server-1   NotReady   control-plane   3h    v1.30.4',
          'worker-1   Ready      <none>          3h    v1.30.4',
        ]),
        'kubectl get pods -A': noAgent,
      },
      {
        'kubectl get nodes': NODES(['server-1   NotReady   control-plane   3h    v1.30.4+k3s1']),
        'kubectl get pods -A': noAgent,
      },
      {
        'kubectl get nodes': NODES(['server-1   NotReady   control-plane   40s   v1.30.4']),
        'kubectl get pods -A': noAgent,
      },
    ];
    for (const commandOutputs of cases) expect(ids({ commandOutputs })).not.toContain('cni.agent_absent');
  });

  const wideNodes = NODES([
    'win-1      NotReady   <none>          20m   v1.30.4',
    'cp-1       Ready      control-plane   25m   v1.30.4',
    'linux-1    Ready      <none>          20m   v1.30.4',
  ]);
  const widePods = (rows: string[]) =>
    [
      'NAMESPACE     NAME                                       READY   STATUS    RESTARTS   AGE   IP          NODE      NOMINATED NODE   READINESS GATES',
      ...rows,
    ].join('\n');

  it("the agent's pods on the Ready nodes only: the plugin not placed on the NotReady ones", () => {
    const bundle = {
      commandOutputs: {
        'kubectl get nodes': wideNodes,
        'kubectl get pods -A -o wide': widePods([
          'kube-system   examplenet-controllers-57cb778775-w56pb    1/1     Running   0          20m   10.0.0.9    win-1     <none>           <none>',
          'kube-system   calico-node-66j2k                          1/1     Running   0          20m   10.0.0.5    cp-1      <none>           <none>',
          'kube-system   calico-node-v85lg                          1/1     Running   0          20m   10.0.0.6    linux-1   <none>           <none>',
        ]),
      },
    };
    expect(ids(bundle)).toContain('cni.agent_not_placed');
    expect(top(bundle)?.id).toBe('cni_hang');
  });

  it('near misses: an agent on the NotReady node too, a node just created, no agent on any Ready node', () => {
    const onAll = widePods([
      'kube-system   calico-node-66j2k                          1/1     Running   0          20m   10.0.0.5    cp-1      <none>           <none>',
      'kube-system   calico-node-windows-x2k9q                  0/2     Pending   0          20m   <none>      win-1     <none>           <none>',
    ]);
    expect(
      ids({ commandOutputs: { 'kubectl get nodes': wideNodes, 'kubectl get pods -A -o wide': onAll } }),
    ).not.toContain('cni.agent_not_placed');
    const young = NODES([
      'win-1      NotReady   <none>          50s   v1.30.4',
      'cp-1       Ready      control-plane   25m   v1.30.4',
    ]);
    const cpOnly = widePods([
      'kube-system   calico-node-66j2k                          1/1     Running   0          20m   10.0.0.5    cp-1      <none>           <none>',
    ]);
    expect(
      ids({ commandOutputs: { 'kubectl get nodes': young, 'kubectl get pods -A -o wide': cpOnly } }),
    ).not.toContain('cni.agent_not_placed');
  });

  it("the plugin's DaemonSets selecting one operating system, the NotReady nodes all of the other", () => {
    const nodes = [
      'NAME      STATUS     ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION    CONTAINER-RUNTIME',
      'win-1     NotReady   <none>          30m   v1.30.4   10.1.0.7      <none>        Windows Server 2022 Datacenter   10.0.20348.2113   containerd://1.7.13',
      'cp-1      Ready      control-plane   35m   v1.30.4   10.0.0.4      <none>        Ubuntu 22.04.4 LTS               6.5.0-1017-azure  containerd://1.7.13',
    ].join('\n');
    const ds = (selector: string, desired = 1) =>
      [
        'NAMESPACE     NAME          DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE   CONTAINERS    IMAGES                  SELECTOR',
        `kube-system   calico-node   ${desired}         ${desired}         ${desired}       ${desired}            ${desired}           ${selector.padEnd(24)} 35m   calico-node   calico/node:v3.27.0     k8s-app=calico-node`,
      ].join('\n');
    const hit = {
      'kubectl get nodes -o wide': nodes,
      'kubectl get ds -A -o wide': ds('kubernetes.io/os=linux'),
    };
    expect(ids({ commandOutputs: hit })).toContain('cni.agent_not_placed');
    expect(top({ commandOutputs: hit })?.id).toBe('cni_hang');
    for (const selector of ['<none>', 'kubernetes.io/os=windows'])
      expect(
        ids({
          commandOutputs: {
            'kubectl get nodes -o wide': nodes,
            'kubectl get ds -A -o wide': ds(selector, 2),
          },
        }),
      ).not.toContain('cni.agent_not_placed');
  });

  it('literals hold for the rules', () => {
    expectLiteralsHeld("cp: cannot create regular file '/host/opt/cni/bin/examplenet': Text file busy");
    expect(ids(other('nothing here'))).not.toContain('cni.agent_absent');
  });
});
