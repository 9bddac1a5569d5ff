import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { type Component, componentOfLogSource } from '../../shared/diagnosis/components.ts';
import { readLog, type TextSource } from '../../shared/diagnosis/diagnose-text.ts';
import type { PasteEvidence } from '../../shared/diagnosis/paste/evidence.ts';
import type { LogSource } from '../../shared/schemas/bundle.ts';
import { counted, openInput, textChunks } from './input.ts';
import { rangeCount, readInRanges } from './log-ranges.ts';
import type { ScanProgress } from './scan-progress.ts';

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

/** The size of a regular file (what a progress line counts towards); undefined for stdin or when unknown. */
function sizeOf(path: string): number | undefined {
  if (path === '-') return undefined;
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    // Unreadable: reading it says so, with the reason.
    return undefined;
  }
}

/**
 * Reads one log file, or standard input for "-", into `evidence`, after what it already holds: a large regular
 * file on every core (log-ranges.ts), anything else sequentially, with the same result.
 */
export async function readLogFile(
  evidence: PasteEvidence,
  path: string,
  progress?: ScanProgress,
): Promise<void> {
  const size = sizeOf(path);
  const parts = size === undefined ? 1 : rangeCount(size);
  if (size !== undefined && parts > 1) {
    await readInRanges(
      evidence,
      { path, name: basename(path), origin: originOf(path), size },
      parts,
      progress,
    );
    return;
  }
  await readLog(evidence, logSource(path, progress));
}

function originOf(path: string): Component {
  return path === '-' ? 'unknown' : componentOfLogSource(sourceOfFile(path));
}

/**
 * One log file, or standard input for "-", as text for the paste reader: streamed in chunks (memory stays flat
 * whatever the size), refused with one clear message when unreadable, binary or empty. The file name labels the
 * evidence and says which program wrote lines that do not say so themselves. `progress`, when given, counts
 * the bytes read (the line a long scan shows on a terminal).
 */
export function logSource(path: string, progress?: ScanProgress): TextSource {
  const name = path === '-' ? 'stdin' : basename(path);
  const input = openInput(path);
  return {
    name,
    chunks: textChunks(progress ? counted(input, progress.counter(name, sizeOf(path))) : input),
    origin: originOf(path),
  };
}
