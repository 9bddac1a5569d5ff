import type { Component } from '../components.ts';
import type { FactId } from '../facts.ts';

/**
 * One detection rule: a message some program (kubelet, runtime, kernel, systemd) writes when a mechanism is at
 * work, or — marked `observation` — the way people describe what they saw. Rules are data: reviewable in one
 * place, generic in the scanner, and shared verbatim with ripgrep in the log-scan benchmark, so patterns use
 * the syntax both engines accept (no look-around, no back-references, case-sensitive).
 */
export interface Signature {
  fact: FactId;
  pattern: string;
  /**
   * Fixed strings, at least one of which occurs in every line the pattern matches: what the log scan's prefilter
   * looks for (a line holding none of any rule's literals is not tried against any pattern). They are compared
   * ignoring the case of ASCII letters (`PLEG is not healthy` stands for `pleg is not healthy` too), so a pattern's
   * `[Kk]ubelet` needs one literal, `kubelet`; write them as the message writes them. Each is distinctive: at least
   * 3 characters of which 2 are letters or digits (2 characters when it holds a CJK word), and not a word most
   * node log lines hold (test/diagnosis/literals.test.ts checks them against every rule's pattern and examples).
   */
  literals: readonly string[];
  /** Components whose lines count. Lines whose component is unknown count too, unless `strict`. */
  from?: readonly Component[];
  /** Require a line attributed to one of `from`; anything else is recorded as discounted. */
  strict?: boolean;
  /** Where a strict rule discounts a line, the fact recorded instead (e.g. an application's own EMFILE). */
  discountAs?: FactId;
  /** Lines that match this too are not this fact (a more specific rule owns them). */
  unless?: string;
  /**
   * For a description: what makes a sentence no observation (a hedge, a question, a supposition, an advice, a denial,
   * a repair), tested on the sentence that holds the match, not the whole line (a person's paragraph is often one line
   * of many statements, and a hedge qualifies its own sentence). `unless` stays the line's: a subject that is not the
   * node, or a more specific rule's words.
   */
  unlessSaid?: string;
  /** A person's description rather than a program's message. */
  observation?: boolean;
  /**
   * For a description: its asking is what was seen ("Is the kubelet not robust to docker not running?" is asked
   * because it was not). The sentence is read even as a question; its `unlessSaid` (hedges, suppositions) still holds,
   * and so do the other reasons a sentence is not affirmed (denied, said of another machine, long past).
   */
  asked?: boolean;
  /**
   * For a description: why its words name a mechanism outright and specifically (a limit reached, a kernel process
   * state, a count or a measurement over a threshold, a call that does not return), not a vague state of a thing
   * ("the node was slow", "docker had problems"). Such a description weighs more than another (rank.ts), still
   * never a confident answer alone.
   */
  specific?: string;
  /**
   * A description of a state already over ("the network came back", "恢复了"): it tells of an outage that ended, so
   * it is heard but does not corroborate a present problem (marked `resolved`, like a repair said in its sentence).
   */
  ended?: boolean;
  /**
   * Read only in prose (a line nothing marks as a program's: see LogLine.prose). A description's words also
   * occur in programs' own lines ("container runtime is down"), which their own rules read.
   */
  prose?: boolean;
  /** A number the line carries (e.g. the PLEG relist age in seconds). */
  value?: (line: string) => number | undefined;
  /**
   * Where the message comes from: the upstream program and the file/function that writes it (e.g.
   * `kubernetes pkg/kubelet/pleg/generic.go (*GenericPLEG).Healthy`), or the documentation that defines it.
   * For an observation: what a person would be describing, in the program's terms.
   */
  source: string;
  /** One line of mechanism: what is happening on the node when this message appears. */
  mechanism: string;
}

/** The components that run containers: their own lines count for runtime-side rules. */
export const RUNTIMES: readonly Component[] = ['dockerd', 'containerd', 'crio', 'shim', 'runc'];

/** How people say a command or process hangs (English and Chinese), for observation rules. */
export const HANG =
  '(?:hangs?|hung|stuck|never returns?|never comes back|never came back|does ?n.t respond|not respond|no response|unresponsive|没有响应|无响应|卡住|卡死)';

/** Literals of HANG: one of them occurs in every match of it, whatever the case. */
export const HANG_LITERALS: readonly string[] = [
  'hang',
  'hung',
  'stuck',
  'never return',
  'never comes back',
  'never came back',
  'respon',
  '响应',
  '卡住',
  '卡死',
];
