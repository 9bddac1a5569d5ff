import { type Component, componentOfTag } from '../components.ts';
import type { LogLine } from '../logline.ts';
import type { PasteFormat } from './evidence.ts';

/** A JSON log record turned into the line the signatures read, with the program that wrote it. */
export interface JsonLogLine {
  format: Extract<PasteFormat, 'journal-json' | 'klog-json' | 'logrus-json'>;
  component: Component;
  text: string;
  /** journald's _HOSTNAME: the machine that wrote the record. */
  host?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** journald stores a message that is not valid UTF-8 as an array of bytes. */
function journalMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= 0 && b < 256)) {
    return new TextDecoder().decode(Uint8Array.from(value as number[]));
  }
  return undefined;
}

/**
 * `journalctl -o json`: MESSAGE is the line; SYSLOG_IDENTIFIER (else the unit, else the kernel transport) says
 * which program wrote it.
 */
function journalLine(record: Record<string, unknown>): JsonLogLine | undefined {
  const message = journalMessage(record.MESSAGE);
  if (message === undefined) return undefined;
  const identifier = typeof record.SYSLOG_IDENTIFIER === 'string' ? record.SYSLOG_IDENTIFIER : undefined;
  const unit = typeof record._SYSTEMD_UNIT === 'string' ? record._SYSTEMD_UNIT.replace(/\.service$/, '') : '';
  const component: Component =
    record._TRANSPORT === 'kernel'
      ? 'kernel'
      : identifier
        ? componentOfTag(identifier)
        : unit
          ? componentOfTag(unit)
          : 'unknown';
  const host = typeof record._HOSTNAME === 'string' ? record._HOSTNAME : undefined;
  return { format: 'journal-json', component, text: message, ...(host === undefined ? {} : { host }) };
}

/** `key="value"` the way klog and logrus print their key/value pairs. */
function pairs(record: Record<string, unknown>, skip: ReadonlySet<string>): string {
  return Object.entries(record)
    .filter(([k]) => !skip.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v ?? null)}`)
    .join(' ');
}

const KLOG_SKIP = new Set(['ts', 'caller', 'msg', 'v']);
/** klog callers of the kubelet's own packages (`pleg/generic.go:205`, `kuberuntime/kuberuntime_manager.go`). */
const KUBELET_CALLER =
  /^(?:kubelet|pleg|kuberuntime|cm|eviction|prober|status|nodestatus|images|stats|volumemanager|pod_workers|remote)\b|kubelet/;

/**
 * klog's JSON format (`--logging-format=json`): `{"ts":…,"caller":"pleg/generic.go:205","msg":"…","v":0}` plus
 * the call's key/value pairs (`err` on errors). Rendered as klog's text form prints the same call.
 */
function klogLine(record: Record<string, unknown>): JsonLogLine | undefined {
  if (typeof record.msg !== 'string' || typeof record.ts !== 'number') return undefined;
  const caller = typeof record.caller === 'string' ? record.caller : '';
  const rest = pairs(record, KLOG_SKIP);
  return {
    format: 'klog-json',
    component: KUBELET_CALLER.test(caller) ? 'kubelet' : 'unknown',
    text: `${JSON.stringify(record.msg)}${rest ? ` ${rest}` : ''}`,
  };
}

const LOGRUS_SKIP = new Set(['time', 'level', 'msg']);

/** logrus's JSONFormatter (dockerd, containerd): `{"level":"error","msg":"…","time":"…",…}`, rendered as its text form. */
function logrusLine(record: Record<string, unknown>): JsonLogLine | undefined {
  if (typeof record.msg !== 'string' || typeof record.level !== 'string') return undefined;
  const rest = pairs(record, LOGRUS_SKIP);
  return {
    format: 'logrus-json',
    component: 'unknown',
    text: `level=${record.level} msg=${JSON.stringify(record.msg)}${rest ? ` ${rest}` : ''}`,
  };
}

/** One line holding one JSON log record, or undefined when the line is not one. */
export function readJsonLogLine(line: string): JsonLogLine | undefined {
  const text = line.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return undefined;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(record)) return undefined;
  if ('MESSAGE' in record) return journalLine(record);
  return klogLine(record) ?? logrusLine(record);
}

/** A record as the log line it stands for: a journal record's identifier names its program as a prefix would. */
export function recordLine(record: JsonLogLine): LogLine {
  return {
    component: record.component,
    attribution: record.component === 'unknown' ? 'none' : 'named',
    ...(record.host === undefined ? {} : { host: record.host }),
    message: record.text,
    prose: false,
  };
}
