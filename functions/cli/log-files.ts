import { basename } from 'node:path';
import { componentOfLogSource } from '../../shared/diagnosis/components.ts';
import type { TextSource } from '../../shared/diagnosis/diagnose-text.ts';
import type { LogSource } from '../../shared/schemas/bundle.ts';
import { openInput, textChunks } from './input.ts';

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
 * One log file, or standard input for "-", as text for the paste reader: streamed in chunks (memory stays flat
 * whatever the size), refused with one clear message when unreadable, binary or empty. The file name labels the
 * evidence and says which program wrote lines that do not say so themselves.
 */
export function logSource(path: string): TextSource {
  const name = path === '-' ? 'stdin' : basename(path);
  return {
    name,
    chunks: textChunks(openInput(path)),
    origin: path === '-' ? 'unknown' : componentOfLogSource(sourceOfFile(path)),
  };
}
