import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateJournal } from '../../bench/log-scan/generate.ts';
import { logSource } from '../../functions/cli/log-files.ts';
import { readLogs } from '../../shared/diagnosis/diagnose-text.ts';

// The log-scan benchmark checks the engine against the facts its generated journals plant; a rule that reads a
// planted line anew must say so in the generator, or every benchmark run reports a mismatch. Checked here on small
// journals of both profiles, so the table and the rules cannot drift apart unnoticed.

const dir = mkdtempSync(join(tmpdir(), 'pleg-log-scan-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it.each(['mixed', 'ordinary'] as const)(
  'the %s journal yields exactly the facts it plants',
  async (profile) => {
    const file = join(dir, `${profile}.log`);
    const journal = generateJournal(file, 4_000_000, 11, profile);
    const evidence = await readLogs([logSource(file)]);
    const found = Object.fromEntries(evidence.facts.ids().map((id) => [id, evidence.facts.count(id)]));
    expect(found).toEqual(journal.expectedFacts);
  },
);
