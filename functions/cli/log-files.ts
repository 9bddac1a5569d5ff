import { basename } from 'node:path';
import { type Component, componentOfLogSource } from '../../shared/diagnosis/components.ts';
import type { FactSet } from '../../shared/diagnosis/facts.ts';
import { LogScanner } from '../../shared/diagnosis/scanner.ts';
import type { LogSource } from '../../shared/schemas/bundle.ts';

/**
 * What a file name says about the lines inside when they carry no journald identifier of their own
 * (`kubelet.log`, `containerd.log`, `dmesg.txt`). Journald lines name their program whatever the file.
 */
function sourceOfFile(path: string): LogSource {
  const name = basename(path).toLowerCase();
  if (name.includes('kubelet')) return 'kubelet';
  if (name.includes('containerd')) return 'containerd';
  if (name.includes('docker')) return 'dockerd';
  if (name.includes('crio') || name.includes('cri-o')) return 'crio';
  if (/dmesg|kern/.test(name)) return 'kernel';
  return 'other';
}

/**
 * Streams log text (a file or standard input, in chunks: memory stays flat whatever the size) through the
 * scanner under `name`, which labels the evidence and, through its file name, says which program wrote the
 * lines. Returns the log source the input stood for.
 */
export async function scanLogText(
  chunks: AsyncIterable<string>,
  name: string,
  facts: FactSet,
): Promise<LogSource> {
  const source = sourceOfFile(name);
  const origin: Component = componentOfLogSource(source);
  const scanner = new LogScanner(facts, basename(name), origin);
  for await (const chunk of chunks) scanner.push(chunk);
  scanner.end();
  return source;
}
