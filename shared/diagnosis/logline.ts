import {
  type Component,
  componentFromContent,
  componentOfKlogFile,
  componentOfTag,
  isRelayedOutput,
} from './components.ts';
import { HEADER, klogFile } from './log-headers.ts';

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

/** Writers that never print klog's header: under their identifier such a line is another program's. */
const KLOG_NEVER: readonly Component[] = ['dockerd', 'containerd', 'crio'];

// A row of a table a program printed (kubectl, ps, systemctl list-units): columns aligned by runs of spaces.
const COLUMNS = /\S *(?:\t| {3,})[ \t]*\S.*\S *(?:\t| {3,})[ \t]*\S/;

/**
 * Whose a klog line is: the file klog names outranks the journal identifier and the source (the kubelet logged
 * through `docker run`, `docker[1234]: E0412 … kubelet_node_status.go:540] …`, rkt or a wrapper is still the
 * kubelet). The runtimes log through logrus, never klog: a klog line under their identifier (`docker[PID]:` of a
 * `docker run` unit) is a Kubernetes binary they run, whose message says which. An application's identifier
 * (flanneld, rkt) stays the application's: many of them log through klog themselves.
 */
function klogWriter(
  message: string,
  component: Component,
  attribution: Attribution,
): { component: Component; attribution: Attribution } {
  const byFile = componentOfKlogFile(klogFile(message));
  if (byFile) return { component: byFile, attribution: 'named' };
  if (KLOG_NEVER.includes(component)) return { component: 'unknown', attribution: 'none' };
  return { component, attribution };
}

/**
 * Reads one raw line: strips the journald/dmesg/klog prefix (the header table's patterns, log-headers.ts) and
 * works out which component wrote it. `origin` is the component the surrounding source implies (`logs.kubelet` is
 * the kubelet); a journald identifier overrides it, and text of unknown origin is attributed by its content.
 */
export function parseLogLine(raw: string, origin: Component): LogLine {
  let component = origin;
  let attribution: Attribution = origin === 'unknown' ? 'none' : 'named';
  let host: string | undefined;
  let message = raw.trim();
  const journald = HEADER.identifier.exec(message) ?? HEADER['identifier-with-pid'].exec(message);
  if (journald) {
    host = journald[1];
    component = componentOfTag((journald[2] ?? '').replace(/\[\d+\]$/, ''));
    attribution = 'named';
    message = journald[3] ?? '';
  } else {
    const dmesg = HEADER.message.exec(message);
    if (dmesg) {
      component = 'kernel';
      attribution = 'named';
      message = dmesg[1] ?? '';
    }
  }
  const klog = HEADER.klog.exec(message);
  if (klog) {
    ({ component, attribution } = klogWriter(message, component, attribution));
    message = klog[1] ?? '';
  }
  const prose = attribution !== 'named' && !klog && !HEADER.logrus.test(message) && !COLUMNS.test(message);
  if (component === 'unknown') {
    component = componentFromContent(message);
    attribution = component === 'unknown' ? 'none' : 'content';
  }
  if (component === 'kubelet' && isRelayedOutput(message)) component = 'app';
  return { component, attribution, ...(host === undefined ? {} : { host }), message, prose };
}
