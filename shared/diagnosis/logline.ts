import { type Component, componentFromContent, componentOfTag, isRelayedOutput } from './components.ts';

/**
 * How the line's component was known: a syslog/journald identifier (`dockerd[1203]:`) or the file the line came
 * from (`named`), or guessed from what the message talks about (`content`), or not at all.
 */
export type Attribution = 'named' | 'content' | 'none';

export interface LogLine {
  component: Component;
  attribution: Attribution;
  /** The host column of a journald/syslog prefix: the machine that wrote the line. */
  host?: string;
  /** The message without journald/klog/dmesg prefixes. */
  message: string;
  /**
   * Nothing marks the line as a program's: no journal or dmesg prefix, no klog header or logrus fields, and no
   * source naming its program. Such lines are people's words (or a program's, pasted bare), where descriptions
   * are read.
   */
  prose: boolean;
}

// journalctl's `short` family (systemd src/shared/logs-show.c): a timestamp, the host, `identifier[pid]: `.
//   short               `Nov 02 13:41:43 app04 kubelet[8411]: ...` (short-precise adds `.123456`)
//   short-iso           `2021-03-27T05:33:45+0000 host tag[pid]: ...` (short-iso-precise adds `.123456`)
//   short-full          `Tue 2021-03-27 05:33:45 UTC host tag[pid]: ...`
// Hosts may be followed by two spaces when the identifier is padded.
const JOURNALD =
  /^(?:[A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2}(?:\.\d+)?|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?|[A-Z][a-z]{2} \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? [\w+-]+) +(\S+) +([^\s[\]:]+)(?:\[\d+\])?: ?(.*)$/;
// short-monotonic `[ 1234.567890] host tag[pid]: ...` and short-unix `1700000000.123456 host tag[pid]: ...`:
// the identifier must carry a pid (or be the kernel), so that dmesg's `[ 5.1] usb 1-1: ...` stays dmesg.
const JOURNALD_NUMERIC = /^(?:\[\s*\d+\.\d+\]|\d{9,}\.\d+) +(\S+) +([^\s[\]:]+\[\d+\]|kernel): ?(.*)$/;
// klog: `E1102 13:41:43.111882    8411 generic.go:205] msg`
const KLOG = /^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+ +\d+ [^\s\]]+\] ?(.*)$/;
// logrus (dockerd, containerd) without a journal prefix: `time="…" level=error msg="…"`.
const LOGRUS = /^time="[^"]*" level=\w+ /;
// A row of a table a program printed (kubectl, ps, systemctl list-units): columns aligned by runs of spaces.
const COLUMNS = /\S *(?:\t| {3,})[ \t]*\S.*\S *(?:\t| {3,})[ \t]*\S/;
// dmesg: `[12345.678901] msg`, `dmesg -T`: `[Mon Nov 23 03:07:58 2026] msg`, `--time-format iso`:
// `2026-11-23T03:07:58,123456+00:00 msg` (a comma before the fraction, unlike journald).
const DMESG =
  /^(?:\[\s*\d+\.\d+\]|\[[A-Z][a-z]{2} [A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2} \d{4}\]|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2},\d+[+-]\d{2}:\d{2}) ?(.*)$/;

/**
 * Reads one raw line: strips the journald/dmesg/klog prefix and works out which component wrote it. `origin` is
 * the component the surrounding source implies (`logs.kubelet` is the kubelet); a journald identifier overrides
 * it, and text of unknown origin is attributed by its content.
 */
export function parseLogLine(raw: string, origin: Component): LogLine {
  let component = origin;
  let attribution: Attribution = origin === 'unknown' ? 'none' : 'named';
  let host: string | undefined;
  let message = raw.trim();
  const journald = JOURNALD.exec(message) ?? JOURNALD_NUMERIC.exec(message);
  if (journald) {
    host = journald[1];
    component = componentOfTag((journald[2] ?? '').replace(/\[\d+\]$/, ''));
    attribution = 'named';
    message = journald[3] ?? '';
  } else {
    const dmesg = DMESG.exec(message);
    if (dmesg) {
      component = 'kernel';
      attribution = 'named';
      message = dmesg[1] ?? '';
    }
  }
  const klog = KLOG.exec(message);
  if (klog) message = klog[1] ?? '';
  const prose = attribution !== 'named' && !klog && !LOGRUS.test(message) && !COLUMNS.test(message);
  if (component === 'unknown') {
    component = componentFromContent(message);
    attribution = component === 'unknown' ? 'none' : 'content';
  }
  if (component === 'kubelet' && isRelayedOutput(message)) component = 'app';
  return { component, attribution, ...(host === undefined ? {} : { host }), message, prose };
}
