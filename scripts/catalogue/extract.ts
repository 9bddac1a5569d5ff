import type { LEVELS, Syntax } from '../../shared/diagnosis/catalogue.ts';
import { argumentsOf, closing, type Lang, opening, type Token, tokenize } from './tokens.ts';

export type Level = (typeof LEVELS)[number];

/** One message as one source file writes it: the catalogue merges these across files and releases. */
export interface Found {
  format: string;
  syntax: Syntax;
  keys?: string[];
  level: Level;
  call: string;
  function: string;
  detail?: string;
}

/** Levels below what the catalogue keeps: debug and trace (and klog -v 4 and above). */
type AnyLevel = Level | 'debug';

// --- Go -----------------------------------------------------------------------------------------------------

/** Log methods by name, on any logger (klog, logrus, log.G(ctx), logr, cri-o's log package). */
const GO_LOG_METHODS: Record<string, AnyLevel> = {
  Debug: 'debug',
  Debugf: 'debug',
  Debugln: 'debug',
  Trace: 'debug',
  Tracef: 'debug',
  Info: 'info',
  Infof: 'info',
  Infoln: 'info',
  InfoS: 'info',
  InfoDepth: 'info',
  Print: 'info',
  Printf: 'info',
  Println: 'info',
  Warn: 'warning',
  Warnf: 'warning',
  Warnln: 'warning',
  Warning: 'warning',
  Warningf: 'warning',
  Warningln: 'warning',
  Error: 'error',
  Errorf: 'error',
  Errorln: 'error',
  ErrorS: 'error',
  ErrorDepth: 'error',
  Fatal: 'fatal',
  Fatalf: 'fatal',
  Fatalln: 'fatal',
  Panic: 'fatal',
  Panicf: 'fatal',
  Exit: 'fatal',
  Exitf: 'fatal',
};

/** Packages whose Errorf/New/Wrap build an error value rather than log. */
const GO_ERROR_PACKAGES = new Set(['fmt', 'errors', 'pkgerrors', 'goerrors', 'status', 'grpc', 'errdefs']);

/** Error constructors: the index of the format argument, and whether the wrapped error follows as ": %v". */
const GO_ERROR_CALLS: Record<string, { at: number; wraps: boolean }> = {
  Errorf: { at: 0, wraps: false },
  New: { at: 0, wraps: false },
  Wrap: { at: 1, wraps: true },
  Wrapf: { at: 1, wraps: true },
  WithMessage: { at: 1, wraps: true },
  WithMessagef: { at: 1, wraps: true },
  Newf: { at: 1, wraps: false },
};

/**
 * Loggers whose Info/Error take a message and key/value pairs: klog's InfoS/ErrorS anywhere, and logr loggers
 * (`logger`, `klog.FromContext(ctx)`) in programs that log through klog, where the name alone does not tell
 * them from logrus.
 */
function isStructured(method: string, chain: string, logr: boolean): boolean {
  if (method === 'InfoS' || method === 'ErrorS') return true;
  return (
    logr && (method === 'Info' || method === 'Error') && /logger|Logger|FromContext|Background/.test(chain)
  );
}

/**
 * How a constant is looked up: a bare name among the file's own constants, a qualified one
 * (`events.ContainerGCFailed`) as `.Name` among the exported constants of every mined file of the program.
 */
function constKey(arg: readonly Token[], i: number): string {
  const name = arg[i]?.text ?? '';
  return arg[i - 1]?.text === '.' ? `.${name}` : name;
}

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

/** Where an operand that is no literal ends: at the next `+` (Go) or string literal (C) of its own level. */
function operandEnd(arg: readonly Token[], from: number, lang: Lang): number {
  let depth = 0;
  for (let j = from; j < arg.length; j++) {
    const u = arg[j] as Token;
    if (OPENERS.has(u.text)) depth++;
    else if (CLOSERS.has(u.text)) depth--;
    if (depth === 0 && (u.kind === 'string' || (lang === 'go' && u.text === '+'))) return j;
  }
  return arg.length;
}

/**
 * What the token at `i` adds to the string: a literal's or constant's text (`literal`), a C format macro's
 * conversion (PRIu64), nothing (Go's `+`, a qualifier's dot, the kernel's KERN_* level), or undefined for an
 * operand that is no literal.
 */
function pieceAt(
  arg: readonly Token[],
  i: number,
  consts: ReadonlyMap<string, string>,
  lang: Lang,
): { text: string; literal: boolean } | undefined {
  const t = arg[i] as Token;
  if (t.kind === 'string') return { text: t.value ?? '', literal: true };
  if (t.kind === 'ident' && arg[i + 1]?.text !== '(' && consts.has(constKey(arg, i)))
    return { text: consts.get(constKey(arg, i)) ?? '', literal: true };
  // PRIuSIZE is Open vSwitch's size_t conversion (include/openvswitch/compiler.h).
  if (t.kind === 'ident' && lang === 'c' && /^PRI[diouxX](?:8|16|32|64|MAX|PTR|SIZE)$/.test(t.text))
    return { text: 'llu', literal: false };
  const silent =
    (lang === 'c' && t.kind === 'ident' && /^KERN_[A-Z]+$/.test(t.text)) ||
    (lang === 'go' && t.text === '+') ||
    (lang === 'go' && t.text === '.' && arg[i + 1]?.kind === 'ident');
  return silent ? { text: '', literal: false } : undefined;
}

/** The string an argument spells: literals joined by `+` (or adjacent in C), other operands as a %v hole. */
function spell(arg: readonly Token[], consts: ReadonlyMap<string, string>, lang: Lang): string | undefined {
  let text = '';
  let literal = false;
  for (let i = 0; i < arg.length; i++) {
    const piece = pieceAt(arg, i, consts, lang);
    if (piece) {
      text += piece.text;
      literal ||= piece.literal;
    } else {
      text += '%v';
      i = operandEnd(arg, i, lang) - 1;
    }
  }
  return literal ? text : undefined;
}

/** The qualifier chain before a call's name (`log.G().WithError()` for `log.G(ctx).WithError(err).Errorf`). */
function chainBefore(tokens: readonly Token[], name: number): { chain: string; vLevel?: number } {
  const parts: string[] = [];
  let vLevel: number | undefined;
  let i = name - 1;
  while (tokens[i]?.text === '.') {
    let j = i - 1;
    let call = '';
    if (tokens[j]?.text === ')') {
      const open = opening(tokens, j);
      const arg = tokens[open + 1];
      j = open - 1;
      call = '()';
      if (tokens[j]?.text === 'V' && arg?.kind === 'number') vLevel = Number.parseInt(arg.text, 10);
    }
    const t = tokens[j];
    if (t?.kind !== 'ident') break;
    parts.unshift(t.text + call);
    i = j - 1;
  }
  return { chain: parts.join('.'), ...(vLevel === undefined ? {} : { vLevel }) };
}

/** String constants a Go file declares (`name = "..."`), so `errors.New(errMsg)` can be read. */
function goConsts(tokens: readonly Token[]): Map<string, string> {
  const consts = new Map<string, string>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [a, b, c] = [tokens[i], tokens[i + 1], tokens[i + 2]];
    if (a?.kind !== 'ident' || c?.kind !== 'string') continue;
    if (b?.text === '=' && tokens[i - 1]?.text !== '.') consts.set(a.text, c.value ?? '');
    else if (b?.text === 'string' && tokens[i + 2]?.text === '=' && tokens[i + 3]?.kind === 'string')
      consts.set(a.text, tokens[i + 3]?.value ?? '');
  }
  return consts;
}

export function goDeclaredConsts(src: string): Map<string, string> {
  return goConsts(tokenize(src, 'go'));
}

/** The enclosing function's name at each `func` of the top level: `(*Recv).Name` or `Name`. */
function goFunctionName(tokens: readonly Token[], at: number): string {
  let i = at + 1;
  let recv = '';
  if (tokens[i]?.text === '(') {
    const end = closing(tokens, i);
    const inner = tokens.slice(i + 1, end);
    const star = inner.some((t) => t.text === '*');
    const type = inner.filter((t) => t.kind === 'ident').at(-1)?.text ?? '';
    recv = star ? `(*${type}).` : `${type}.`;
    i = end + 1;
  }
  return recv + (tokens[i]?.kind === 'ident' ? tokens[i]?.text : 'func');
}

function eventCall(args: Token[][], consts: ReadonlyMap<string, string>, chain: string, method: string) {
  // recorder.Eventf(object, eventtype, reason, messageFmt, args...) and Event(object, eventtype, reason, message).
  const reasonArg = args[2] ?? [];
  const reason = spell(reasonArg, consts, 'go') ?? reasonArg.filter((t) => t.kind === 'ident').at(-1)?.text;
  const message = spell(args[3] ?? [], consts, 'go') ?? '%v';
  if (!reason) return undefined;
  const format = `${reason} ${method === 'Event' ? message.replace(/%/g, '%%') : message}`;
  return { format, syntax: 'go' as const, level: 'event' as const, call: `${chain}.${method}` };
}

export interface GoOptions {
  /**
   * Exported string constants declared anywhere in the program's mined files, keyed `.Name` (event reasons live
   * in their own package).
   */
  consts: ReadonlyMap<string, string>;
  /** The program logs through klog, so `logger.Info/Error` are logr's structured calls. */
  logr: boolean;
  /** fmt.Sprintf builds messages (a status's Error()). */
  sprintf: boolean;
}

/** An error constructor's message: errors.New/Wrap(f), fmt.Errorf, status.Errorf/New/Error. */
function errorCall(
  args: Token[][],
  consts: ReadonlyMap<string, string>,
  chain: string,
  method: string,
): Omit<Found, 'function'> | undefined {
  const qualifier = chain.split('.').at(-1) ?? '';
  const spec = GO_ERROR_CALLS[method] ?? { at: 1, wraps: false };
  // status.Errorf(codes.X, format, ...) and status.New/Error(codes.X, msg) carry the code first.
  const at = qualifier === 'status' || qualifier === 'grpc' ? 1 : spec.at;
  const format = spell(args[at] ?? [], consts, 'go');
  if (format === undefined || format === '') return undefined;
  // New, Error, Wrap and WithMessage take text, not a format: a % in it is a percent sign.
  const literal = method === 'New' || method === 'Error' || method === 'WithMessage' || method === 'Wrap';
  const text = literal && !format.includes('%v') ? format.replace(/%/g, '%%') : format;
  return {
    format: spec.wraps ? `${text}: %v` : text,
    syntax: 'go',
    level: 'error-value',
    call: `${chain}.${method}`,
  };
}

/**
 * grpc-go's connectionErrorf(temp bool, e error, format string, a ...any), and fmt.Sprintf where the program
 * builds its errors' text with it.
 */
function formatterCall(
  args: Token[][],
  consts: ReadonlyMap<string, string>,
  chain: string,
  method: string,
): Omit<Found, 'function'> | undefined {
  const format = spell(args[method === 'Sprintf' ? 0 : 2] ?? [], consts, 'go');
  if (!format) return undefined;
  return { format, syntax: 'go', level: 'error-value', call: chain ? `${chain}.${method}` : method };
}

/** The message a Go call at `i` writes, if it is one of the calls the catalogue reads. */
function goMessage(
  tokens: readonly Token[],
  i: number,
  consts: ReadonlyMap<string, string>,
  options: GoOptions,
): Omit<Found, 'function'> | undefined {
  const method = tokens[i]?.text ?? '';
  const { chain, vLevel } = chainBefore(tokens, i);
  const args = argumentsOf(tokens, i + 1);
  const qualifier = chain.split('.').at(-1) ?? '';
  if (method === 'Eventf' || method === 'Event' || method === 'AnnotatedEventf')
    // AnnotatedEventf(object, annotations, eventtype, reason, messageFmt, args...) has one argument more.
    return eventCall(
      method === 'AnnotatedEventf' ? [args[0] ?? [], ...args.slice(2)] : args,
      consts,
      chain,
      method,
    );
  if (method === 'connectionErrorf' || (options.sprintf && chain === 'fmt' && method === 'Sprintf'))
    return formatterCall(args, consts, chain, method);
  if (GO_ERROR_PACKAGES.has(qualifier) && (GO_ERROR_CALLS[method] || method === 'Error'))
    return errorCall(args, consts, chain, method);
  if (GO_LOG_METHODS[method] && chain !== '' && !GO_ERROR_PACKAGES.has(qualifier))
    return logCall(args, consts, { chain, method, vLevel, logr: options.logr });
  return undefined;
}

export function extractGo(src: string, options: GoOptions): Found[] {
  const tokens = tokenize(src, 'go');
  const consts = new Map([...options.consts, ...goConsts(tokens)]);
  const found: Found[] = [];
  let fn = '';
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.text === '{' || t.text === '}') depth += t.text === '{' ? 1 : -1;
    else if (t.kind === 'ident' && t.text === 'func' && depth === 0) fn = goFunctionName(tokens, i);
    if (t.kind !== 'ident' || tokens[i + 1]?.text !== '(') continue;
    const item = goMessage(tokens, i, consts, options);
    if (item) found.push({ ...item, function: fn });
  }
  return found;
}

interface LogCall {
  chain: string;
  method: string;
  vLevel: number | undefined;
  logr: boolean;
}

function logCall(
  args: Token[][],
  consts: ReadonlyMap<string, string>,
  { chain, method, vLevel, logr }: LogCall,
): Omit<Found, 'function'> | undefined {
  let level = GO_LOG_METHODS[method] as AnyLevel;
  if (vLevel !== undefined && vLevel >= 4) level = 'debug';
  if (level === 'debug') return undefined;
  // The message is the first string among the first two arguments: logr's and klog's Error/ErrorS take the
  // error first, cri-o's log.Infof takes a context first.
  const at = [0, 1].find((k) => spell(args[k] ?? [], consts, 'go') !== undefined);
  if (at === undefined) return undefined;
  const message = spell(args[at] ?? [], consts, 'go') ?? '';
  const call = `${chain}.${method}`;
  if (isStructured(method, chain, logr)) {
    const keys = args
      .slice(at + 1)
      .filter((_, k) => k % 2 === 0)
      .map((a) => (a.length === 1 && a[0]?.kind === 'string' ? (a[0].value ?? '') : ''))
      .filter((k) => /^[A-Za-z][\w.-]*$/.test(k));
    return { format: message, syntax: 'structured', ...(keys.length ? { keys } : {}), level, call };
  }
  // Sprint-style calls (no f) print their further operands after the message.
  const printf = method.endsWith('f');
  const rest = args.length > at + 1 && !printf ? '%v' : '';
  const format = printf ? message : message.replace(/%/g, '%%') + rest;
  return { format, syntax: 'go', level, call };
}

// --- C ------------------------------------------------------------------------------------------------------

interface CCall {
  /** The format argument's index. */
  at: number;
  level: AnyLevel | 'from-args';
  /** systemd prefixes a unit's messages with the unit name and ": ". */
  unit?: boolean;
  /** Text the call writes before the format (Open vSwitch's ovs_error/ovs_fatal: the program name and ": "). */
  prefix?: string;
}

const C_LEVEL_WORDS: Record<string, AnyLevel> = {
  emerg: 'fatal',
  emer: 'fatal',
  fatal: 'fatal',
  abort: 'fatal',
  alert: 'fatal',
  crit: 'fatal',
  err: 'error',
  error: 'error',
  warn: 'warning',
  warning: 'warning',
  notice: 'notice',
  info: 'info',
  debug: 'debug',
  dbg: 'debug',
};

const word = (w: string | undefined): AnyLevel => C_LEVEL_WORDS[w ?? ''] ?? 'info';

/**
 * The C calls that write a message, by name pattern: the kernel's printk family, systemd's log.h and sd-bus,
 * dbus-daemon's and libdbus's. The level comes from the name or, for `from-args`, from a LOG_ or KERN_ argument.
 */
const C_CALLS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => CCall]> = [
  [
    /^pr_(emerg|alert|crit|err|warn|warning|notice|info|debug)(?:_ratelimited|_once|_deferred)?$/,
    (m) => ({ at: 0, level: word(m[1]) }),
  ],
  [/^printk(?:_deferred)?(?:_ratelimited|_once)?$/, () => ({ at: 0, level: 'from-args' })],
  // include/linux/net.h: net_warn_ratelimited(fmt, ...) and its siblings are pr_* under net_ratelimit(), so the
  // file's pr_fmt applies (nf_conntrack's "table full", neighbour's "neighbor table overflow", TCP's tcp_mem).
  [/^net_(emerg|alert|crit|err|warn|notice|info)_ratelimited$/, (m) => ({ at: 0, level: word(m[1]) })],
  // The kernel's subsystem wrappers of printk, each with the prefix its printing function writes:
  // fs/ext4/ext4.h ext4_error*/ext4_warning*/ext4_msg (fs/ext4/super.c __ext4_error, __ext4_warning, __ext4_msg),
  // fs/xfs/xfs_message.h xfs_<level>(mp, fmt) (xfs_message.c __xfs_printk: "XFS (%s): "), include/linux/
  // device-mapper.h DMERR/DMWARN/DMINFO/DMCRIT (DM_FMT: "device-mapper: " DM_MSG_PREFIX ": "), and the SCSI
  // midlayer's sdev_printk/scmd_printk/sd_printk/shost_printk(KERN_<level>, object, fmt).
  [
    /^ext4_error(?:_err)?$/,
    (m) => ({ at: m[0].endsWith('_err') ? 2 : 1, level: 'error', prefix: 'EXT4-fs error (device %s): ' }),
  ],
  [/^EXT4_ERROR_INODE$/, () => ({ at: 1, level: 'error', prefix: 'EXT4-fs error (device %s): ' })],
  [
    /^EXT4_ERROR_INODE_ERR$|^EXT4_ERROR_FILE$/,
    () => ({ at: 2, level: 'error', prefix: 'EXT4-fs error (device %s): ' }),
  ],
  [/^ext4_error_inode_block$/, () => ({ at: 3, level: 'error', prefix: 'EXT4-fs error (device %s): ' })],
  [/^ext4_error_(?:inode|file)$/, () => ({ at: 4, level: 'error', prefix: 'EXT4-fs error (device %s): ' })],
  [/^ext4_error_inode_err$/, () => ({ at: 5, level: 'error', prefix: 'EXT4-fs error (device %s): ' })],
  [/^ext4_abort$/, () => ({ at: 2, level: 'fatal', prefix: 'EXT4-fs error (device %s): ' })],
  [/^ext4_warning(?:_inode)?$/, () => ({ at: 1, level: 'warning', prefix: 'EXT4-fs warning (device %s): ' })],
  [/^ext4_msg$/, () => ({ at: 2, level: 'from-args', prefix: 'EXT4-fs (%s): ' })],
  [
    /^xfs_(emerg|alert|crit|err|warn|notice|info)(?:_ratelimited|_once)?$/,
    (m) => ({ at: 1, level: word(m[1]), prefix: 'XFS (%s): ' }),
  ],
  [/^xfs_alert_tag$/, () => ({ at: 2, level: 'fatal', prefix: 'XFS (%s): ' })],
  [
    /^DM(ERR|WARN|INFO|CRIT)(?:_LIMIT)?$/,
    (m) => ({ at: 0, level: word(m[1]?.toLowerCase()), prefix: 'device-mapper: %s: ' }),
  ],
  [/^(?:sdev|scmd|sd|shost|starget)_printk$/, () => ({ at: 2, level: 'from-args' })],
  [
    /^(?:dev|netdev)_(emerg|alert|crit|err|warn|notice|info|dbg)(?:_ratelimited|_once)?$/,
    (m) => ({ at: 1, level: word(m[1]) }),
  ],
  [/^WARN(?:_ONCE|_RATELIMIT)?$/, () => ({ at: 1, level: 'warning' })],
  [
    /^log_(unit_)?(emerg|alert|crit|error|warning|notice|info|debug)(_errno)?$/,
    (m) => ({ at: (m[1] ? 1 : 0) + (m[3] ? 1 : 0), level: word(m[2]), unit: !!m[1] }),
  ],
  [
    /^log_(unit_)?full(_errno)?$/,
    (m) => ({ at: (m[1] ? 2 : 1) + (m[2] ? 1 : 0), level: 'from-args', unit: !!m[1] }),
  ],
  [/^LOG_UNIT_MESSAGE$/, () => ({ at: 1, level: 'from-args', unit: true })],
  [/^LOG_MESSAGE$/, () => ({ at: 0, level: 'from-args' })],
  [/^sd_bus_error_set(?:f|_errnof)?$/, () => ({ at: 2, level: 'error-value' })],
  [/^bus_context_log(?:_literal)?$/, () => ({ at: 2, level: 'from-args' })],
  [/^bus_context_log_and_set_error$/, () => ({ at: 4, level: 'from-args' })],
  [/^dbus_set_error(?:_const)?$/, () => ({ at: 2, level: 'error-value' })],
  [/^_dbus_warn$/, () => ({ at: 0, level: 'warning' })],
  [/^_dbus_log$/, () => ({ at: 1, level: 'from-args' })],
  // Open vSwitch (include/openvswitch/vlog.h): VLOG_FATAL/ABORT/EMER/ERR/WARN/INFO/DBG(fmt, ...) and their
  // _ONCE forms take the format first; the rate-limited VLOG_*_RL(&rl, fmt, ...) and VLOG_*_BUF(errp, fmt, ...)
  // second; VLOG(VLL_ERR, fmt, ...) names its level by a VLL_ token. VLOG_FATAL logs at EMER and exits.
  [
    /^VLOG_(FATAL|ABORT|EMER|ERR|WARN|INFO|DBG)(?:_ONCE)?$/,
    (m) => ({ at: 0, level: word(m[1]?.toLowerCase()) }),
  ],
  [/^VLOG_(ERR|WARN|INFO|DBG)_(?:RL|BUF)$/, (m) => ({ at: 1, level: word(m[1]?.toLowerCase()) })],
  [/^VLOG$/, () => ({ at: 1, level: 'from-args' })],
  // lib/util.c: ovs_fatal/ovs_abort/ovs_error(err_no, fmt, ...) print "<program>: <message>" on stderr (and
  // " (<strerror>)" when err_no is set): what ovs-vsctl and the daemons print before they exit.
  [/^ovs_(fatal|abort|error)$/, (m) => ({ at: 1, level: word(m[1]), prefix: '%s: ' })],
  // lib/db-ctl-base.c: ovs-vsctl's ctl_fatal(fmt, ...) logs the message and prints it through ovs_error(0, ...)
  // before it exits; ctl_error(ctx, fmt, ...) keeps it as the command's error, printed the same way.
  [/^ctl_fatal$/, () => ({ at: 0, level: 'fatal', prefix: '%s: ' })],
  [/^ctl_error$/, () => ({ at: 1, level: 'error-value' })],
  // ovsdb/ovsdb-error.c: ovsdb_error(tag, fmt, ...) and ovsdb_io_error(errno, fmt, ...) build an error that
  // ovsdb-server logs or returns to its client (the transaction's "details").
  [/^ovsdb_(?:io_)?error$/, () => ({ at: 1, level: 'error-value' })],
  [/^ovsdb_syntax_error$/, () => ({ at: 2, level: 'error-value' })],
];

function cCall(name: string): CCall | undefined {
  for (const [pattern, make] of C_CALLS) {
    const m = pattern.exec(name);
    if (m) return make(m);
  }
  return undefined;
}

const SEVERITY: readonly AnyLevel[] = ['fatal', 'error', 'warning', 'notice', 'info', 'debug'];

/**
 * The level named by the LOG_*, KERN_* or DBUS_SYSTEM_LOG_* tokens of a call's arguments; the most severe when
 * there are several (`f == SERVICE_SUCCESS ? LOG_DEBUG : LOG_NOTICE` writes at notice when it matters).
 */
function levelFromTokens(tokens: readonly Token[], from: number, to: number): AnyLevel {
  let level: AnyLevel | undefined;
  for (let i = Math.max(0, from); i < Math.min(tokens.length, to); i++) {
    const m = /^(?:LOG|KERN|DBUS_SYSTEM_LOG|VLL)_([A-Z]+)$/.exec(tokens[i]?.text ?? '');
    if (!m) continue;
    const word = (m[1] ?? '').toLowerCase();
    const found =
      word === 'security' ? 'warning' : word === 'fatal' ? 'fatal' : (C_LEVEL_WORDS[word] ?? 'info');
    if (level === undefined || SEVERITY.indexOf(found) < SEVERITY.indexOf(level)) level = found;
  }
  return level ?? 'info';
}

/** The `(` of the call whose arguments hold the token at `at` (log_struct's for a LOG_UNIT_MESSAGE). */
function enclosingCall(tokens: readonly Token[], at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const t = tokens[i]?.text;
    if (t === ')') depth++;
    else if (t === '(' && depth-- === 0) return i;
  }
  return at;
}

/** A C file's pr_fmt() prefix (`#define pr_fmt(fmt) "cgroup: " fmt`), with KBUILD_MODNAME as a hole. */
function prFmtPrefix(src: string): string {
  const m = /#define\s+pr_fmt\(fmt\)\s+(.*)/.exec(src);
  if (!m) return '';
  return (m[1] ?? '')
    .replace(/\bfmt\b.*$/, '')
    .replace(/KBUILD_MODNAME/g, '"%s"')
    .replace(/^\s+/, '')
    .replace(/"((?:[^"\\]|\\.)*)"\s*/g, '$1');
}

/** The C function a `{` at the top level opens: the name before the parameter list it follows. */
function cFunctionName(tokens: readonly Token[], brace: number): string | undefined {
  let i = brace - 1;
  // Skip attribute macros after the parameter list (`_pure_`, `_noreturn_`...).
  while (tokens[i]?.kind === 'ident' && i > brace - 4) i--;
  if (tokens[i]?.text !== ')') return undefined;
  let open = opening(tokens, i);
  // A thread-safety annotation with arguments after the parameter list (Open vSwitch's
  // `OVS_REQUIRES(mutex)`, `OVS_EXCLUDED(...)`) is no function name: the name is before the list before it.
  while (/^OVS_[A-Z_]+$/.test(tokens[open - 1]?.text ?? '') && tokens[open - 2]?.text === ')')
    open = opening(tokens, open - 2);
  const name = tokens[open - 1];
  return name?.kind === 'ident' ? name.text : undefined;
}

/** The message a C call at `i` writes, if it is one of the calls the catalogue reads (debug left out). */
function cMessage(tokens: readonly Token[], i: number, prefix: string): Omit<Found, 'function'> | undefined {
  const name = tokens[i]?.text ?? '';
  const spec = cCall(name);
  if (!spec) return undefined;
  let level = spec.level;
  if (level === 'from-args')
    // A LOG_UNIT_MESSAGE/LOG_MESSAGE inside log_struct(): the level is the enclosing call's argument.
    level = name.startsWith('LOG_')
      ? levelFromTokens(tokens, enclosingCall(tokens, i), i)
      : levelFromTokens(tokens, i, closing(tokens, i + 1));
  if (level === 'debug') return undefined;
  const format = spell(argumentsOf(tokens, i + 1)[spec.at] ?? [], new Map(), 'c');
  if (!format) return undefined;
  const kernel = name.startsWith('pr_') || name.startsWith('printk') || /^net_\w+_ratelimited$/.test(name);
  return {
    format: (kernel ? prefix : '') + (spec.unit ? '%s: ' : '') + (spec.prefix ?? '') + format,
    syntax: 'c',
    level,
    call: name,
  };
}

export function extractC(src: string): Found[] {
  const tokens = tokenize(src, 'c');
  const prefix = prFmtPrefix(src);
  const found: Found[] = [];
  let fn = '';
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.text === '{' && depth === 0) fn = cFunctionName(tokens, i) ?? fn;
    if (t.text === '{' || t.text === '}') depth += t.text === '{' ? 1 : -1;
    if (t.kind !== 'ident' || tokens[i + 1]?.text !== '(') continue;
    const item = cMessage(tokens, i, prefix);
    if (item) found.push({ ...item, function: fn });
  }
  return found;
}
