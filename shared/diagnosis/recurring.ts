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
];

/** The question a recurring hour raises, when a text of the bundle names one. */
export function recurringProbes(bundle: EvidenceBundle): Missing[] {
  const texts = bundleTexts(bundle).map((t) => t.text);
  if (!texts.some((t) => SAME_HOUR.some((p) => p.test(t)))) return [];
  return [
    {
      what: "what runs on the node at that hour: its systemd timers and cron jobs, above all an unattended OS upgrade's, and their logs",
      why: "NotReady recurring at the same hour on several days is a scheduled job's signature (an unattended upgrade restarting the runtime or the network, a backup saturating the disk, log rotation); the timer that fires then names which",
      how: 'systemctl list-timers --all --no-pager; cat /etc/crontab; ls /etc/cron.d /etc/cron.daily; journalctl -u apt-daily-upgrade -u unattended-upgrades -u dnf-automatic --since -7d --no-pager | tail -n 50',
    },
  ];
}
