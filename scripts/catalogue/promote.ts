import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Entry, Verdict } from '../../shared/diagnosis/catalogue.ts';
import type { Component } from '../../shared/diagnosis/components.ts';
import { FACT_MEANINGS, type FactId } from '../../shared/diagnosis/facts.ts';
import { CATALOGUE_DIR, readCatalogue, readManifest, readVerdicts } from './config.ts';

/**
 * Turns catalogue messages into detection rules, mechanically, in two steps:
 * - `--select`: every `todo` entry whose verdict names one fact (`"todo": "<fact>: <why>"`) and whose fixed text is
 *   distinctive joins `promoted.json`, the list of messages decided to be rules. What stays `todo` needs a person:
 *   a verdict that hesitates between facts ("a or b"), or fixed text too common to mean anything alone ("start
 *   failed: %v").
 * - `--write`: `promoted.json` becomes `shared/diagnosis/rules/catalogued.ts`, one signature per message requiring
 *   its literals in order (the longest declared as the rule's literal), cited to the program, file and function
 *   that write it.
 * Then `npm run catalogue:verdicts` turns the promoted entries' `todo` into their facts.
 *
 *   node scripts/catalogue/promote.ts [--select] [--write]
 */

/** The generated rules (a test checks the file is what this script makes of promoted.json and the catalogue). */
export const CATALOGUED_PATH = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'diagnosis',
  'rules',
  'catalogued.ts',
);
/** The messages decided to be rules, with the fact each supports and why, in the decider's words. */
export const PROMOTED_PATH = join(CATALOGUE_DIR, 'promoted.json');

const PromotedFileSchema = z.object({
  promoted: z.array(
    z.object({ program: z.string(), id: z.string(), fact: z.string(), why: z.string() }).strict(),
  ),
});
type PromotedFile = z.infer<typeof PromotedFileSchema>;

/** Fixed text shorter than this, in all, could come from anywhere; a condition or reason name may be shorter. */
const MIN_TEXT = 20;
const MIN_NAME = 10;
/** A condition or event reason as NPD and the EKS agent name them: one CamelCase word. */
const REASON = /^[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+$/;
/** How far apart two literals of one message may be on a line (the holes are values, errors, names). */
const GAP = 300;

/**
 * Whose lines a program's message can appear in: its own, and its callers' where its errors travel up (grpc-go's
 * status errors are printed by the kubelet and the runtimes; runc's by the runtime that ran it). The same words in
 * an application's output (a readiness probe's gRPC client closing its transport) are not the node's. Programs
 * whose lines carry no identifier the engine maps (cri-dockerd, CNI plugins, NPD and agent conditions) are left open.
 */
const WRITERS: Readonly<Record<string, readonly Component[]>> = {
  kubelet: ['kubelet'],
  'grpc-go': ['kubelet', 'dockerd', 'containerd', 'crio', 'shim'],
  containerd: ['containerd', 'shim'],
  'cri-o': ['crio'],
  // containers/storage is a library: its lines are cri-o's (logrus in cri-o's process), its errors travel up in
  // cri-o's and the kubelet's ("Failed to create pod sandbox", CreatePodSandbox errors).
  'containers-storage': ['crio', 'kubelet'],
  dockerd: ['dockerd'],
  runc: ['runc', 'containerd', 'shim', 'dockerd', 'crio', 'kubelet'],
  systemd: ['systemd'],
  dbus: ['systemd'],
  kernel: ['kernel'],
  // k3s and rke2 log under their own journal identifiers (k3s, k3s-agent, rke2-server...), which components.ts
  // maps to the kubelet they embed.
  k3s: ['kubelet'],
};

/**
 * Lines a program's message can sit in without being about the node: the kubelet's probe results carry the error
 * the probe's own client got from the application (a gRPC health check's "transport is closing" is the pod's
 * server, not the runtime's); the kubelet's serving-certificate manager (named kubernetes.io/kubelet-serving from
 * 1.24) writes the client manager's rotation messages about the certificate it serves on :10250, which the API
 * server does not need to accept the kubelet (serving CSRs left unapproved under kubeadm's serverTLSBootstrap).
 */
const NOT_THE_NODES: Readonly<Record<string, string>> = {
  'grpc-go': '[Pp]robe failed|[Pp]robe errored|prober\\.go',
  kubelet: 'kubelet-serving',
};

export interface Promoted {
  program: string;
  entry: Entry;
  fact: FactId;
  why: string;
}

function isFact(id: string): id is FactId {
  return id in FACT_MEANINGS;
}

/** The single fact a `todo` names, and its reason; undefined when it names none or hesitates. */
function todoFact(verdict: Verdict | undefined): { fact: FactId; why: string } | undefined {
  if (!verdict || !('todo' in verdict)) return undefined;
  const m = /^([a-z_]+\.[a-z_]+): (.+)$/s.exec(verdict.todo);
  if (!m?.[1] || !m[2] || !isFact(m[1]) || / or [a-z_]+\.[a-z_]+/.test(verdict.todo)) return undefined;
  return { fact: m[1], why: m[2] };
}

function distinctive(entry: Entry): boolean {
  const text = entry.literals.join('');
  if (entry.literals.length === 1 && REASON.test(text)) return text.length >= MIN_NAME;
  return text.length >= MIN_TEXT && Math.max(...entry.literals.map((l) => l.length)) >= 12;
}

/** Every `todo` entry the criteria allow to become a rule, in program then id order. */
function selectable(): Promoted[] {
  const out: Promoted[] = [];
  for (const program of Object.keys(readManifest().programs).sort()) {
    const { entries } = readCatalogue(program);
    const verdicts = readVerdicts(program).entries;
    for (const entry of [...entries].sort((a, b) => a.id.localeCompare(b.id))) {
      const todo = todoFact(verdicts[entry.id]);
      if (todo && distinctive(entry)) out.push({ program, entry, ...todo });
    }
  }
  return out;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function pattern(entry: Entry): string {
  return entry.literals.map(escapeRegex).join(`[^\\n]{0,${GAP}}`);
}

/**
 * The literal the prefilter looks for: the message's longest fixed fragment. Every fragment is in every line the
 * rule matches (the pattern requires them all, in order); one, the longest, is enough and the rarest.
 */
function literal(entry: Entry): string {
  return entry.literals.reduce((a, b) => (b.length > a.length ? b : a), '');
}

function citation(p: Promoted): string {
  const site = p.entry.sites[0];
  const where = site ? ` ${site.file}${site.function ? ` ${site.function}` : ''}` : '';
  const releases = [...new Set(p.entry.sites.flatMap((s) => s.releases))].join(', ');
  return `${p.program}${where} (${releases}; catalogue ${p.entry.id})`;
}

/** The decider's reason, with the fact's meaning when the reason alone is a few words. */
function mechanism(p: Promoted): string {
  return p.why.length >= 40 ? p.why : `${p.why}: ${FACT_MEANINGS[p.fact]}`;
}

/**
 * The generated module: one signature per distinct pattern and fact (several programs or releases can write the
 * same message; the sources are joined).
 */
export function renderPromoted(promoted: readonly Promoted[]): string {
  const byRule = new Map<
    string,
    {
      fact: FactId;
      pattern: string;
      literal: string;
      sources: string[];
      mechanism: string;
      from: Set<Component> | undefined;
      unless: string | undefined;
    }
  >();
  for (const p of promoted) {
    const key = `${p.fact} ${pattern(p.entry)}`;
    const writers = WRITERS[p.program];
    const rule = byRule.get(key);
    if (!rule) {
      const from = writers ? new Set(writers) : undefined;
      byRule.set(key, {
        fact: p.fact,
        pattern: pattern(p.entry),
        literal: literal(p.entry),
        sources: [citation(p)],
        mechanism: mechanism(p),
        from,
        unless: NOT_THE_NODES[p.program],
      });
      continue;
    }
    rule.sources.push(citation(p));
    // A message two programs write counts in either's lines; an open program leaves it open.
    if (rule.from && writers) for (const w of writers) rule.from.add(w);
    else rule.from = undefined;
  }
  const rules = [...byRule.values()].map((r) => {
    const from = r.from ? `    from: ${JSON.stringify([...r.from])},\n` : '';
    const unless = r.unless ? `    unless: ${JSON.stringify(r.unless)},\n` : '';
    return `  {\n    fact: ${JSON.stringify(r.fact)},\n    pattern: ${JSON.stringify(r.pattern)},\n    literals: [${JSON.stringify(r.literal)}],\n${from}${unless}    source: ${JSON.stringify(r.sources.join('; '))},\n    mechanism: ${JSON.stringify(r.mechanism)},\n  },`;
  });
  return [
    "import type { Signature } from './types.ts';",
    '',
    '// Generated by `node scripts/catalogue/promote.ts --write` from rules/catalogue/ (the messages the catalogue',
    "// marks `todo` with one fact and a distinctive fixed text); do not edit. Each rule requires the message's",
    "// literals in order and declares the longest for the log scan's prefilter; its source is the program, file",
    '// and function that write it.',
    '',
    '/** Messages the programs write, mined from their sources and promoted from the catalogue. */',
    'export const CATALOGUED_RULES: readonly Signature[] = [',
    ...rules,
    '];',
    '',
  ].join('\n');
}

function readPromoted(): PromotedFile {
  return existsSync(PROMOTED_PATH)
    ? PromotedFileSchema.parse(JSON.parse(readFileSync(PROMOTED_PATH, 'utf8')))
    : { promoted: [] };
}

/** The promoted messages with their catalogue entries; one that re-mining removed is an error naming it. */
export function promoted(): Promoted[] {
  const catalogues = new Map<string, Map<string, Entry>>();
  return readPromoted().promoted.map((p) => {
    if (!catalogues.has(p.program))
      catalogues.set(p.program, new Map(readCatalogue(p.program).entries.map((e) => [e.id, e])));
    const entry = catalogues.get(p.program)?.get(p.id);
    if (!entry) throw new Error(`promoted.json: ${p.program} ${p.id} is no longer in the catalogue`);
    if (!isFact(p.fact)) throw new Error(`promoted.json: ${p.program} ${p.id}: unknown fact ${p.fact}`);
    return { program: p.program, entry, fact: p.fact, why: p.why };
  });
}

if (import.meta.main) {
  if (process.argv.includes('--select')) {
    const held = readPromoted().promoted;
    const known = new Set(held.map((p) => `${p.program} ${p.id}`));
    const added = selectable()
      .filter((p) => !known.has(`${p.program} ${p.entry.id}`))
      .map((p) => ({ program: p.program, id: p.entry.id, fact: p.fact, why: p.why }));
    writeFileSync(PROMOTED_PATH, `${JSON.stringify({ promoted: [...held, ...added] }, null, 2)}\n`);
    console.error(`${added.length} messages selected (${held.length + added.length} promoted in all)`);
  }
  const text = renderPromoted(promoted());
  if (process.argv.includes('--write')) writeFileSync(CATALOGUED_PATH, text);
  else if (!process.argv.includes('--select')) process.stdout.write(text);
}
