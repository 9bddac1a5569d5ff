import { createReadStream } from 'node:fs';
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

const CHUNK_BYTES = 1 << 20;

/**
 * Streams one log file through the scanner in 1 MiB chunks: memory stays flat whatever the file size.
 * Returns the log source the file stood for.
 */
export async function scanLogFile(path: string, facts: FactSet): Promise<LogSource> {
  const source = sourceOfFile(path);
  const origin: Component = componentOfLogSource(source);
  const scanner = new LogScanner(facts, basename(path), origin);
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES });
  for await (const chunk of stream) scanner.push(chunk as string);
  scanner.end();
  return source;
}
