import { JOURNAL_LINE } from '../log-headers.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';

/**
 * Process listings: `ps -ef`, `ps aux`, `ps -eo pid,ppid,stat,cmd`, `ps axjf`, and `top -b` (its summary lines
 * first). The table goes to the bundle as command output, where the process-state extractor reads states and
 * parents (extract/commands.ts): a zombie under containerd-shim is a wedged container, one under chronyd is not.
 */
const MAX_ROWS = 5000;
const MAX_LINE_CHARS = 512;
/** `top -b` prints a handful of summary lines before its table. */
const MAX_SUMMARY_LINES = 12;
const TOP_SUMMARY = /^(?:top - |Tasks:|Threads:|%?Cpu\(s\)|[KMGTP]iB (?:Mem|Swap)|\s*$)/;

function psHeader(line: string): string[] | undefined {
  const cells = line.trim().split(/\s+/);
  if (!cells.includes('PID')) return undefined;
  if (!cells.some((c) => c === 'CMD' || c === 'COMMAND' || c === 'ARGS')) return undefined;
  return cells.some((c) => c === 'STAT' || c === 'S' || c === 'PPID') ? cells : undefined;
}

class ProcessTable implements Section {
  readonly format = 'process-table';
  readonly #lines: string[] = [];
  #header: string[] | undefined;
  readonly #command: string;

  constructor(first: string) {
    this.#header = psHeader(first);
    this.#command = this.#header?.includes('PR') && this.#header.includes('NI') ? 'top' : 'ps';
    if (!this.#header) this.#command = 'top';
    this.#lines.push(first);
  }

  take(line: string): boolean {
    if (!this.#header) {
      const header = psHeader(line);
      if (!header && (!TOP_SUMMARY.test(line) || this.#lines.length >= MAX_SUMMARY_LINES)) return false;
      this.#header = header;
      this.#lines.push(line);
      return true;
    }
    // A journal line after the table (`Nov 23 03:07:58 host …`) has a number where `ps -ef` has its PID.
    if (JOURNAL_LINE.test(line)) return false;
    const cells = line.trim().split(/\s+/);
    const pid = this.#header.indexOf('PID');
    if (cells.length < this.#header.length || !/^\d+$/.test(cells[pid] ?? '')) return false;
    if (this.#lines.length < MAX_ROWS) this.#lines.push(line.slice(0, MAX_LINE_CHARS));
    return true;
  }

  close(evidence: PasteEvidence): void {
    if (this.#header) evidence.addCommandOutput(this.#command, this.#lines.join('\n'));
  }
}

export const openProcessTable: Opener = (line) =>
  line.startsWith('top - ') || (line.includes('PID') && psHeader(line)) ? new ProcessTable(line) : undefined;
