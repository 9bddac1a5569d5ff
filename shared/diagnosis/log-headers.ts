/**
 * The headers in front of node log lines, one row a format: what it is called where it comes from, its pattern,
 * and what it tells about the line. Every reader of log lines builds what it needs from this table:
 *
 * - `parseLogLine` (logline.ts) strips the header and names the line's writer: HEADER below;
 * - `splitEscapedNewlines` (paste/escaped.ts) splits text with escaped newlines where pieces start like a header:
 *   HEADER_LEADS;
 * - pasted tables and command outputs end at a journal line (paste/process-table.ts, shell-session.ts):
 *   JOURNAL_LINE;
 * - the paste reader passes lines that start like a header straight to the scanner (paste/reader.ts):
 *   logLineStart;
 * - two lines are one process's when their headers give the same PID (extract/derived.ts): writerPid.
 *
 * test/diagnosis/log-headers.test.ts runs every row's examples through each of them. JSON records (journalctl -o
 * json, klog's and logrus's JSON) are objects, not headers: paste/json-lines.ts reads their fields.
 */

/** What a header tells about its line. */
export type HeaderYield =
  /** The machine that wrote the line (the journal's hostname column). */
  | 'host'
  /** The program that wrote it, by name: a syslog identifier (`kubelet[8411]:`, `kernel:`). */
  | 'identifier'
  /** The program is the kernel: the header is the kernel ring buffer's. */
  | 'kernel'
  /** The writer's process id. */
  | 'pid'
  /**
   * The source file that logged the line (klog's `file.go:line]`): a kubelet or node-controller file names its
   * writer whatever identifier carries the line (components.ts componentOfKlogFile).
   */
  | 'file'
  /** Where the message starts: the header is stripped before signatures read the line. */
  | 'message'
  /** The line is a program's, not people's words: signatures written for descriptions do not read it. */
  | 'program';

/** What follows a header's timestamp, by kind: each kind's pattern is written once, in AFTER_STAMP. */
export type HeaderRest = 'identifier' | 'identifier-with-pid' | 'message' | 'klog' | 'logrus';

export interface HeaderExample {
  line: string;
  host?: string;
  identifier?: string;
  pid?: string;
  /** The line without its header(s), as signatures read it. */
  message: string;
}

export interface LogHeader {
  name: string;
  /** Where the format is defined, or the program whose output shows it. */
  source: string;
  /** The timestamp (or other fixed start) the header begins with: a regular expression's source, no groups. */
  stamp: string;
  /** What follows the stamp; a row without it is known by its start only (nothing in it is read). */
  rest?: HeaderRest;
  /**
   * The first characters by which a line (or a piece of one, cut anywhere after them) is known to start with this
   * header. A row without one starts as another row does (short-monotonic as dmesg) or is not known by its start
   * yet (short-full, short-unix: the test lists which readers know which rows).
   */
  lead?: string;
  yields: readonly HeaderYield[];
  /** Lines in the format as their programs print them; the test reads each through every reader. */
  examples: readonly HeaderExample[];
}

/**
 * The hostname column, when there is one: `journalctl --no-hostname` (systemd logs-show.c, OUTPUT_NO_HOSTNAME) and
 * some syslog templates leave it out, so the identifier follows the stamp. A hostname holds no colon, which keeps an
 * identifier (`containerd[1022]:`) from being taken for one.
 */
const HOST = String.raw`(?:([^\s:]+) +)?`;

/**
 * What follows each kind of stamp, with the groups a reader takes: host, identifier (with its `[pid]`) and
 * message for a journal line, the message for the others. A journal line in numeric form (monotonic, unix) must
 * name a pid or the kernel, so that dmesg's `[ 5.1] usb 1-1: …` stays the kernel's.
 */
const AFTER_STAMP: Readonly<Record<HeaderRest, string>> = {
  identifier: String.raw` +${HOST}([^\s[\]:]+)(?:\[\d+\])?: ?(.*)$`,
  'identifier-with-pid': String.raw` +${HOST}([^\s[\]:]+\[\d+\]|kernel): ?(.*)$`,
  message: ' ?(.*)$',
  klog: String.raw` +\d+ [^\s\]]+\] ?(.*)$`,
  logrus: String.raw` level=\w+ `,
};

const MONTH_DAY_TIME = String.raw`[A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2}`;
const ISO_DATE_TIME = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}`;
const KLOG_STAMP = String.raw`[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+`;
const KLOG_PID_MESSAGE =
  'E1102 13:41:43.111882    8411 kubelet.go:2368] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m46s ago; threshold is 3m0s"';
const PLEG_MESSAGE =
  '"Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m46s ago; threshold is 3m0s"';
const EMFILE_MESSAGE =
  'http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s';
const HUNG_TASK_MESSAGE = 'INFO: task dockerd:1203 blocked for more than 120 seconds.';
const CONTAINERD_FATAL =
  'time="2026-11-02T13:41:43.118201Z" level=fatal msg="Failed to run CRI service" error="failed to recover state: failed to reserve sandbox name"';

export const LOG_HEADERS: readonly LogHeader[] = [
  {
    name: 'journal short, short-precise',
    source:
      'journalctl -o short / short-precise (systemd src/shared/logs-show.c, output_short); the BSD syslog header ' +
      '(RFC 3164 §4.1.2: TIMESTAMP HOSTNAME TAG[pid]:) as rsyslog and syslog-ng write /var/log/messages and ' +
      '/var/log/syslog. The hostname may be followed by two spaces when the identifier is padded, and is absent ' +
      'with journalctl --no-hostname.',
    stamp: String.raw`${MONTH_DAY_TIME}(?:\.\d+)?`,
    rest: 'identifier',
    lead: MONTH_DAY_TIME,
    yields: ['host', 'identifier', 'pid', 'message', 'program'],
    examples: [
      {
        line: `Nov 02 13:41:43 app04 kubelet[8411]: ${KLOG_PID_MESSAGE}`,
        host: 'app04',
        identifier: 'kubelet',
        pid: '8411',
        message: PLEG_MESSAGE,
      },
      {
        line: `Nov  2 03:04:05.118201 worker-7 dockerd[1203]: ${EMFILE_MESSAGE}`,
        host: 'worker-7',
        identifier: 'dockerd',
        pid: '1203',
        message: EMFILE_MESSAGE,
      },
      {
        line: `Nov 02 13:41:43 app04 kernel: ${HUNG_TASK_MESSAGE}`,
        host: 'app04',
        identifier: 'kernel',
        message: HUNG_TASK_MESSAGE,
      },
      {
        line: `Nov 02 13:41:43 containerd[1022]: ${CONTAINERD_FATAL}`,
        identifier: 'containerd',
        pid: '1022',
        message: CONTAINERD_FATAL,
      },
    ],
  },
  {
    name: 'journal short-iso, short-iso-precise',
    source:
      'journalctl -o short-iso / short-iso-precise (systemd logs-show.c; the offset is +0000 before systemd 249, ' +
      "+00:00 since); rsyslog's RSYSLOG_FileFormat (RFC 3339 timestamps) has the same shape",
    stamp: String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?`,
    rest: 'identifier',
    lead: ISO_DATE_TIME,
    yields: ['host', 'identifier', 'pid', 'message', 'program'],
    examples: [
      {
        line: `2023-11-02T13:41:43+0000 ip-10-0-1-23 dockerd[1203]: ${EMFILE_MESSAGE}`,
        host: 'ip-10-0-1-23',
        identifier: 'dockerd',
        pid: '1203',
        message: EMFILE_MESSAGE,
      },
      {
        line: `2023-11-02T13:41:43.271003+00:00 ip-10-0-1-23 kubelet[8411]: ${KLOG_PID_MESSAGE}`,
        host: 'ip-10-0-1-23',
        identifier: 'kubelet',
        pid: '8411',
        message: PLEG_MESSAGE,
      },
    ],
  },
  {
    name: 'journal short-full',
    source:
      'journalctl -o short-full (systemd logs-show.c: the weekday, date, time and zone as timedatectl prints them)',
    stamp: String.raw`[A-Z][a-z]{2} \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? [\w+-]+`,
    rest: 'identifier',
    yields: ['host', 'identifier', 'pid', 'message', 'program'],
    examples: [
      {
        line: `Mon 2026-11-23 03:07:58 UTC worker-7 kubelet[1893]: ${KLOG_PID_MESSAGE}`,
        host: 'worker-7',
        identifier: 'kubelet',
        pid: '1893',
        message: PLEG_MESSAGE,
      },
    ],
  },
  {
    name: 'journal short-monotonic',
    source: "journalctl -o short-monotonic (systemd logs-show.c): seconds since boot, in dmesg's brackets",
    stamp: String.raw`\[\s*\d+\.\d+\]`,
    rest: 'identifier-with-pid',
    yields: ['host', 'identifier', 'pid', 'message', 'program'],
    examples: [
      {
        line: `[ 1834512.118201] worker-7 dockerd[900]: ${EMFILE_MESSAGE}`,
        host: 'worker-7',
        identifier: 'dockerd',
        pid: '900',
        message: EMFILE_MESSAGE,
      },
      {
        line: `[ 1834512.118201] worker-7 kernel: ${HUNG_TASK_MESSAGE}`,
        host: 'worker-7',
        identifier: 'kernel',
        message: HUNG_TASK_MESSAGE,
      },
    ],
  },
  {
    name: 'journal short-unix',
    source: 'journalctl -o short-unix (systemd logs-show.c): seconds since the epoch',
    stamp: String.raw`\d{9,}\.\d+`,
    rest: 'identifier-with-pid',
    yields: ['host', 'identifier', 'pid', 'message', 'program'],
    examples: [
      {
        line: `1795403278.118201 worker-7 kubelet[1893]: ${KLOG_PID_MESSAGE}`,
        host: 'worker-7',
        identifier: 'kubelet',
        pid: '1893',
        message: PLEG_MESSAGE,
      },
    ],
  },
  {
    name: 'dmesg',
    source: "dmesg (util-linux), the kernel ring buffer's own form: seconds since boot",
    stamp: String.raw`\[\s*\d+\.\d+\]`,
    rest: 'message',
    lead: String.raw`\[\s*\d+\.\d+\]`,
    yields: ['kernel', 'message', 'program'],
    examples: [
      { line: `[1834512.118201] ${HUNG_TASK_MESSAGE}`, message: HUNG_TASK_MESSAGE },
      { line: `[    5.118201] ${HUNG_TASK_MESSAGE}`, message: HUNG_TASK_MESSAGE },
    ],
  },
  {
    name: 'dmesg -T',
    source: 'dmesg -T / --ctime (util-linux): the time as ctime(3) prints it',
    stamp: String.raw`\[[A-Z][a-z]{2} [A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2} \d{4}\]`,
    rest: 'message',
    lead: String.raw`\[[A-Z][a-z]{2} [A-Z][a-z]{2} `,
    yields: ['kernel', 'message', 'program'],
    examples: [{ line: `[Mon Nov 23 03:07:58 2026] ${HUNG_TASK_MESSAGE}`, message: HUNG_TASK_MESSAGE }],
  },
  {
    name: 'dmesg --time-format iso',
    source:
      'dmesg --time-format iso (util-linux): ISO 8601 with a comma before the fraction, unlike the journal',
    stamp: String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2},\d+[+-]\d{2}:\d{2}`,
    rest: 'message',
    lead: ISO_DATE_TIME,
    yields: ['kernel', 'message', 'program'],
    examples: [{ line: `2026-11-23T03:07:58,118201+00:00 ${HUNG_TASK_MESSAGE}`, message: HUNG_TASK_MESSAGE }],
  },
  {
    name: 'klog',
    source:
      "klog's header (k8s.io/klog/v2 klog.go, from glog: `Lmmdd hh:mm:ss.uuuuuu threadid file:line] msg`, the " +
      "level one of I W E F; the 'threadid' column is the process id): the kubelet's lines in kubelet.log and " +
      'after a journal header',
    stamp: KLOG_STAMP,
    rest: 'klog',
    lead: String.raw`[IWEF]\d{4} \d{2}:\d{2}:\d{2}`,
    yields: ['pid', 'file', 'message', 'program'],
    examples: [{ line: KLOG_PID_MESSAGE, pid: '8411', message: PLEG_MESSAGE }],
  },
  {
    name: 'logrus text',
    source:
      'logrus\'s TextFormatter without a terminal (sirupsen/logrus text_formatter.go: time="…" level=… msg="…" ' +
      'then the fields): dockerd, containerd and cri-o in their own log files and after a journal header. The ' +
      'message keeps its fields: signatures read msg="…" and err="…" alike',
    stamp: 'time="[^"]*"',
    rest: 'logrus',
    lead: 'time="',
    yields: ['program'],
    examples: [
      {
        line: 'time="2026-11-23T03:07:58.118201Z" level=error msg="failed to delete task" error="context deadline exceeded" id=3f1c2d9e8a7b',
        message:
          'time="2026-11-23T03:07:58.118201Z" level=error msg="failed to delete task" error="context deadline exceeded" id=3f1c2d9e8a7b',
      },
    ],
  },
  {
    name: 'date and time with a space',
    source:
      "ISO 8601 date and time with a space for the T (RFC 3339 §5.6 allows it): log viewers' exports and " +
      "programs' own logs (cloud-init, Python's logging). Known as a line's start only",
    stamp: String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:[.,]\d+)?`,
    lead: String.raw`\d{4}-\d{2}-\d{2} \d{2}:\d{2}`,
    yields: [],
    examples: [
      {
        line: "2026-11-23 03:07:58,118 - util.py[WARNING]: Failed to run command ['systemctl', 'restart', 'kubelet']",
        message:
          "2026-11-23 03:07:58,118 - util.py[WARNING]: Failed to run command ['systemctl', 'restart', 'kubelet']",
      },
    ],
  },
];

/** The anchored pattern of the rows with this rest: their stamps, in table order, then what follows them. */
function headerPattern(rest: HeaderRest): RegExp {
  const stamps = LOG_HEADERS.filter((h) => h.rest === rest).map((h) => h.stamp);
  const stamp = stamps.length === 1 ? stamps[0] : `(?:${stamps.join('|')})`;
  return new RegExp(`^${stamp}${AFTER_STAMP[rest]}`);
}

/** Each kind of header as one anchored pattern (the groups are AFTER_STAMP's). */
export const HEADER: Readonly<Record<HeaderRest, RegExp>> = {
  identifier: headerPattern('identifier'),
  'identifier-with-pid': headerPattern('identifier-with-pid'),
  message: headerPattern('message'),
  klog: headerPattern('klog'),
  logrus: headerPattern('logrus'),
};

function leads(rows: readonly LogHeader[]): string {
  return [...new Set(rows.flatMap((h) => (h.lead === undefined ? [] : [h.lead])))].join('|');
}

/** Every row's lead, as one alternation (unanchored, no groups). */
export const HEADER_LEADS = leads(LOG_HEADERS);

/** A journal line (the rows with an identifier that have a lead): where a pasted table or command output ends. */
export const JOURNAL_LINE = new RegExp(
  `^(?:${leads(LOG_HEADERS.filter((h) => h.rest?.startsWith('identifier')))})`,
);

const KLOG_FILE = new RegExp(`^${KLOG_STAMP} +\\d+ ([^\\s\\]:/]+)(?::\\d+)?\\]`);

/** The source file a klog header names (`E0412 10:00:00.123456 1234 kubelet_node_status.go:540] …` → the file). */
export function klogFile(message: string): string | undefined {
  return KLOG_FILE.exec(message)?.[1];
}

const IDENTIFIER_PID = /\[(\d+)\]: /;
const KLOG_PID = new RegExp(`${KLOG_STAMP} +(\\d+) `);

/** The writer's PID, from a journal identifier (`kubelet[8411]:`) or a klog header (`E1102 13:41:43.1 8411 f.go:1]`). */
export function writerPid(text: string): string | undefined {
  return IDENTIFIER_PID.exec(text)?.[1] ?? KLOG_PID.exec(text)?.[1];
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isLower = (c: number): boolean => c >= 97 && c <= 122;

/**
 * Does the line at `i` start like a header of the table: a timestamp (`2026-…`, `1795403278.…`, a dmesg number),
 * a klog header (`E1123 `), logrus's `time="`, or journalctl's `Nov 23 `/`Mon 2026-`? Checked on character codes:
 * the paste reader asks it of every line, and passes the lines it answers yes for straight to the scanner. Every
 * row's lines but dmesg -T's (`[Mon Nov 23 …]`), which the section openers see first.
 */
export function logLineStart(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (isDigit(c)) return true;
  // dmesg's `[ 1234.567890] `.
  if (c === 91 && (isDigit(text.charCodeAt(i + 1)) || text.charCodeAt(i + 1) === 32)) return true;
  // logrus without a journald prefix (containerd.log, dockerd.log): `time="…" level=…`.
  if (c === 116 && text.startsWith('time="', i)) return true;
  const c1 = text.charCodeAt(i + 1);
  if ((c === 73 || c === 87 || c === 69 || c === 70) && isDigit(c1) && isDigit(text.charCodeAt(i + 4)))
    return true;
  return (
    isUpper(c) &&
    isLower(c1) &&
    isLower(text.charCodeAt(i + 2)) &&
    text.charCodeAt(i + 3) === 32 &&
    (isDigit(text.charCodeAt(i + 4)) || text.charCodeAt(i + 4) === 32)
  );
}
