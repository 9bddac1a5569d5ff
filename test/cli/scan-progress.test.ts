import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logSource } from '../../functions/cli/log-files.ts';
import { ScanProgress } from '../../functions/cli/scan-progress.ts';

const MB = 1024 * 1024;

/** A terminal (or a pipe) that keeps what was written, and a clock the test moves. */
function terminal(isTTY: boolean) {
  let written = '';
  let now = 0;
  return {
    stream: {
      isTTY,
      write: (text: string) => {
        written += text;
      },
    },
    clock: {
      now: () => now,
      at: (ms: number) => {
        now = ms;
      },
    },
    written: () => written,
  };
}

describe('the progress line of a long log scan', () => {
  it('stays silent for the first second, then shows name, bytes, size and rate, and is cleared at the end', () => {
    const t = terminal(true);
    const progress = new ScanProgress(t.stream, t.clock.now);
    t.clock.at(900);
    progress.advance('journal.log', 50 * MB, 50 * MB, 200 * MB);
    expect(t.written()).toBe('');
    t.clock.at(2000);
    progress.advance('journal.log', 70 * MB, 120 * MB, 200 * MB);
    expect(t.written()).toBe('\r\u001b[2Kscanning journal.log  120/200 MB  60 MB/s');
    // Redrawn at most every 100 ms.
    t.clock.at(2050);
    progress.advance('journal.log', MB, 121 * MB, 200 * MB);
    expect(t.written().split('\r\u001b[2K')).toHaveLength(2);
    progress.done();
    expect(t.written().endsWith('\r\u001b[2K')).toBe(true);
  });

  it('shows only what was read when the size is unknown (standard input)', () => {
    const t = terminal(true);
    const progress = new ScanProgress(t.stream, t.clock.now);
    t.clock.at(1500);
    progress.advance('stdin', 3 * MB, 3 * MB);
    expect(t.written()).toBe('\r\u001b[2Kscanning stdin  3.0 MB  2 MB/s');
  });

  it('writes nothing when standard error is not a terminal, and clears nothing it did not draw', () => {
    const piped = terminal(false);
    const progress = new ScanProgress(piped.stream, piped.clock.now);
    piped.clock.at(5000);
    progress.advance('journal.log', 100 * MB, 100 * MB, 200 * MB);
    progress.done();
    expect(piped.written()).toBe('');
    const quick = terminal(true);
    const short = new ScanProgress(quick.stream, quick.clock.now);
    short.advance('kubelet.log', 1000, 1000, 1000);
    short.done();
    expect(quick.written()).toBe('');
  });
});

describe('a log file read for the scan', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pleg-progress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts every byte read toward the file size', async () => {
    const path = join(dir, 'kubelet.log');
    const text =
      'kubelet[1]: PLEG is not healthy: pleg was last seen active 3m46s ago; threshold is 3m0s\n'.repeat(
        40_000,
      );
    writeFileSync(path, text);
    const seen: Array<[number, number | undefined]> = [];
    class Recording extends ScanProgress {
      override advance(_: string, __: number, done: number, total?: number): void {
        seen.push([done, total]);
      }
    }
    let read = '';
    for await (const chunk of logSource(path, new Recording(terminal(false).stream)).chunks) read += chunk;
    expect(read).toBe(text);
    expect(seen.at(-1)).toEqual([text.length, text.length]);
    expect(seen.length).toBeGreaterThan(1);
  });
});
