import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { type Run, runAndLogTexts } from './run.ts';

/**
 * A node's clock behind, read from the time tools' status output (round 23). A backward step of minutes is what the
 * kubelet's lease and heartbeat timing cannot bear (facts.ts 'clock.set_back'): the tools show it as the system time
 * trailing the reference it was set from.
 *
 * - systemd's `timedatectl status` (src/timedate/timedatectl.c print_status_info): "Local time", "Universal time",
 *   "RTC time" (the hardware clock, in UTC unless "RTC in local TZ: yes"), and "System clock synchronized: no" (v239
 *   and later; "NTP synchronized: no" with "NTP enabled:" before). With time sync off the kernel no longer writes the
 *   system time to the RTC (its 11-minute mode runs only while synchronised), so the RTC keeps the time the clock had:
 *   a system time minutes behind it is a clock moved back since. RTC drift is seconds a day, far below the bar.
 * - chrony's `chronyc tracking` (client.c process_cmd_tracking, "System time     : %.9O of NTP time", the 'O'
 *   format printing "N seconds slow" for a clock behind): chronyd slews such an offset at 0.05% or so at most
 *   (maxslewrate), so minutes slow last days.
 */

/** The bar: three Lease durations (40 s each) and above node-monitor-grace-period (40 s, 50 s from 1.32). */
const BEHIND_SECONDS = 120;

const STAMP = '(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})';
const UNIVERSAL = new RegExp(`^[\\s*]*Universal time:\\s*(?:\\w{3}\\s+)?${STAMP}`, 'm');
const LOCAL = new RegExp(`^[\\s*]*Local time:\\s*(?:\\w{3}\\s+)?${STAMP}`, 'm');
const RTC = new RegExp(`^[\\s*]*RTC time:\\s*(?:\\w{3}\\s+)?${STAMP}`, 'm');
const RTC_LOCAL = /^[\s*]*RTC in local TZ:\s*yes/im;
const UNSYNCED = /^[\s*]*(?:System clock synchronized|NTP synchronized):\s*no\b/im;
const CHRONY_SLOW = /^[\s*]*System time\s*:\s*(\d+(?:\.\d+)?) seconds slow of NTP time/m;

function seconds(m: RegExpExecArray | null): number | undefined {
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) / 1000;
}

function lineOf(text: string, re: RegExp): string {
  return (
    re
      .exec(text)?.[0]
      .replace(/[*\s]+/g, ' ')
      .trim() ?? ''
  );
}

/** timedatectl's status: the system time trailing the hardware clock by minutes, with time sync off. */
function timedatectl(text: string, source: string, facts: FactSet): void {
  if (!UNSYNCED.test(text)) return;
  const rtc = seconds(RTC.exec(text));
  const local = RTC_LOCAL.test(text);
  const system = seconds((local ? LOCAL : UNIVERSAL).exec(text));
  if (rtc === undefined || system === undefined) return;
  const behind = rtc - system;
  if (behind < BEHIND_SECONDS) return;
  facts.add({
    id: 'clock.set_back',
    source,
    text: [lineOf(text, local ? LOCAL : UNIVERSAL), lineOf(text, RTC), lineOf(text, UNSYNCED)].join('; '),
    value: behind,
  });
}

/** chronyc tracking: the system time minutes slow of NTP time. */
function chronyTracking(text: string, source: string, facts: FactSet): void {
  const m = CHRONY_SLOW.exec(text);
  if (!m || Number(m[1]) < BEHIND_SECONDS) return;
  facts.add({ id: 'clock.set_back', source, text: m[0].trim(), value: Number(m[1]) });
}

export function clockStatusFacts(runs: readonly Run[], bundle: EvidenceBundle, facts: FactSet): void {
  for (const { text, source } of runAndLogTexts(runs, bundle)) {
    if (text.includes('RTC time')) timedatectl(text, source, facts);
    if (text.includes('of NTP time')) chronyTracking(text, source, facts);
  }
}
