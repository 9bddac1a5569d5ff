import type { EvidenceBundle } from '../schemas/bundle.ts';
import type { Missing } from '../schemas/diagnosis.ts';
import { bundleTexts } from './extract/versions.ts';

/**
 * A node said to go NotReady at the same hour day after day: a scheduled job's signature, not a mechanism. What
 * runs at that hour is set by the node's timers and cron tables (systemd.timer(5) OnCalendar=, crontab(5)): an
 * unattended OS upgrade (apt-daily-upgrade.timer, dnf-automatic.timer) that restarts the runtime or the network, a
 * backup or a scan that saturates the disk, log rotation. The hour alone names none of them, so it is a question
 * to ask, never a cause: the list of missing evidence leads with it, and no fact is recorded.
 */
const SAME_HOUR: readonly RegExp[] = [
  // English: "every day at 3am", "daily around 02:00", "at the same hour every night", "same time each day".
  /\b(?:[Ee]very|[Ee]ach) (?:day|night|morning|evening)(?: at| around| about| near)? (?:\d{1,2}(?::\d{2})? ?(?:am|pm|AM|PM|a\.m\.|p\.m\.)?|midnight|noon)\b/,
  /\b[Dd]aily (?:at|around|about) \d{1,2}(?::\d{2})?/,
  /\b(?:[Aa]t |[Ii]n )?(?:the same|[Tt]he same|about the same|roughly the same|around the same) (?:time|hour)(?: of day)? (?:every|each|on (?:several|consecutive|multiple)) (?:day|night|morning)s?\b/,
  /\b(?:several|many|multiple|three|four|five) (?:days|nights) (?:in a row|running)(?: at| in)? (?:the same|about the same|around the same) (?:time|hour)\b/,
  // Chinese: 每天凌晨 3 点, 每天同一时间, 每晚十点, 连续几天同一时间.
  /每天(?:凌晨|早上|上午|中午|下午|晚上|夜里|夜裡)? ?[0-9一二两三四五六七八九十]+ ?[点點时時:：]/,
  /每(?:天|晚|日)(?:都在|都是)?(?:同一|相同的?|固定的?)(?:个)?(?:时间|時間|时段|時段|时刻|時刻|钟点)/,
  /每晚 ?[0-9一二两三四五六七八九十]+ ?[点點]/,
  /连续(?:几|好几|[0-9一二三四五六七八九十]+)天(?:都在|都是)?(?:同一|相同的?)(?:时间|時間|时段|时刻)/,
  // Japanese: 毎日同じ時間, 毎朝 3 時, 毎晩同じ時刻.
  /毎(?:日|朝|晩|夜)(?:同じ(?:時間|時刻|時間帯)|決まった(?:時間|時刻)| ?[0-9０-９]+ ?時)/,
  // Round 18: the hour said again on later days ("again around 06:00 UTC on October 9th"), or NotReady every hour
  // (an hourly timer or cron.hourly).
  /\bagain (?:at|around|about|near) (?:\d{1,2}:\d{2}|\d{1,2} ?(?:am|pm|AM|PM))/,
  /(?:[Ee]very|[Ee]ach) hour\b[^\n]{0,80}(?:NotReady|[Nn]ot ?[Rr]eady)|(?:NotReady|[Nn]ot ?[Rr]eady)[^\n]{0,80}(?:every|each) hour\b/,
  /每(?:个)?小时[^\n。]{0,20}NotReady|NotReady[^\n。]{0,20}每(?:个)?小时/,
];

/**
 * Round 18: a node NotReady after someone rebooted, upgraded, updated or reinstalled it. The change is when it
 * began, not what broke: the kubelet or the runtime not started at boot (a unit not enabled, a dependency that
 * failed), a configuration the new version refuses (the cgroup driver, the CRI version, a removed flag), the
 * network plugin not back. It is a question to ask, never a cause's fact: what the units did since that boot.
 */
const AFTER_CHANGE: readonly RegExp[] = [
  /(?:[Aa]fter|[Oo]nce|[Ff]ollowing|[Ss]ince|[Ww]hen|[Ii]f) (?:I |we |they |you )?(?:a |the |an |[a-z]+ )?(?:(?:node|machine|VM|host|instance|server|worker|minion)s? )?(?:reboot(?:ed|ing|s)?|restart(?:ed|ing|s)?|upgrad(?:e|ed|es|ing)|updat(?:e|ed|es|ing)|reinstall(?:ed|ing|s)?|re-install(?:ed|ing)?)\b(?:[^\n.;]|\.(?! )){0,160}(?:NotReady|[Nn]ot ?[Rr]eady|never (?:became|becomes|become|came|comes|come) (?:back )?(?:up|[Rr]eady))/,
  // Back up after one: "once the machine was up again, kubectl reported it NotReady".
  /(?:[Oo]nce|[Aa]fter|[Ww]hen) (?:the |it |my |our )?(?:(?:node|machine|VM|host|instance|server|worker|minion)s? )?(?:was|were|came|is|comes) (?:back )?up(?: again)?\b(?:[^\n.;]|\.(?! )){0,120}(?:NotReady|[Nn]ot ?[Rr]eady)/,
  /(?:NotReady|[Nn]ot ?[Rr]eady)[^\n.;]{0,80}\b(?:after|following|since) (?:a |the |an |its |their )?(?:(?:node|machine|VM|host|instance|server|worker|minion)s? )?(?:reboot|restart|upgrade|update|reinstall)/,
  /(?:重启|重啟|升级|升級|更新|重装|重裝|重新安装)(?:了)?(?:节点|節點|机器|機器|系统|系統)?(?:之后|之後|以后|以後|后|後|完)[^\n。]{0,60}(?:NotReady|notready|not ?ready|无法 ?ready|无法就绪|一直.{0,6}(?:ready|Ready|就绪))/,
  /(?:再起動|アップグレード|更新|再インストール)(?:した)?(?:後|あと|したら)[^\n。]{0,60}(?:NotReady|Not ?Ready)/,
];

/**
 * Round 17: a cloud instance said retired, stopped or rebooted by its provider on a schedule (EC2 scheduled events
 * "instance-retirement", "system-reboot", "instance-stop"; Azure Scheduled Events "Redeploy"/"Reboot"/"Freeze"; GCE
 * host maintenance). The event names no mechanism on the node, so it is a question: the provider's events and the
 * volume's IOPS allowance (a throttled disk also looks like a node that restarts and stalls).
 */
const PROVIDER_EVENT: readonly RegExp[] = [
  /(?:[Ss]cheduled (?:maintenance|event|retirement|reboot)s?|instance[- ]retirement|system[- ]reboot event|[Ss]cheduled [Ee]vents|host maintenance event|maintenance event)/,
  /(?:retired|stopped|rebooted|migrated) (?:by|from) (?:AWS|Amazon|EC2|Azure|GCP|Google|the (?:cloud )?provider)/,
  /(?:计划内?维护|计划(?:事件|重启)|实例(?:退役|计划停止)|宿主机维护|系统事件)/,
  /(?:メンテナンスイベント|スケジュールされた(?:イベント|メンテナンス)|計画メンテナンス|インスタンスのリタイア)/,
];
/** Kubelets said restarting in a loop beside kernels said to panic: the node rebooting, for a reason to ask. */
const RESTART_LOOP: readonly RegExp[] = [
  /(?:[Kk]ubelets?[^\n.;]{0,60}(?:restart(?:s|ed|ing)? in a loop|keeps? restarting|kept restarting|restart loop|crash[- ]?loop(?:s|ed|ing)?|restarting every))/,
  /(?:kubelet[^\n。；]{0,20}(?:反复重启|不断重启|循环重启|一直重启))/,
  /(?:kubelet[^\n。]{0,20}(?:再起動を繰り返|再起動ループ))/,
];
const PANIC: readonly RegExp[] = [
  /(?:[Kk]ernel panic|kernel (?:panicked|panics)|内核崩溃|内核 panic|カーネルパニック)/,
];

/** A panic denied just before it is said ("no kernel panic", "without a kernel panic", "没有内核 panic"). */
const PANIC_DENIED =
  /(?:\b(?:[Nn]o|[Nn]ot an?|[Nn]ever an?|[Nn]ever|[Ww]ithout an?|[Ww]ithout|[Nn]or an?|[Nn]or)|没有|沒有|并无|無|无)\s*$/;

/** Whether a text says a kernel panicked, not that none did. */
function saysPanic(text: string): boolean {
  return PANIC.some((p) =>
    [...text.matchAll(new RegExp(p.source, 'g'))].some(
      (m) => !PANIC_DENIED.test(text.slice(Math.max(0, m.index - 16), m.index)),
    ),
  );
}

/**
 * The text that says kubelets restart in a loop, when another (or the same) says the kernel panics: the host going
 * down and the kubelet starting again with it at each boot. undefined when either is missing. `texts` are the
 * bundle's (bundleTexts), read once by the caller.
 */
export function panicRestartLoop(
  texts: readonly { source: string; text: string }[],
): { source: string; text: string } | undefined {
  if (!texts.some((t) => saysPanic(t.text))) return undefined;
  for (const t of texts) {
    const m = RESTART_LOOP.map((p) => p.exec(t.text)).find((x) => x !== null);
    if (m) return { source: t.source, text: m[0] };
  }
  return undefined;
}

/**
 * Round 18: nodes lost across regions, clouds or clusters at once. Nothing on one node's path is shared by nodes in
 * different regions and providers except what they run: the same image's packages, updated by the same automatic
 * job. One such update restarts the network daemon: systemd-networkd, restarted by the systemd package's upgrade,
 * removes the routing policy rules it did not configure (systemd.networkd.conf(5) ManageForeignRoutingPolicyRules=,
 * default yes since v249; ManageForeignRoutes= for routes), and with them the rules a network plugin installed (the
 * pod network's and the node's own egress). The words name no mechanism, so it is a question: `ip rule` and the
 * routes against the plugin's, the upgrade history, the network daemon's restarts.
 */
const WIDE_OUTAGE: readonly RegExp[] = [
  // Something lost, then where: "lost most of our compute across multiple regions", "an outage spanning clouds".
  /\b(?:lost|loss|outage|down|NotReady|unreachable|unavailable|failed|failing)\b[^\n.;]{0,80}\b(?:across|spanning) (?:all |many |multiple |several |every |different |\d+ )?(?:of (?:our|the) )?(?:regions|clouds|cloud providers)\b/,
  // Where, then at once: "nodes in several clouds at once", "across regions simultaneously".
  /\b(?:multiple|several|many|all|different|\d+) (?:regions|clouds|cloud providers)\b[^\n.;]{0,40}\b(?:at once|simultaneously|at the same time)\b/,
  /(?:多个|所有|全部|跨)(?:区域|地域|云厂商|云平台|可用区|机房)[^\n。]{0,30}(?:同时|一起|全部|大面积)/,
  /(?:複数|すべての|全)(?:リージョン|クラウド)[^\n。]{0,30}(?:同時|一斉)/,
];

/**
 * Round 22: nodes said terminated and replaced (rotated, recycled) by their group while pods stay Terminating or
 * ContainerCreating. A group replaces an instance its health check fails (an EC2 Auto Scaling group's EC2 or ELB
 * check, a machine controller's health check), and a node whose kubelet and runtime are starved by its pods fails
 * it; pods stuck in transition are the runtime's and the kubelet's calls not finishing. The words name no
 * mechanism, so it is a question: the nodes' memory and CPU against the pods' requests and limits, what is reserved
 * for the kubelet and the system daemons, and why the group replaced the nodes.
 */
const NODES_REPLACED: readonly RegExp[] = [
  /\b(?:node|instance|machine|VM|master|minion|worker)s?\b[^\n.;]{0,60}\b(?:terminated and replaced|replaced|rotated|recycled|re-?created)\b/i,
  /\b(?:replac|rotat|recycl)(?:e|es|ed|ing) (?:the |our |a |some |several )?(?:node|instance|machine|VM|master|minion|worker)s?\b/i,
  /(?:节点|節點|机器|實例|实例)[^\n。]{0,20}(?:被)?(?:替换|替換|重建|轮换)/,
];
const PODS_STUCK: readonly RegExp[] = [
  /\b(?:stuck|stay(?:s|ed)?|remain(?:s|ed)?|locked|hang(?:s|ing)?|hung)\b[^\n;]{0,60}`?(?:Terminating|ContainerCreating)\b/,
  /`?\b(?:Terminating|ContainerCreating)\b`?[^\n.;]{0,40}\b(?:stuck|forever|for hours|never (?:ends?|finish(?:es)?))\b/,
  /(?:Terminating|ContainerCreating)[^\n。]{0,10}(?:卡住|一直|无法)|(?:卡在|一直(?:处于)?) ?(?:Terminating|ContainerCreating)/,
];

/**
 * Round 22: a watchdog or node health monitor said to reboot nodes (in a loop, on a count of log lines). What it
 * counts decides whether it is right: a check that counts lines a program writes several times for one event
 * reboots healthy nodes, and the reboots are the outage; none of the causes is proved by the reboots. It is a
 * question: the monitor's check, its thresholds and its log, and whether the nodes stay healthy with it stopped.
 */
const WATCHDOG_REBOOTS: readonly RegExp[] = [
  /\b(?:monitor|watchdog|health[-_ ]?check(?:er)?|health[-_]monitor)\b[^\n.;]{0,80}\breboot(?:s|ed|ing)?\b/,
  /\breboot(?:s|ed|ing)?\b[^\n.;]{0,60}\bby (?:the |a |our )?[\w-]*(?:monitor|watchdog|health[-_ ]?check)/,
  /(?:监控|看门狗|健康检查)[^\n。]{0,30}(?:重启|重啟)(?:节点|節點|机器|主机)/,
];

/** The questions a bundle's words raise, when a text names a recurring hour, a provider's event or a panic loop. */
export function recurringProbes(bundle: EvidenceBundle): Missing[] {
  const sourced = bundleTexts(bundle);
  const texts = sourced.map((t) => t.text);
  const any = (ps: readonly RegExp[]) => texts.some((t) => ps.some((p) => p.test(t)));
  const out: Missing[] = [];
  if (any(PROVIDER_EVENT) || panicRestartLoop(sourced) !== undefined) {
    out.push({
      what: "the cloud provider's events for the instance (scheduled retirement, reboot, stop, host maintenance) and its volume's IOPS and throughput allowance with the throttling metrics",
      why: "an instance retired or rebooted by its provider, or kubelets restarting with kernels panicking, says the node went away or rebooted, not why: the provider's event log names a retirement or host fault, and a volume held at its IOPS limit stalls the node the same way; neither proves the kubelet down",
      how: 'aws ec2 describe-instance-status --include-all-instances --instance-ids ID (Events); CloudWatch VolumeThrottledOps / BurstBalance / VolumeQueueLength; Azure: curl -H Metadata:true http://169.254.169.254/metadata/scheduledevents?api-version=2020-07-01; journalctl -k -b -1 | tail -n 80',
    });
  }
  if (any(AFTER_CHANGE))
    out.push({
      what: "what the kubelet's and the runtime's units did since the reboot, upgrade or reinstall: whether they are enabled, started, and what they logged first",
      why: "a node NotReady after a reboot, an upgrade or a reinstall says when it began, not why: a unit not enabled or failed at boot, a configuration the new version refuses (the cgroup driver, the CRI version, a removed flag), or the network plugin not back each leave it NotReady, and the units' first lines since that boot tell which",
      how: 'systemctl is-enabled kubelet containerd docker crio; systemctl status kubelet containerd docker crio --no-pager; journalctl -b -u kubelet -u containerd -u docker -u crio --no-pager | head -n 80; kubectl describe node NODE | grep -A8 Conditions',
    });
  if (any(WIDE_OUTAGE))
    out.push({
      what: "the nodes' policy-routing rules and routes against the network plugin's, the automatic upgrade history, and the network daemon's restarts",
      why: "nodes lost in several regions or clouds at once share no network path, only their image and its automatic updates: an update that restarts systemd-networkd removes routing policy rules it did not make (ManageForeignRoutingPolicyRules=yes, systemd.networkd.conf(5)), the network plugin's among them, and cuts the nodes off; a kubelet down says nothing of why",
      how: "ip rule show; ip route show table all | head -n 50; grep -h ' upgrade ' /var/log/dpkg.log | tail -n 30; cat /var/log/unattended-upgrades/unattended-upgrades.log | tail -n 40; journalctl -u systemd-networkd --since -2d --no-pager | grep -iE 'start|stop' | tail -n 20",
    });
  if (any(NODES_REPLACED) && any(PODS_STUCK))
    out.push({
      what: "the nodes' memory and CPU against the pods' requests and limits, what the kubelet reserves for itself and the system daemons, and why the group replaced the nodes",
      why: "nodes terminated and replaced with pods stuck terminating or creating say the nodes' daemons stopped finishing their work, not why: pods without requests and limits on nodes with nothing reserved (kubeReserved, systemReserved, evictionHard) starve the kubelet and the runtime until the group's health check replaces the node",
      how: "kubectl describe nodes | grep -A12 'Allocated resources'; kubectl top nodes; kubectl get pods -A -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,QOS:.status.qosClass | grep -c BestEffort; kubectl get --raw /api/v1/nodes/NODE/proxy/configz | grep -oE '\"(kubeReserved|systemReserved|evictionHard)\":\\{[^}]*\\}'; aws autoscaling describe-scaling-activities --max-items 20",
    });
  if (any(WATCHDOG_REBOOTS))
    out.push({
      what: "the watchdog's or health monitor's check (what it counts, over what window, at what threshold), its log of the reboots it ordered, and whether the nodes stay healthy with it stopped",
      why: 'a monitor that reboots nodes is the outage when its check is wrong (a line a program writes several times for one event counted as several failures): the reboots prove no cause on the node, and the kubelet restarting with each boot is their effect',
      how: "systemctl cat MONITOR.service; journalctl -u MONITOR --since -1d --no-pager | tail -n 50; journalctl --list-boots | tail -n 10; journalctl --since '15 min ago' | grep -c 'PLEG is not healthy'",
    });
  if (!any(SAME_HOUR)) return out;
  return [
    ...out,
    {
      what: "what runs on the node at that hour: its systemd timers and cron jobs, above all an unattended OS upgrade's, and their logs",
      why: "NotReady recurring at the same hour on several days is a scheduled job's signature (an unattended upgrade restarting the runtime or the network, a backup saturating the disk, log rotation); the timer that fires then names which",
      how: 'systemctl list-timers --all --no-pager; cat /etc/crontab; ls /etc/cron.d /etc/cron.daily; journalctl -u apt-daily-upgrade -u unattended-upgrades -u dnf-automatic --since -7d --no-pager | tail -n 50',
    },
  ];
}
