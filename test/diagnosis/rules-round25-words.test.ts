import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';

/** The facts a line of a person's notes gives. */
function read(line: string): FactSet {
  const facts = new FactSet();
  scanText(line, 'logs.other:1', 'unknown', facts);
  return facts;
}

const words = (text: string) => diagnose({ logs: { other: text } } as never);

/**
 * Round 25 (r25-words): the forms people use for four mechanisms, every subject with every state an engineer
 * would read the same way, and the near misses that share their words.
 */
describe('round 25: the API server coming and going, in words', () => {
  it.each([
    'The API server keeps coming and going.',
    'The apiserver is flapping every few minutes.',
    'Our kube-apiserver was intermittently unavailable all morning.',
    'The control plane went up and down all night.',
    'kubelite crashes periodically, so I have rolling unavailability of the apiserver.',
    'kubelite keeps crashing since the upgrade.',
    'The rke2 server restarts every few minutes.',
    'The k3s server process died twice this morning.',
    'kube-apiserver keeps restarting on the master.',
    'kubectl get nodes times out from every machine.',
    'microk8s status just hangs on the other nodes.',
    'apiserver 时好时坏。',
    'kube-apiserver 频繁重启。',
    'kubelite 进程反复崩溃。',
    'kubectl 命令超时。',
    'k3s server 一直在重启。',
  ])('%s → the API server down', (line) => {
    expect(read(line).has('apiserver.down'), line).toBe(true);
  });

  it.each([
    // A command that goes through the kubelet (exec, logs) or that waits by design is not the API server.
    'kubectl exec into the pod times out.',
    'kubectl logs -f hangs after a few minutes.',
    'kubectl drain hangs on a pod with a PodDisruptionBudget.',
    'kubectl rollout status timed out waiting for the deployment.',
    // Restarts a person made, and the liveness probe's own reading (mentions.ts).
    'We restarted the apiserver after changing its flags.',
    // The k3s agent is not the server.
    'The k3s agent keeps crashing on the worker.',
    // A hedge.
    'The API server may be flapping.',
    // Another component that comes and goes.
    'The metrics-server API is flapping.',
  ])('%s → not the API server down by these words', (line) => {
    expect(read(line).has('apiserver.down'), line).toBe(false);
  });

  it('names the nodes losing their API server (below the bar on words alone), and asks for the datastore', () => {
    const d = words(
      'Since the upgrade kubelite crashes periodically, so I have rolling unavailability of the apiserver and lots of pods in Unknown state. On other nodes microk8s status just times out.',
    );
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.confidence).toBeLessThan(0.7);
    expect(d.missing.some((m) => m.how.includes('apply request took too long'))).toBe(true);
    expect(d.missing.some((m) => m.how.includes('etcdctl endpoint status'))).toBe(true);
  });
});

describe('round 25: the network plugin and system pods not created on new machines', () => {
  it.each([
    'New masters were not coming up correctly (missing calico networking and other pods).',
    "The second master didn't have calico and some other essential pods.",
    'On the new node the calico-node pod was never scheduled.',
    'kube-proxy and coredns were not created on the new worker.',
    'The cilium agent was missing on every new node.',
    'The system pods never got scheduled on the replacement machines.',
    '新加入的节点上 calico 没有被调度。',
    '新节点缺少网络插件。',
  ])('%s → the network plugin not there', (line) => {
    expect(read(line).has('cni.agent_down'), line).toBe(true);
  });

  it.each([
    // The plugin's files, its routes or a log line are not its pod.
    'The calico config file was missing from /etc/cni/net.d.',
    'Flannel was missing a route to the other subnet.',
    'The node had no calico errors in its log.',
    'The calico pod was not missing; it was running.',
    // Pods a person deleted or drained.
    'The system pods were missing after we drained the node.',
  ])('%s → not the network plugin missing by these words', (line) => {
    expect(read(line).has('cni.agent_down'), line).toBe(false);
  });

  // The DaemonSet controller's FailedCreate event carrying an admission webhook's refusal (controller_utils.go
  // "Error creating: %v" over statuserror.go "admission webhook %q denied the request: %s", errors.go "failed calling
  // webhook %q: %v"), as kubectl get events prints it.
  it.each([
    '5m  Warning  FailedCreate  daemonset/calico-node  Error creating: admission webhook "validate.kyverno.svc-fail" denied the request: resource Pod/kube-system/calico-node-x8k2p was blocked',
    '2m  Warning  FailedCreate  daemonset/aws-node  Error creating: Internal error occurred: failed calling webhook "validation.gatekeeper.sh": Post "https://gatekeeper-webhook-service.gatekeeper-system.svc:443/v1/admit?timeout=3s": context deadline exceeded',
    'kube-system  4m  Warning  FailedCreate  daemonset/kube-proxy  Error creating: admission webhook "policy.example.com" denied the request without explanation',
  ])('%s → the network plugin refused at admission', (line) => {
    expect(read(line).has('cni.agent_down'), line).toBe(true);
  });

  it.each([
    // Another controller's pods refused: not the network plugin's.
    '3m  Warning  FailedCreate  replicaset/web-7d9f  Error creating: admission webhook "validate.kyverno.svc-fail" denied the request: missing label',
    // The plugin's pods created.
    '3m  Normal  SuccessfulCreate  daemonset/calico-node  Created pod: calico-node-abcde',
    // A refusal for quota, not admission.
    '3m  Warning  FailedCreate  daemonset/calico-node  Error creating: pods "calico-node-x" is forbidden: exceeded quota: compute',
  ])('%s → not the network plugin refused at admission', (line) => {
    expect(read(line).has('cni.agent_down'), line).toBe(false);
  });

  it("asks for admission's refusals and the system namespace's labels", () => {
    const d = words('During the upgrade every new master came up without calico and the other system pods.');
    expect(d.causes[0]?.id).toBe('cni_hang');
    expect(d.missing.some((m) => m.how.includes('validatingwebhookconfigurations'))).toBe(true);
    expect(d.missing.some((m) => m.how.includes('kube-system --show-labels'))).toBe(true);
  });
});

describe('round 25: the kubelet crashing only where the machine lacks one property', () => {
  it.each([
    'The kubelet crashes on instances without a public IP.',
    "Since v0.18.0 the kubelet crashes on AWS if the instance doesn't have a public IP.",
    'kubelet panics with a nil pointer on nodes that have no instance id in the metadata.',
    'The kubelet segfaults on IPv6-only hosts after the upgrade.',
    'The kubelet crashes only on the spot instances.',
    'kubelet 在没有公网 IP 的实例上崩溃。',
  ])('%s → the kubelet defect', (line) => {
    expect(read(line).has('kubelet.panic'), line).toBe(true);
    expect(words(line).causes[0]?.id).toBe('kubelet_defect');
  });

  it.each([
    // No property of the machine: an error or a log missing.
    'The kubelet crashes without any error in the log.',
    'The kubelet exited without a message.',
    // A supposition, a hedge, a denial.
    'If the kubelet crashes again, check whether the instance has no public IP.',
    'The kubelet may crash on instances without a public IP.',
    'The kubelet did not crash on instances without a public IP.',
  ])('%s → not the kubelet defect by these words', (line) => {
    expect(read(line).has('kubelet.panic'), line).toBe(false);
  });

  it('asks for the stack trace when it is only linked', () => {
    const d = words(
      'The kubelet crashes on instances without a public IP. The full trace is here: https://gist.github.com/someone/0123abcd',
    );
    expect(d.missing.some((m) => m.what.includes('stack trace'))).toBe(true);
    const pasted = words(
      'The kubelet crashes on instances without a public IP.\npanic: runtime error: invalid memory address or nil pointer dereference\ngoroutine 1 [running]:\nhttps://gist.github.com/someone/0123abcd',
    );
    expect(pasted.missing.some((m) => m.what.includes('stack trace'))).toBe(false);
  });
});

describe('round 25: one zone cut off, and a node said unreachable', () => {
  it.each([
    'The nodes in one availability zone became unreachable.',
    'The availability zone had an outage and its nodes went NotReady.',
    'Nodes in the other availability zones were not impacted.',
    '其他可用区没有受影响。',
    'No new node could be launched in eu-west-2a.',
    'New instances failed to launch in the availability zone us-east-1c.',
    '新节点无法在该可用区启动。',
  ])('%s → the network cut', (line) => {
    expect(read(line).has('network.disrupted'), line).toBe(true);
  });

  it.each([
    'The DNS zone was down for an hour.',
    'We moved the pods to another availability zone.',
    'Pods in the availability zone were unreachable from the ingress.',
    'New nodes could be launched in eu-west-2a without trouble.',
    'No new node could be launched in eu-west-2a because of our quota.',
    'New nodes could not start in us-east-1a because the AMI was missing.',
    'The problem could be that no new node could be launched in eu-west-2a.',
  ])('%s → not the zone cut off', (line) => {
    expect(read(line).has('network.disrupted'), line).toBe(false);
  });

  it('a node said unreachable is the path lost as well as a stall: starvation is not ranked above the network', () => {
    const d = words('Two kubernetes nodes became unreachable.');
    expect(d.causes[0]?.id).toBe('node_unreachable');
    const starved = d.causes.find((c) => c.id === 'resource_starvation')?.confidence ?? 0;
    expect(d.causes[0]?.confidence ?? 0).toBeGreaterThanOrEqual(starved);
  });

  it('unreachable nodes confined to one zone, nothing new starting there, are the node cut off', () => {
    const d = words(
      'Two nodes became unreachable.\nNo new node could be launched in eu-west-2a.\nNodes in the other availability zones were not impacted.',
    );
    expect(d.verdict).toBe('node_unreachable');
    expect(d.confidence).toBeLessThan(0.7);
  });

  it.each([
    'Lots of pods in `Unknown` state across the cluster.',
    'All the pods on those nodes went Unknown.',
    '所有节点上的 pod 都变成 Unknown 状态。',
  ])('%s → pods Unknown: the nodes out of contact', (line) => {
    expect(read(line).has('node.cut_off'), line).toBe(true);
  });

  it.each([
    // Beside a node-local program's failure, the pods' Unknown is that failure's consequence.
    'Docker locked up, kubelet checks failed and now pods are stuck in the Unknown state.',
    // A container's exit reason, not the pod's phase.
    'The init container exited with reason: Unknown.',
    'The pods are not Unknown any more.',
  ])('%s → no node.cut_off from pods Unknown', (line) => {
    expect(read(line).has('node.cut_off'), line).toBe(false);
  });

  it.each([
    'The node became unresponsive: no SSH, no metrics.',
    'The registry was unreachable from the node.',
  ])('%s → no node.cut_off (a stall, or something else out of reach)', (line) => {
    expect(read(line).has('node.cut_off'), line).toBe(false);
  });

  it('asks for routes per interface when a node goes NotReady as a plugin attaches secondary interfaces', () => {
    const d = words(
      'Cilium in ENI mode attaches secondary interfaces to each instance; pods get VPC IPs, then the node goes NotReady.',
    );
    expect(d.missing.some((m) => m.how.includes('ip route show table all'))).toBe(true);
    expect(d.missing.some((m) => m.how.includes('ip rule'))).toBe(true);
  });
});
