import { JOURNAL_LINE } from '../log-headers.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';

/**
 * lsof's table (`COMMAND PID USER FD TYPE DEVICE SIZE/OFF NODE NAME`, with TID and TASKCMD columns when threads are
 * listed) pasted without its command line: the rows go to the bundle as an `lsof` command output, where the runc
 * children reader counts the inits holding their exec fifos (extract/runc-children.ts) across the listing.
 */
const MAX_ROWS = 5000;
const MAX_LINE_CHARS = 512;

function lsofHeader(line: string): boolean {
  const cells = line.trim().split(/\s+/);
  return cells[0] === 'COMMAND' && cells[1] === 'PID' && cells.includes('FD') && cells.includes('TYPE');
}

class LsofTable implements Section {
  readonly format = 'lsof-table';
  readonly #lines: string[];

  constructor(first: string) {
    this.#lines = [first];
  }

  take(line: string): boolean {
    // A journal line after the table has a number where lsof has its PID.
    if (JOURNAL_LINE.test(line)) return false;
    if (!/^\S+\s+\d+\s+\S+\s+\S+\s+\S+/.test(line)) return false;
    if (this.#lines.length < MAX_ROWS) this.#lines.push(line.slice(0, MAX_LINE_CHARS));
    return true;
  }

  close(evidence: PasteEvidence): void {
    evidence.addCommandOutput('lsof', this.#lines.join('\n'));
  }
}

export const openLsofTable: Opener = (line) =>
  line.startsWith('COMMAND') && lsofHeader(line) ? new LsofTable(line) : undefined;
