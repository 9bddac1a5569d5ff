import { type EvidenceBundle, LOG_SOURCES } from '../../schemas/bundle.ts';
import { componentOfLogSource } from '../components.ts';
import type { FactSet } from '../facts.ts';
import { sleepingTraceFacts } from '../paste/kernel-stack.ts';
import { scanText } from '../scanner.ts';

export function extractLogs(bundle: EvidenceBundle, facts: FactSet): void {
  for (const source of LOG_SOURCES) {
    const text = bundle.logs?.[source];
    if (!text) continue;
    scanText(text, `logs.${source}`, componentOfLogSource(source), facts);
    sleepingTraceFacts(text, `logs.${source}`, facts);
  }
}
