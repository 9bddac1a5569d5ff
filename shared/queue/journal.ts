import {
  closeSync,
  existsSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { makeDir } from '../make-dir.ts';

/*
 * The embedded queue's intake journal: what ingest accepted, appended to segment files. A group commit is one
 * write and one fdatasync of a segment, where an SQLite commit of the same rows costs a write per database page
 * (~2 per webhook) plus its own sync. The consumer later moves records into SQLite (the queue's store of
 * record), together with its read position, in one transaction.
 *
 * A record is `length (u32 LE) | crc32 of the payload (u32 LE) | payload`, the payload being UTF-8
 * `<pending indexes>\n<row body>`. A reader stops at the first record that is incomplete or fails its checksum:
 * in the segment being written that is a record still on its way; in a finished segment (a later one exists), a
 * tail torn by a crash — never acknowledged, since its sync had not returned.
 *
 * Each writer starts a new segment, so nothing is ever appended after a torn tail.
 */

/** One enqueue call's row, as the queue's `jobs` table holds it. */
export interface JournalRow {
  body: string;
  pending: string;
}

const HEADER_BYTES = 8;
/** Past this size the writer moves on to a new segment, so consumed records can be deleted a file at a time. */
const SEGMENT_BYTES = 64 * 1024 * 1024;

export function journalDir(stateDir: string): string {
  return join(stateDir, 'journal');
}

function segmentPath(dir: string, segment: number): string {
  return join(dir, `${String(segment).padStart(12, '0')}.log`);
}

/** The segment numbers present, in order. */
export function segments(dir: string): number[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => (/^\d{12}\.log$/.test(name) ? [Number(name.slice(0, 12))] : []))
    .sort((a, b) => a - b);
}

/**
 * The whole records of a segment from `offset` on (and before `until`), at most about `maxBytes` of them, and the
 * offset just past the last; `toEnd` says whether everything the file held (up to `until`) was looked at.
 */
export function readSegment(
  dir: string,
  segment: number,
  offset: number,
  maxBytes: number,
  until = Number.POSITIVE_INFINITY,
): { rows: JournalRow[]; end: number; toEnd: boolean } {
  const fd = openSync(segmentPath(dir, segment), 'r');
  let bytes: Buffer;
  let toEnd: boolean;
  try {
    // `until`: where the records known to be synced end (the segment this process is writing; see JournalWriter).
    const size = Math.min(fstatSync(fd).size, until);
    // A record can be larger than the window: it is then read whole, alone.
    const firstRecord = size - offset >= HEADER_BYTES ? readLength(fd, offset) : 0;
    const window = Math.max(maxBytes, HEADER_BYTES + firstRecord);
    toEnd = size - offset <= window;
    bytes = Buffer.alloc(Math.max(Math.min(size - offset, window), 0));
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, offset + read);
      if (n === 0) break;
      read += n;
    }
    bytes = bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
  const rows: JournalRow[] = [];
  let at = 0;
  while (at + HEADER_BYTES <= bytes.length) {
    const length = bytes.readUInt32LE(at);
    const payload = bytes.subarray(at + HEADER_BYTES, at + HEADER_BYTES + length);
    if (payload.length < length || crc32(payload) !== bytes.readUInt32LE(at + 4)) break;
    const text = payload.toString('utf8');
    const newline = text.indexOf('\n');
    rows.push({ pending: text.slice(0, newline), body: text.slice(newline + 1) });
    at += HEADER_BYTES + length;
  }
  return { rows, end: offset + at, toEnd };
}

function readLength(fd: number, offset: number): number {
  const header = Buffer.alloc(4);
  return readSync(fd, header, 0, 4, offset) === 4 ? header.readUInt32LE(0) : 0;
}

/** Deletes the segments before `segment` (their records are in the database). */
export function dropSegmentsBefore(dir: string, segment: number): void {
  for (const n of segments(dir)) if (n < segment) rmSync(segmentPath(dir, n), { force: true });
}

/**
 * Whether the journal's file system takes a write and a sync now (a full disk answers ENOSPC). Writes and
 * removes a probe file of one block: nothing in the journal changes.
 */
export function probeWritable(dir: string): void {
  const probe = join(dir, '.probe');
  makeDir(dir);
  try {
    writeFileSync(probe, Buffer.alloc(4096), { flush: true });
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * Appends groups of rows to the journal, each group durable when its `append` resolves. One writer per journal at
 * a time. A failed append is undone: the segment is cut back to where the group began, so no record of a group
 * that was refused is ever read (ingest answered 503 for it, and the sender will send it again), and a segment
 * left empty is removed, so failures on a full disk do not pile up files. The writer is then closed; the next one
 * starts a new segment. Should the cut itself fail, a torn tail stays, which readers stop at: the segment counts
 * as finished once a later one exists.
 *
 * A new segment is numbered after the last one present and after `after`, the segment the reader has reached:
 * the reader moves on to a segment as soon as it exists, empty or not, so once an empty one it moved to has been
 * removed, the files alone would give its number (or a lower one) again, to a segment the reader never reads.
 */
export class JournalWriter {
  readonly #dir: string;
  readonly #segmentBytes: number;
  /**
   * Where rows are framed before they are written: appends are synchronous, so one buffer serves them all. It
   * grows only to fit one row (a body is at most the ingest limit), never a whole group.
   */
  #scratch = Buffer.allocUnsafe(1 << 20);
  #segment = 0;
  #fd = -1;
  #size = 0;
  /** Where the synced records of the segment end: a group written but not yet synced may still be undone. */
  #durable = 0;

  constructor(dir: string, options: { after?: number; segmentBytes?: number } = {}) {
    this.#dir = dir;
    this.#segmentBytes = options.segmentBytes ?? SEGMENT_BYTES;
    makeDir(dir);
    this.#open(Math.max(segments(dir).at(-1) ?? 0, options.after ?? 0) + 1);
  }

  /** A new segment, its directory entry synced so the file itself survives a power loss. */
  #open(segment: number): void {
    this.close();
    this.#fd = openSync(segmentPath(this.#dir, segment), 'wx');
    this.#segment = segment;
    this.#size = 0;
    this.#durable = 0;
    try {
      const dirFd = openSync(this.#dir, 'r');
      try {
        fsyncSync(dirFd);
      } finally {
        closeSync(dirFd);
      }
    } catch (error) {
      this.close(); // a writer that failed to start holds no descriptor
      throw error;
    }
  }

  /** Frames one row into the scratch buffer at `at` (room checked by the caller); the offset after it. */
  #frame(row: JournalRow, at: number): number {
    const bytes = this.#scratch;
    const start = at + HEADER_BYTES;
    let end = start + bytes.write(row.pending, start);
    bytes[end++] = 0x0a; // '\n'
    end += bytes.write(row.body, end);
    bytes.writeUInt32LE(end - start, at);
    bytes.writeUInt32LE(crc32(bytes.subarray(start, end)), at + 4);
    return end;
  }

  /** Writes the first `length` bytes of the scratch buffer at the end of the segment. */
  #write(length: number): void {
    let written = 0;
    while (written < length) written += writeSync(this.#fd, this.#scratch, written, length - written);
    this.#size += length;
  }

  /** The segment being written, and where its synced records end: what a reader in this process may take in. */
  get durable(): { segment: number; size: number } {
    return { segment: this.#segment, size: this.#durable };
  }

  /**
   * Appends one group of rows, and resolves once it is synced to disk. Rows are framed into the scratch buffer and
   * written at once, whenever it is full; one sync covers them all. The sync runs on libuv's thread pool, so the
   * event loop takes the next requests meanwhile. One append at a time: the caller waits for this one to settle.
   */
  async append(rows: readonly JournalRow[]): Promise<void> {
    if (this.#fd < 0) throw new Error('journal writer is closed');
    if (this.#size >= this.#segmentBytes) this.#open(this.#segment + 1); // closes itself if it fails
    const start = this.#size;
    try {
      let at = 0;
      for (const row of rows) {
        // UTF-8 takes at most 3 bytes per UTF-16 code unit: the room needed without an encoding pass.
        const room = HEADER_BYTES + 3 * (row.pending.length + 1 + row.body.length);
        if (at + room > this.#scratch.length) {
          this.#write(at);
          at = 0;
          if (room > this.#scratch.length) this.#scratch = Buffer.allocUnsafe(room);
        }
        at = this.#frame(row, at);
      }
      this.#write(at);
      const fd = this.#fd;
      await new Promise<void>((resolve, reject) =>
        fdatasync(fd, (error) => (error ? reject(error) : resolve())),
      );
    } catch (error) {
      this.#undo(start);
      throw error;
    }
    this.#durable = this.#size;
  }

  /** Cuts the segment back to `size` (dropping a refused group's records), closes it, removes it if empty. */
  #undo(size: number): void {
    const path = segmentPath(this.#dir, this.#segment);
    try {
      ftruncateSync(this.#fd, size);
      fdatasyncSync(this.#fd);
      this.close();
      if (size === 0) unlinkSync(path);
    } catch {
      this.close();
    }
  }

  close(): void {
    if (this.#fd >= 0) closeSync(this.#fd);
    this.#fd = -1;
  }
}
