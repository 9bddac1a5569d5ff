import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Component } from './components.ts';
import { FACT_MEANINGS, type FactId } from './facts.ts';
import { NPD_CONDITION_FACTS, NPD_EVENT_FACTS } from './rules/npd.ts';
import type { Signature } from './rules/types.ts';
import { SIGNATURES } from './signatures.ts';

/**
 * The message catalogue: every log and error format string that the programs under a node write on the code
 * paths that can take it NotReady, mined from their sources (scripts/catalogue/mine.ts) into
 * `rules/catalogue/<program>.generated.json`, and a verdict for each (`<program>.verdicts.json`, edited by
 * people): the fact a rule already yields for it, why it does not matter, or the fact it would support once a
 * rule recognises it. This module holds the file shapes and the pure functions over them; the engine does not
 * load the catalogue.
 */

/** How a format string is written, which decides what its holes are. */
export const SYNTAX = ['go', 'c', 'structured', 'plain'] as const;
export type Syntax = (typeof SYNTAX)[number];

/**
 * Printf verbs as Go's fmt reads them (flags, argument index, width, precision, verb). `%%` is matched too so a
 * split keeps it apart from a verb; it stands for a literal percent sign.
 */
const GO_VERB = /%[-+# 0]*(?:\[\d+\])?(?:\d+|\*)?(?:\.(?:\d+|\*)?)?(?:\[\d+\])?[vTtbcdoOqxXUeEfFgGspw%]/g;
/**
 * Printf conversions as C (glibc, the kernel's vsprintf with its `%p` extensions, systemd's `%m`) reads them,
 * and the catalogue's own `%v`, which a normalised C format holds where the source had %s or %p.
 */
const C_VERB =
  /%[-+# 0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|Z|t)?(?:p[a-zA-Z]*|[diouxXeEfFgGaAcsnmv%])/g;

function verbPattern(syntax: Syntax): RegExp | undefined {
  if (syntax === 'go') return GO_VERB;
  if (syntax === 'c') return C_VERB;
  return undefined;
}

/** One piece of a format string: literal text, or a hole a value fills (`quoted` when Go's %q adds quotes). */
export type Piece = { text: string } | { hole: 'value' | 'number' | 'quoted' };

/** Splits a format string into literal text and holes (structured messages and plain text have no holes). */
export function pieces(format: string, syntax: Syntax): Piece[] {
  const verbs = verbPattern(syntax);
  if (!verbs) return [{ text: format }];
  const out: Piece[] = [];
  let literal = '';
  let last = 0;
  for (const m of format.matchAll(verbs)) {
    literal += format.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[0] === '%%') {
      literal += '%';
      continue;
    }
    if (literal) out.push({ text: literal });
    literal = '';
    const hole = m[0].endsWith('q') && syntax === 'go' ? 'quoted' : isInteger(m[0]) ? 'number' : 'value';
    out.push({ hole });
  }
  literal += format.slice(last);
  if (literal) out.push({ text: literal });
  return out;
}

/**
 * The fixed literals of a format string: the fragments between its holes that every line it writes contains,
 * trimmed, keeping those with a letter or digit (a bare ": " narrows nothing). For a structured message the
 * message itself; its keys are not literals, since klog's JSON output writes them differently from its text
 * output.
 */
export function literalsOf(format: string, syntax: Syntax): string[] {
  return pieces(format, syntax)
    .flatMap((p) => ('text' in p ? [p.text.trim()] : []))
    .filter((t) => /[A-Za-z0-9]/.test(t));
}

/**
 * The format as the catalogue keys it, whitespace runs folded and verbs in three kinds: `%d` for integers (a
 * rule may want digits there), `%q` for Go's quoted strings (a line carries the quotes), `%v` for the rest,
 * since %s, %w and %v of the same message are the same message for a reader of logs.
 */
export function normaliseFormat(format: string, syntax: Syntax): string {
  const verbs = verbPattern(syntax);
  const folded = format.replace(/\s+/g, ' ').trim();
  if (!verbs) return folded;
  return folded.replace(verbs, (v) => {
    if (v === '%%') return v;
    if (v.endsWith('q') && syntax === 'go') return '%q';
    return isInteger(v) ? '%d' : '%v';
  });
}

/** Whether a verb prints an integer (C's %p extensions end in letters too, and are not integers). */
function isInteger(verb: string): boolean {
  return !/%[^a-zA-Z]*p/.test(verb) && 'diouxXbU'.includes(verb.at(-1) ?? '');
}

/** A stable id for a message of a program: it survives re-mining as long as the message does. */
export function entryId(program: string, syntax: Syntax, format: string): string {
  return createHash('sha256').update(`${program}\n${syntax}\n${format}`).digest('hex').slice(0, 12);
}

/** The levels the catalogue keeps; messages below debug (debug, trace, klog -v 4 and above) are not mined. */
export const LEVELS = [
  'fatal',
  'error',
  'warning',
  'notice',
  'info',
  'error-value',
  'event',
  'condition',
] as const;

/** Where in the sources one message is written, and the mined releases that write it there. */
export const SiteSchema = z.object({
  file: z.string(),
  function: z.string(),
  releases: z.array(z.string()).min(1),
});
export type Site = z.infer<typeof SiteSchema>;

export const EntrySchema = z.object({
  id: z.string().regex(/^[0-9a-f]{12}$/),
  format: z.string().min(1),
  syntax: z.enum(SYNTAX),
  literals: z.array(z.string()),
  /** Structured (klog InfoS/ErrorS, logr) key names written after the message. */
  keys: z.array(z.string()).optional(),
  /** The severity the call writes at; `error-value` is an error returned to a caller, which logs it. */
  level: z.enum(LEVELS),
  /** The call that writes it (`klog.ErrorS`, `fmt.Errorf`, `log_unit_warning`; a config rule's type). */
  call: z.string(),
  /** For messages from configuration: node-problem-detector's log pattern, the EKS agent's description. */
  detail: z.string().optional(),
  sites: z.array(SiteSchema).min(1),
});
export type Entry = z.infer<typeof EntrySchema>;

/** One mined source tree: what the drift check compares against. */
export const InputSchema = z.object({
  repository: z.string(),
  ref: z.string(),
  commit: z.string(),
  /** The release label entries carry (a tag, or the release a third-party import holds). */
  release: z.string(),
  note: z.string().optional(),
});
export type Input = z.infer<typeof InputSchema>;

export const CatalogueSchema = z.object({
  program: z.string(),
  /** The release labels in release order, as `releases` on each site uses them. */
  releases: z.array(z.string()),
  inputs: z.array(InputSchema),
  entries: z.array(EntrySchema),
});
export type Catalogue = z.infer<typeof CatalogueSchema>;

/** The mining run's record: per program, its inputs and the SHA-256 of the catalogue file it wrote. */
export const ManifestSchema = z.object({
  programs: z.record(
    z.string(),
    z.object({ file: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), entries: z.number() }),
  ),
});
export type Manifest = z.infer<typeof ManifestSchema>;

const factId = z.string().refine((f): f is FactId => f in FACT_MEANINGS, { message: 'unknown fact id' });

/**
 * A verdict: the fact an existing rule yields for the message (`example`, when given, is a line the message
 * writes with realistic values, for rules that look at a value the neutral filling cannot guess); or why it
 * does not bear on a node going NotReady; or, for a message that matters and that no rule recognises yet, the
 * fact it would support (the engine owner's queue).
 */
export const VerdictSchema = z.union([
  z
    .object({
      fact: factId,
      example: z.string().optional(),
      /**
       * The fact comes only from the error the message relays in its hole (a rule reads "no space left on device"
       * after the message's words), not from the message itself: the coverage report counts these apart.
       */
      relayed: z.literal(true).optional(),
    })
    .strict(),
  z.object({ irrelevant: z.string().min(8) }).strict(),
  z.object({ todo: z.string().min(8) }).strict(),
]);
export type Verdict = z.infer<typeof VerdictSchema>;

/**
 * A verdict for every entry whose sites all match the globs, whose format matches `format` (a regex, any case)
 * and whose
 * level is one of `level`, where given.
 */
export const GroupSchema = z
  .object({
    file: z.string().optional(),
    function: z.string().optional(),
    format: z.string().optional(),
    /** The levels it covers (all when absent). */
    level: z.array(z.enum(LEVELS)).optional(),
    irrelevant: z.string().min(8).optional(),
    todo: z.string().min(8).optional(),
  })
  .strict()
  .refine((g) => (g.irrelevant === undefined) !== (g.todo === undefined), 'irrelevant or todo, one of them')
  .refine(
    (g) => g.file ?? g.function ?? g.format ?? g.level,
    'a group needs file, function, format or level',
  );
export type Group = z.infer<typeof GroupSchema>;

export const VerdictFileSchema = z
  .object({
    program: z.string(),
    /** Applied in order; the first that matches an entry gives its verdict. */
    groups: z.array(GroupSchema),
    /** Per entry id; wins over the groups. */
    entries: z.record(z.string(), VerdictSchema),
  })
  .strict();
export type VerdictFile = z.infer<typeof VerdictFileSchema>;

/**
 * A glob over a path or a function name: `**` crosses slashes (followed by a slash it is any number of
 * directories, none included), `*` does not, `?` is one character, `{a,b}` is either.
 */
export function globRegExp(glob: string): RegExp {
  let braces = 0;
  const re = glob.replace(/\*\*\/|\*\*|\*|\?|\{|\}|,|[.+^$()|[\]\\]/g, (token) => {
    if (token === '**/') return '(?:.*/)?';
    if (token === '**') return '.*';
    if (token === '*') return '[^/]*';
    if (token === '?') return '[^/]';
    if (token === '{') {
      braces++;
      return '(?:';
    }
    if (token === '}' && braces > 0) {
      braces--;
      return ')';
    }
    if (token === ',') return braces > 0 ? '|' : ',';
    return `\\${token}`;
  });
  return new RegExp(`^${re}$`);
}

function groupMatches(group: Group, entry: Entry): boolean {
  const file = group.file ? globRegExp(group.file) : undefined;
  const fn = group.function ? globRegExp(group.function) : undefined;
  if (group.format && !new RegExp(group.format, 'i').test(entry.format)) return false;
  if (group.level && !group.level.includes(entry.level)) return false;
  return entry.sites.every((s) => (!file || file.test(s.file)) && (!fn || fn.test(s.function)));
}

/** How each entry got its verdict: its own, a group's (by index), or none. */
export interface Resolved {
  entry: Entry;
  verdict: Verdict | undefined;
  group?: number;
}

/** Every entry with the verdict it ends up with: its own, else the first group that matches it. */
export function resolveVerdicts(entries: readonly Entry[], file: VerdictFile): Resolved[] {
  return entries.map((entry) => {
    const own = file.entries[entry.id];
    if (own) return { entry, verdict: own };
    const group = file.groups.findIndex((g) => groupMatches(g, entry));
    if (group < 0) return { entry, verdict: undefined };
    const g = file.groups[group];
    const verdict: Verdict | undefined = g?.irrelevant
      ? { irrelevant: g.irrelevant }
      : { todo: g?.todo ?? '' };
    return { entry, verdict, group };
  });
}

/** What a verdict file says that no longer fits the catalogue: verdicts of gone entries, groups matching none. */
export function staleVerdicts(entries: readonly Entry[], file: VerdictFile): string[] {
  const ids = new Set(entries.map((e) => e.id));
  const stale = Object.keys(file.entries)
    .filter((id) => !ids.has(id))
    .map((id) => `entry ${id}`);
  const used = new Set(
    resolveVerdicts(entries, file).flatMap((r) => (r.group === undefined ? [] : [r.group])),
  );
  file.groups.forEach((g, i) => {
    if (!used.has(i)) stale.push(`group ${i} (${g.file ?? ''} ${g.function ?? ''} ${g.format ?? ''})`);
  });
  return stale;
}

export interface Coverage {
  catalogued: number;
  /** Messages an existing rule recognises by their own words. */
  mapped: number;
  /** Messages whose fact only the error they relay brings. */
  relayed: number;
  irrelevant: number;
  todo: number;
  missing: number;
}

export function coverage(resolved: readonly Resolved[]): Coverage {
  const c: Coverage = {
    catalogued: resolved.length,
    mapped: 0,
    relayed: 0,
    irrelevant: 0,
    todo: 0,
    missing: 0,
  };
  for (const { verdict } of resolved) {
    if (!verdict) c.missing++;
    else if ('fact' in verdict) verdict.relayed ? c.relayed++ : c.mapped++;
    else if ('irrelevant' in verdict) c.irrelevant++;
    else c.todo++;
  }
  return c;
}

/**
 * Error texts a message's error hole often carries when a node goes NotReady: the neutral filling cannot know
 * them, and rules that tell a timeout from a refusal look at them.
 */
export const ERROR_FILLS = [
  'rpc error: code = DeadlineExceeded desc = context deadline exceeded',
  'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"',
  'dial tcp 10.0.0.1:6443: i/o timeout',
  'open /proc/1/fd: too many open files',
  'write /var/lib/kubelet/x: no space left on device',
  'Unauthorized',
] as const;

/** Neutral values: a word, a number, and a unit name (systemd prefixes unit messages with the unit). */
const VALUE_FILLS = ['abc', '120', 'containerd.service'] as const;

function fill(format: string, syntax: Syntax, value: string, last: string): string {
  const parts = pieces(format, syntax);
  const lastHole = parts.findLastIndex((p) => 'hole' in p);
  return parts
    .map((p, i) => {
      if ('text' in p) return p.text;
      const v = i === lastHole ? last : value;
      if (p.hole === 'quoted') return `"${v}"`;
      return p.hole === 'number' && !/^\d+$/.test(v) ? '120' : v;
    })
    .join('');
}

/**
 * The rules a program's own message can map to: people's descriptions (observation rules) recognise how a
 * person tells what they saw, not what a program writes.
 */
export const MESSAGE_RULES: readonly Signature[] = SIGNATURES.filter((r) => !r.observation);

/** One line a message writes, and the values its holes were filled with (as the line carries them). */
export interface Example {
  line: string;
  fills: readonly string[];
  /** Whether an error text fills its error hole (else only neutral values do). */
  relaying: boolean;
}

/**
 * Lines the message writes, built by filling its holes: neutral values everywhere, then each error text in the
 * last hole (or the `err` key of a structured message), as klog text output writes structured messages.
 */
export function examples(entry: Pick<Entry, 'format' | 'syntax' | 'keys'>): Example[] {
  if (entry.syntax === 'structured') {
    const keys = entry.keys ?? [];
    const line = (err: string) =>
      [`"${entry.format}"`, ...keys.map((k) => `${k}="abc"`), ...(err ? [`err="${err}"`] : [])].join(' ');
    const fills = (e: string) => ['abc', `err="${e}"`];
    return [
      { line: line(''), fills: ['abc'], relaying: false },
      ...ERROR_FILLS.map((e) => ({ line: line(e), fills: fills(e), relaying: true })),
    ];
  }
  const out = new Map<string, Example>();
  for (const value of VALUE_FILLS)
    out.set(value, {
      line: fill(entry.format, entry.syntax, value, value),
      fills: [value],
      relaying: false,
    });
  for (const err of ERROR_FILLS)
    out.set(err, {
      line: fill(entry.format, entry.syntax, 'abc', err),
      fills: ['abc', err],
      relaying: true,
    });
  const lines = [...out.values()];
  if (entry.syntax !== 'go') return lines;
  // Go daemons that log through logrus (containerd, dockerd, cri-o) write the message as msg="...", which
  // rules for them look for.
  return [
    ...lines,
    ...lines.map((e) => ({ ...e, line: `level=error msg="${e.line.replace(/"/g, '\\"')}"` })),
  ];
}

/** The facts the rules yield for one line (a rule's `unless` excludes lines a more specific rule owns). */
export function factsOfLine(
  line: string,
  rules: readonly Signature[],
  fills: readonly string[] = [],
): FactId[] {
  const facts = new Set<FactId>();
  for (const rule of rules) {
    const pattern = new RegExp(rule.pattern);
    if (!pattern.test(line)) continue;
    if (rule.unless && new RegExp(rule.unless).test(line)) continue;
    // A rule that matches the filled-in values alone recognises the error a message wraps, not the message:
    // "failed to stop sandbox: too many open files" is descriptor exhaustion whatever the message says.
    if (fills.some((f) => pattern.test(f))) continue;
    facts.add(rule.fact);
  }
  return [...facts];
}

/** Whether a line is one the message could write: it holds the message's literals, in order. */
export function writesLine(entry: Pick<Entry, 'literals'>, line: string): boolean {
  let at = 0;
  for (const literal of entry.literals) {
    const i = line.indexOf(literal, at);
    if (i < 0) return false;
    at = i + literal.length;
  }
  return true;
}

/**
 * The components a program's messages reach the engine as (its journal identifiers, or the programs that relay
 * its errors in their own lines): runc's errors come back through the runtimes and their shims, the CNI library's
 * and plugins' through the kubelet and the runtimes, grpc-go's through every CRI client and server. The node
 * agents of the network plugins log under identifiers the engine does not name (`app`).
 */
const PROGRAM_WRITERS: Readonly<Record<string, readonly Component[]>> = {
  kubelet: ['kubelet', 'controlplane'],
  'grpc-go': ['kubelet', 'containerd', 'dockerd', 'crio'],
  containerd: ['containerd', 'shim'],
  'cri-o': ['crio'],
  dockerd: ['dockerd'],
  'cri-dockerd': ['dockerd'],
  runc: ['runc', 'containerd', 'dockerd', 'crio', 'shim', 'kubelet'],
  systemd: ['systemd'],
  dbus: ['systemd'],
  kernel: ['kernel'],
  cni: ['network', 'kubelet', 'containerd', 'crio', 'dockerd'],
  'aws-vpc-cni': ['app'],
  flannel: ['app'],
  'calico-node': ['app'],
};

/**
 * Whether a rule can read this program's lines: a strict rule counts only lines attributed to its `from`, so a
 * message of a program outside it is never that rule's fact, however its words match (the controller manager's
 * watch rule and containerd's "failed to watch" of its CNI directory). Programs not listed are read by all.
 */
function readsProgram(rule: Signature, program: string): boolean {
  const writers = PROGRAM_WRITERS[program];
  if (!rule.strict || !rule.from || !writers) return true;
  return rule.from.some((c) => writers.includes(c));
}

/** A fact a message yields, the line that showed it, and whether only the error it relays brings it. */
export interface EntryFact {
  fact: FactId;
  line: string;
  relayed: boolean;
}

/**
 * The facts existing rules yield for a message: for node-problem-detector's rules, its problem tables by name
 * (the condition a permanent rule sets, the reason of a temporary one's event); for every other message, the
 * rules matching its example lines, the neutral filling's first (the message's own meaning), then those only an
 * error text brings (`relayed`); with the line that showed each.
 */
export function factsOfEntry(
  program: string,
  entry: Pick<Entry, 'format' | 'syntax' | 'keys' | 'level' | 'call' | 'sites'>,
  rules: readonly Signature[],
): EntryFact[] {
  if (program === 'npd') {
    const condition = entry.sites[0]?.function ?? '';
    const fact =
      entry.call === 'permanent'
        ? NPD_CONDITION_FACTS[condition]
        : entry.call === 'temporary'
          ? NPD_EVENT_FACTS[entry.format]
          : undefined;
    return fact
      ? [{ fact, line: entry.call === 'permanent' ? condition : entry.format, relayed: false }]
      : [];
  }
  const found = new Map<FactId, EntryFact>();
  const readable = rules.filter((rule) => readsProgram(rule, program));
  const all = examples(entry);
  const ordered = [...all.filter((e) => !e.relaying), ...all.filter((e) => e.relaying)];
  for (const { line, fills, relaying } of ordered)
    for (const fact of factsOfLine(line, readable, fills))
      if (!found.has(fact)) found.set(fact, { fact, line, relayed: relaying });
  return [...found.values()];
}

/**
 * Whether a fact verdict holds: the person's example is a line the message writes and a rule yields the fact
 * for it, or (without an example) the rules yield the fact for the message's own example lines.
 */
export function verdictHolds(
  program: string,
  entry: Entry,
  verdict: { fact: FactId; example?: string },
  rules: readonly Signature[],
): boolean {
  if (verdict.example !== undefined)
    return writesLine(entry, verdict.example) && factsOfLine(verdict.example, rules).includes(verdict.fact);
  return factsOfEntry(program, entry, rules).some((f) => f.fact === verdict.fact);
}
