import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { componentOfLogSource } from '../../shared/diagnosis/components.ts';
import type { TextSource } from '../../shared/diagnosis/diagnose-text.ts';
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

/** A file that could not be read, with the path the user gave. */
export class LogFileError extends Error {
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(`cannot read ${path}`, { cause });
    this.path = path;
  }
}

async function* chunksOf(path: string): AsyncGenerator<string> {
  try {
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK_BYTES }))
      yield chunk as string;
  } catch (error) {
    throw new LogFileError(path, error);
  }
}

/** One log file, streamed in 1 MiB chunks: memory stays flat whatever the file size. */
export function logFile(path: string): TextSource {
  return { name: basename(path), chunks: chunksOf(path), origin: componentOfLogSource(sourceOfFile(path)) };
}
