import type { Missing } from '../schemas/diagnosis.ts';
import type { FactId, FactSet } from './facts.ts';

/**
 * Round 27 (r27-asks): what to ask for when the bundle holds the outage's shape but none of its cause (accuracy.md,
 * round 27's class 9). Each ask stands on facts or words the bundle holds and on the absence of what would answer it:
 *
 * - a guest hung while its hypervisor's or cloud's instance checks pass (the kubelet and another node agent going
 *   silent together, the node NotReady and never replaced): the checks see the machine's virtual hardware (EC2's
 *   instance status check answers ARP at the interface), not its processes, so a guest whose kernel is stuck reclaiming
 *   memory passes them. Its memory and CPU over the hours before (sysstat's sar -r -u, the cloud's metrics), the
 *   kernel's pressure-stall figures (Documentation/accounting/psi.rst: /proc/pressure/{cpu,memory,io}, "some" and
 *   "full" avg10/avg60/avg300), the serial console's kernel messages (the OOM killer, hung tasks; EC2
 *   GetConsoleOutput, Azure boot diagnostics, GCE's serial port output) and the pods' QoS classes (status.qosClass:
 *   BestEffort pods have no requests and land anywhere);
 * - every worker NotReady at once while the control plane stays Ready (nodes.workers_cut_off in words, nodes.workers_lost_listed from a
 *   node table or the node controller's events): the machines' power state in the hypervisor or cloud, whether one answers ping and SSH,
 *   and the Ready condition's reason and message (pkg/controller/nodelifecycle sets reason NodeStatusUnknown, "Kubelet
 *   stopped posting node status.", when the kubelet went silent; the kubelet's own reason, KubeletNotReady, when it
 *   posts);
 * - a security product's policy applied before the nodes turned NotReady: products that enforce on process execution
 *   replace or wrap the low-level runtime's binary, or restart the runtime to load their hook, and the node is
 *   NotReady until the runtime and the kubelet are back. The runtime's restarts in its journal, the binary's
 *   modification time and owning package (stat, rpm -qf, dpkg -S), and the agent's own log.
 */

/** The node or its machine said hung, frozen or silent, by a program's facts. */
const HUNG_FACTS: readonly FactId[] = [
  'node.unresponsive',
  'node.wedged',
  'kubelet.wedged',
  'node.pods_running_while_lost',
];

/** The same in words: a machine, guest or node hung, frozen, stuck, or silent (EN, ZH). */
const HUNG_WORDS =
  /\b(?:VMs?|virtual machines?|instances?|guests?|nodes?|hosts?|machines?|servers?)\b[^\n.;!?]{0,60}\b(?:hung|hangs|hanging|froze|frozen|freezes|locked up|stopped responding|unresponsive|went silent)\b|虚拟机[^\n。；]{0,10}(?:卡死|卡住|假死|死机|无响应)|节点[^\n。；]{0,10}(?:假死|卡死|死机|无响应)/i;

/**
 * The hypervisor or cloud seeing the machine running or healthy: EC2's status checks ("2/2 checks passed", "Status
 * checks: passed"), a health check or the console showing it running (EN, ZH).
 */
const CHECKS_PASS =
  /\b[0-9]\/[0-9] checks passed\b|\b(?:instance |system |health |status |reachability )checks?\b[^\n.;!?]{0,40}\b(?:passed|passing|pass|were green|are green|green|OK|healthy)\b|\b(?:VMs?|instances?|machines?)\b[^\n.;!?]{0,40}\b(?:still (?:running|up)|shows? (?:as )?running|in (?:the )?running state)\b|状态检查[^\n。；]{0,10}(?:通过|正常)|(?:实例|虚拟机)[^\n。；]{0,10}(?:运行中|状态正常)/i;

/**
 * Another node agent beside the kubelet, named going silent or stopping (cloud agents, log shippers, exporters): two
 * agents of one guest stopping together are the guest, not either agent.
 */
const OTHER_AGENT =
  /\b(?:amazon-ssm-agent|ssm-agent|SSM agent|waagent|WALinuxAgent|Azure (?:VM )?agent|google-guest-agent|guest agent|node-exporter|node_exporter|fluent-bit|fluentd|datadog-agent|cloudwatch-agent|CloudWatch agent|filebeat|promtail|vector agent|telegraf|qemu-guest-agent)\b/i;

/** Figures that already say how memory and CPU fared: pressure-stall lines, sar's tables. */
const PRESSURE_FIGURES = /\b(?:some|full) avg10=[0-9]|%memused|kbmemused|%iowait\s+%steal|memory\.pressure/;

/** Facts that already say the guest ran out of memory or CPU. */
const STARVED_FACTS: readonly FactId[] = ['mem.oom', 'mem.exhausted', 'mem.reclaim', 'mem.oom_report'];

function guestHungAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  const hung = facts.hasAny(HUNG_FACTS) || any(HUNG_WORDS);
  const seenUp = any(CHECKS_PASS) || (any(/\bkubelet\b/i) && any(OTHER_AGENT) && hung);
  if (!hung || !seenUp || facts.hasAny(STARVED_FACTS) || any(PRESSURE_FIGURES)) return [];
  return [
    {
      what: "the node's memory and CPU over the hours before it hung, the kernel's pressure-stall figures, the serial console's kernel messages, and the quality-of-service classes of the pods on it",
      why: "the guest is described hung (its agents silent, the node NotReady) while the hypervisor's or cloud's checks pass: those checks see the machine's virtual hardware answer, not its processes, so a guest whose kernel is stuck reclaiming memory passes them. Memory exhausted by pods without requests (BestEffort, landing on a small instance) is the usual cause; the figures before the hang and the console's last kernel lines (OOM kills, hung tasks) say whether it was",
      how: 'sar -r -u -f /var/log/sa/sa$(date +%d) | tail -n 60; cat /proc/pressure/cpu /proc/pressure/memory /proc/pressure/io; aws ec2 get-console-output --instance-id ID --latest --output text | tail -n 100 | az vm boot-diagnostics get-boot-log -g RG -n VM | gcloud compute instances get-serial-port-output VM --zone ZONE | tail -n 100; aws cloudwatch get-metric-statistics --namespace AWS/EC2 --metric-name CPUUtilization --dimensions Name=InstanceId,Value=ID --start-time START --end-time END --period 300 --statistics Maximum; kubectl get pods -A --field-selector spec.nodeName=NODE -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,QOS:.status.qosClass,REQUESTS:.spec.containers[*].resources.requests.memory,LIMITS:.spec.containers[*].resources.limits.memory',
    },
  ];
}

/** Facts that already say why the workers were lost together (a machine stopped, the path's own failure named). */
const WORKERS_ANSWERED: readonly FactId[] = [
  'node.vm_stopped',
  'apiserver.proxy_failed',
  'apiserver.failover',
  'kubelet.auth_error',
];

function workersLostAsks(facts: FactSet): Missing[] {
  const lost = facts.has('nodes.workers_cut_off') || facts.has('nodes.workers_lost_listed');
  if (!lost || facts.hasAny(WORKERS_ANSWERED)) return [];
  return [
    {
      what: "the worker machines' power state in the hypervisor or cloud, whether one answers ping and SSH, and the Ready condition's reason and message on the workers",
      why: "every worker turned NotReady at once while the control plane stayed Ready: their shared path to the API server failed, or the machines themselves stopped (their hypervisor, a power or a maintenance event). The Ready condition's reason says which side stopped talking (NodeStatusUnknown, \"Kubelet stopped posting node status\", when the kubelet went silent; the kubelet's own message when it still posts), and the machines' state and a ping say whether they run at all",
      how: "kubectl get nodes -o custom-columns=NAME:.metadata.name,REASON:'.status.conditions[?(@.type==\"Ready\")].reason',MESSAGE:'.status.conditions[?(@.type==\"Ready\")].message',HEARTBEAT:'.status.conditions[?(@.type==\"Ready\")].lastHeartbeatTime'; ping -c 3 WORKER_IP; ssh WORKER_IP uptime; virsh list --all | qm list | govc find / -type m -runtime.powerState poweredOff | az vm list -d --query '[].{name:name,power:powerState}' -o table | aws ec2 describe-instances --query 'Reservations[].Instances[].[InstanceId,State.Name,StateTransitionReason]' --output table",
    },
  ];
}

/**
 * Security products that act on a node's process execution or its runtime (EDR sensors, container security
 * platforms, runtime enforcement, the OS's own execution policy), named in a bundle's words.
 */
const SECURITY_PRODUCT =
  /\b(?:NeuVector|Falco|Aqua(?: Security| Enforcer)?|Prisma Cloud|Twistlock|Sysdig(?: Secure)?|CrowdStrike|Falcon sensor|SentinelOne|Trend Micro|Deep Security|Carbon Black|Qualys|Tetragon|KubeArmor|StackRox|Advanced Cluster Security|Defender for (?:Containers|Endpoint|Cloud)|Trellix|McAfee|Cybereason|Lacework|Uptycs|Tanium|Wazuh|fapolicyd|Cortex XDR|Illumio)\b|安全(?:软件|产品|代理|策略|防护)|主机安全|杀毒软件/i;
/** A policy, a rule or an enforcement mode of that product, applied or turned on. */
const POLICY_APPLIED =
  /\b(?:polic(?:y|ies)|rules?|enforce(?:d|ment|s)?|protect(?:ion)? mode|prevention|block(?:ing|ed|s)?|quarantine)\b|策略|规则|拦截|阻断/i;

/** Facts that already answer where the runtime's binary went or why its execution is refused. */
const BINARY_ANSWERED: readonly FactId[] = ['runtime.binary_refused', 'runtime.binary_missing'];

function securityPolicyAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  const notReady =
    facts.has('node.status_unknown') ||
    facts.has('nodes.workers_cut_off') ||
    any(/NotReady|not ready|未就绪/i);
  if (!notReady || !any(SECURITY_PRODUCT) || !any(POLICY_APPLIED) || facts.hasAny(BINARY_ANSWERED)) return [];
  return [
    {
      what: "the runtime's restarts around the policy's application, the low-level runtime binary's modification time and owning package, and the security agent's log",
      why: "a security product's policy was applied before the nodes turned NotReady: products that enforce on process execution replace or wrap the low-level runtime's binary (runc) or restart the runtime to load their hook, and the node is NotReady until the runtime and the kubelet are back; a binary not owned by its package, or changed at the policy's time, and the runtime's restarts then, say whether the product's agent did it",
      how: "journalctl -u containerd -u docker -u crio -u kubelet --since -1d --no-pager | grep -Ei 'starting|started|stopping|stopped|terminated|exited|runc|fork/exec' | tail -n 60; stat $(command -v runc) $(command -v containerd-shim-runc-v2) 2>/dev/null; rpm -qf $(command -v runc) 2>/dev/null || dpkg -S $(command -v runc); rpm -V runc 2>/dev/null || dpkg --verify runc containerd.io 2>/dev/null; kubectl -n NAMESPACE logs DAEMONSET_POD_OF_THE_AGENT --since=24h | tail -n 100",
    },
  ];
}

/** `any`: whether any of the bundle's texts holds a pattern (diagnose.ts makes it once for every ask). */
export function outageAsks(any: (pattern: RegExp) => boolean, facts: FactSet): Missing[] {
  return [...guestHungAsks(any, facts), ...workersLostAsks(facts), ...securityPolicyAsks(any, facts)];
}
