/** Where the progress line goes: standard error, or a fake terminal in tests. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** No line for scans that end within this: a short file should print nothing but its diagnosis. */
const QUIET_MS = 1000;
/** The line is rewritten at most this often. */
const REDRAW_MS = 100;
const MB = 1024 * 1024;

const megabytes = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

/**
 * The line a long log scan keeps rewriting on a terminal: `scanning journal.log  120/200 MB  61 MB/s`. Nothing
 * before a second has passed, nothing at all when standard error is not a terminal (a pipe, a CI log), and the
 * line is cleared when the scan ends, so the diagnosis is printed on a clean screen.
 */
export class ScanProgress {
  readonly #stream: ProgressStream;
  readonly #now: () => number;
  readonly #started: number;
  #drawnAt = Number.NEGATIVE_INFINITY;
  #drawn = false;
  #scanned = 0;

  constructor(stream: ProgressStream, now: () => number = Date.now) {
    this.#stream = stream;
    this.#now = now;
    this.#started = now();
  }

  /** `bytes` more of `name` were read; `total` is its size when known (a file, not standard input). */
  advance(name: string, bytes: number, done: number, total?: number): void {
    this.#scanned += bytes;
    if (!this.#stream.isTTY) return;
    const now = this.#now();
    const elapsed = now - this.#started;
    if (elapsed < QUIET_MS || now - this.#drawnAt < REDRAW_MS) return;
    this.#drawnAt = now;
    this.#drawn = true;
    const rate = this.#scanned / MB / (elapsed / 1000);
    const size = total === undefined ? `${megabytes(done)} MB` : `${megabytes(done)}/${megabytes(total)} MB`;
    this.#stream.write(`\r\u001b[2Kscanning ${name}  ${size}  ${rate.toFixed(0)} MB/s`);
  }

  /**
   * What counts one input's bytes on this line: call it with each chunk's size as it is read. Bytes read twice
   * (a range read on past its end) never show more than `total`.
   */
  counter(name: string, total?: number): (bytes: number) => void {
    let done = 0;
    return (bytes) => {
      done += bytes;
      this.advance(name, bytes, total === undefined ? done : Math.min(done, total), total);
    };
  }

  /** The scan is over: the line, if one was drawn, is cleared. */
  done(): void {
    if (this.#drawn) this.#stream.write('\r\u001b[2K');
    this.#drawn = false;
  }
}
