import type { Diagnosis } from '../schemas/diagnosis.ts';
import type { Component } from './components.ts';
import { type DiagnoseOptions, diagnoseFacts } from './diagnose.ts';
import { extractFacts } from './extract/index.ts';
import { FactSet } from './facts.ts';
import { PasteEvidence } from './paste/evidence.ts';
import { PasteReader } from './paste/reader.ts';

/** One pasted text or log file, read chunk by chunk. */
export interface TextSource {
  /** What facts cite (`kubelet.log` → `kubelet.log:42`). */
  name: string;
  chunks: AsyncIterable<string> | Iterable<string>;
  /** The program the lines come from when they do not say (a file named kubelet.log). */
  origin?: Component;
}

export interface TextOptions extends DiagnoseOptions {
  /** The node, when the person names it; otherwise the paste's own `Name:` / `metadata.name` is used. */
  node?: string;
}

/** The diagnosis of what pasted texts or log files held. */
export function diagnoseEvidence(evidence: PasteEvidence, options: TextOptions): Diagnosis {
  const { node, ...rest } = options;
  const bundle = node === undefined ? evidence.bundle : { ...evidence.bundle, node };
  return diagnoseFacts(bundle, extractFacts(bundle, evidence.facts), {
    ...rest,
    streamedLogs: evidence.logSources,
    pasted: { runtime: evidence.runtime?.kind, nodeGiven: node !== undefined },
  });
}

/**
 * Diagnoses text someone pasted (a Slack message): log lines of any program mixed with kubectl output, goroutine
 * dumps, systemctl status blocks, notes. Pure: no I/O.
 */
export function diagnoseText(text: string, options: TextOptions & { name?: string } = {}): Diagnosis {
  const { name = 'pasted', ...rest } = options;
  const evidence = new PasteEvidence(new FactSet());
  const reader = new PasteReader(evidence, name);
  reader.push(text);
  reader.end();
  return diagnoseEvidence(evidence, rest);
}

/**
 * Diagnoses log files or other streamed texts of any size: each is read chunk by chunk with bounded memory
 * (the CLI's `--log`), and what they say about the node is gathered in one bundle.
 */
export async function diagnoseLogs(
  sources: readonly TextSource[],
  options: TextOptions = {},
): Promise<Diagnosis> {
  return diagnoseEvidence(await readLogs(sources), options);
}

/** Reads streamed texts one after the other, in order, into one body of evidence. */
export async function readLogs(sources: readonly TextSource[]): Promise<PasteEvidence> {
  const evidence = new PasteEvidence(new FactSet());
  for (const source of sources) await readLog(evidence, source);
  return evidence;
}

/** Reads one streamed text into `evidence`, after whatever it already holds. */
export async function readLog(evidence: PasteEvidence, source: TextSource): Promise<void> {
  const reader = new PasteReader(evidence, source.name, source.origin);
  for await (const chunk of source.chunks) reader.push(chunk);
  reader.end();
}
