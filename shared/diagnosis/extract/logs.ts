import type { EvidenceBundle } from '../../schemas/bundle.ts';
import { LOG_SOURCES } from '../../schemas/bundle.ts';
import { componentOfLogSource } from '../components.ts';
import type { FactSet } from '../facts.ts';
import { goroutineFacts } from '../paste/goroutines.ts';
import { sleepingTraceFacts } from '../paste/kernel-stack.ts';
import { scanText } from '../scanner.ts';

/**
 * Every log a bundle carries, the schema's sources first and then any other name a sender used (the schema keeps
 * unknown names: a paste's `runtime` or `flanneld` section is evidence like any other).
 */
export function bundleLogs(bundle: EvidenceBundle): Array<{ source: string; text: string }> {
  const logs: Record<string, unknown> = bundle.logs ?? {};
  const known: readonly string[] = LOG_SOURCES;
  const others = Object.keys(logs)
    .filter((name) => !known.includes(name))
    .sort();
  return [...known, ...others].flatMap((source) => {
    const text = logs[source];
    return typeof text === 'string' && text ? [{ source, text }] : [];
  });
}

export function extractLogs(bundle: EvidenceBundle, facts: FactSet): void {
  for (const { source, text } of bundleLogs(bundle)) {
    const component = componentOfLogSource(source);
    scanText(text, `logs.${source}`, component, facts);
    sleepingTraceFacts(text, `logs.${source}`, facts);
    // A Go program's crash or SIGQUIT dump, written to its stderr and kept in its log.
    goroutineFacts(text, `logs.${source}`, facts, component);
  }
}
