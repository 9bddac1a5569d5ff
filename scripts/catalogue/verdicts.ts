import { existsSync, writeFileSync } from 'node:fs';
import {
  type Entry,
  type EntryFact,
  factsOfEntry,
  MESSAGE_RULES,
  resolveVerdicts,
  staleVerdicts,
  type Verdict,
  type VerdictFile,
} from '../../shared/diagnosis/catalogue.ts';
import { readCatalogue, readManifest, readVerdicts, renderJson, verdictsPath } from './config.ts';

/**
 * Keeps the verdict files in step with the catalogue, mechanically: every entry whose example lines an existing
 * rule recognises gets `{fact}`, marked `relayed` when only an error text in its hole brings the fact (a `todo` the
 * engine owner has since covered becomes its fact); a `fact` verdict that no rule bears out any more is dropped so
 * the entry shows as unaccounted; `--prune` drops verdicts of entries that re-mining removed. People's `irrelevant`
 * verdicts and facts given with an example are kept. Prints, per program, what still needs a person.
 *
 *   node scripts/catalogue/verdicts.ts [--prune] [--list] [PROGRAM...]
 */

/** A fact verdict as the rules bear it out, marked when only the error the message relays brings the fact. */
function factVerdict({ fact, relayed }: EntryFact): Verdict {
  return relayed ? { fact, relayed } : { fact };
}

function remap(program: string, entry: Entry, own: Verdict | undefined): Verdict | undefined {
  if (own && 'irrelevant' in own) return own;
  if (own && 'fact' in own && own.example !== undefined) return own;
  const facts = factsOfEntry(program, entry, MESSAGE_RULES);
  const kept = own && 'fact' in own ? facts.find((f) => f.fact === own.fact) : undefined;
  const chosen = kept ?? facts[0];
  return chosen ? factVerdict(chosen) : own && 'fact' in own ? undefined : own;
}

export function update(
  program: string,
  entries: readonly Entry[],
  file: VerdictFile,
  prune: boolean,
): VerdictFile {
  const next: VerdictFile = { ...file, entries: {} };
  const ids = new Set(entries.map((e) => e.id));
  for (const [id, v] of Object.entries(file.entries)) if (!prune || ids.has(id)) next.entries[id] = v;
  for (const entry of entries) {
    const verdict = remap(program, entry, file.entries[entry.id]);
    if (verdict) next.entries[entry.id] = verdict;
    else delete next.entries[entry.id];
  }
  const sorted = Object.keys(next.entries).sort();
  next.entries = Object.fromEntries(sorted.map((id) => [id, next.entries[id] as Verdict]));
  return next;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const prune = args.includes('--prune');
  const list = args.includes('--list');
  const only = new Set(args.filter((a) => !a.startsWith('--')));
  for (const program of Object.keys(readManifest().programs)) {
    if (only.size > 0 && !only.has(program)) continue;
    const { entries } = readCatalogue(program);
    const file: VerdictFile = existsSync(verdictsPath(program))
      ? readVerdicts(program)
      : { program, groups: [], entries: {} };
    const next = update(program, entries, file, prune);
    writeFileSync(verdictsPath(program), renderJson({ ...next }));
    const open = resolveVerdicts(entries, next).filter((r) => !r.verdict);
    const stale = staleVerdicts(entries, next);
    process.stdout.write(`${program}: ${open.length} without a verdict, ${stale.length} stale\n`);
    if (list)
      for (const { entry } of open)
        process.stdout.write(
          `  ${entry.id} ${entry.level} ${JSON.stringify(entry.format)} ${entry.sites.map((s) => `${s.file}:${s.function}`).join(' ')}\n`,
        );
  }
}
