import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CAUSES_DOC_PATH, renderCausesDoc } from '../../scripts/causes.ts';
import { explainCause } from '../../shared/diagnosis/explain.ts';
import { CAUSE_IDS } from '../../shared/schemas/diagnosis.ts';

it('docs/causes.md is current: `npm run causes -- --write` regenerates it', () => {
  expect(readFileSync(CAUSES_DOC_PATH, 'utf8')).toBe(renderCausesDoc());
});

it('every cause has its section, headed by its id (the anchor a diagnosis links), with the /pleg explain text', () => {
  const doc = renderCausesDoc();
  for (const id of CAUSE_IDS) {
    const e = explainCause(id);
    const section = doc.split(/^## /m).find((s) => s.startsWith(`${id}\n`));
    expect(section, id).toBeDefined();
    expect(section).toContain(`**${e?.title}**`);
    for (const step of e?.chain ?? []) expect(section).toContain(step);
    for (const c of [...(e?.confirm ?? []), ...(e?.fix ?? [])]) expect(section).toContain(c.command);
  }
});
