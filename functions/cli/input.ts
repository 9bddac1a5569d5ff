import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { UsageError } from './exit-codes.ts';

/** Where a command reads from: a file, or standard input for "-". */
export interface Input {
  /** How messages name it: the path, or "standard input". */
  name: string;
  chunks: AsyncIterable<Buffer>;
}

/** Files are read this much at a time: fewer, larger reads cost less. */
const CHUNK_BYTES = 1 << 20;
/**
 * … and decoded this much at a time: small enough that each piece decodes to an ordinary string in V8's young
 * generation, collected as soon as it is read. From about 1 MB on, a decoded string is an external one in
 * malloc'd memory, freed only when a full collection gets round to it: a 200 MB log then took 100 MB more of
 * resident memory.
 */
const DECODE_BYTES = 64 * 1024;
/** How much of the start is checked for NUL bytes, as git and grep decide "binary". */
const SNIFF_BYTES = 8192;

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a directory, not a file',
};

export function unreadable(name: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  return new UsageError(`cannot read ${name}: ${(code && REASONS[code]) ?? code ?? String(error)}`);
}

export function openInput(path: string): Input {
  if (path === '-') {
    // On a terminal nothing has been piped in: the command waits for typing, which looks like a hang unless said.
    if (process.stdin.isTTY)
      process.stderr.write(
        'pleg-responder: reading standard input: paste the text, then press Ctrl-D on an empty line (Ctrl-C cancels)\n',
      );
    return { name: 'standard input', chunks: process.stdin };
  }
  return { name: path, chunks: createReadStream(path, { highWaterMark: CHUNK_BYTES }) };
}

/**
 * Bytes [start, end) of a file, in chunks that end where openInput's do (multiples of CHUNK_BYTES from the
 * file's start): a range is then read exactly as that part of the whole file would be. The chunks share one
 * buffer (each is overwritten by the next read), so reading a range allocates nothing per chunk: a consumer
 * must be done with a chunk before it asks for the next one.
 */
export function openRange(path: string, start: number, end: number): Input {
  return { name: path, chunks: rangeChunks(path, start, end) };
}

async function* rangeChunks(path: string, start: number, end: number): AsyncGenerator<Buffer> {
  const file = await open(path);
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, end - start));
  try {
    for (let at = start; at < end; ) {
      const next = Math.min(end, (Math.floor(at / CHUNK_BYTES) + 1) * CHUNK_BYTES);
      const chunk = buffer.subarray(0, Math.min(buffer.length, next - at));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, at);
      if (bytesRead === 0) return; // the file shrank while read
      at += bytesRead;
      yield chunk.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}

/** Formats that are not text but that SREs often have at hand, with what to run instead. */
function binaryHint(head: Buffer): string {
  if (head[0] === 0x1f && head[1] === 0x8b) return ' (gzip-compressed: decompress it first, e.g. zcat FILE)';
  if (head.subarray(0, 8).toString('latin1') === 'LPKSHHRH')
    return ' (a binary systemd journal file: export it with journalctl --file FILE -o short-iso)';
  return '';
}

/** How textChunks reads a part of a file rather than all of it. */
/** The input with `read` told each chunk's size as the chunk is read (a progress line counting bytes). */
export function counted(input: Input, read: (bytes: number) => void): Input {
  async function* chunks(): AsyncGenerator<Buffer> {
    for await (const chunk of input.chunks) {
      read(chunk.length);
      yield chunk;
    }
  }
  return { ...input, chunks: chunks() };
}

export interface PartOptions {
  /** The part starts after the file's start: it is not sniffed for binary, and a byte-order mark in it is text. */
  middle?: boolean;
  /** Whether the part held anything but white space is recorded here, not judged: only the whole file is empty. */
  seen?: { text: boolean };
}

/** Refuses binary input: checks a chunk for NUL bytes up to SNIFF_BYTES in all; returns how far that is done. */
function sniff(name: string, chunk: Buffer, sniffed: number): number {
  if (sniffed >= SNIFF_BYTES) return sniffed;
  const head = chunk.subarray(0, SNIFF_BYTES - sniffed);
  if (head.includes(0)) throw new UsageError(`${name} looks binary, not text${binaryHint(chunk)}`);
  return sniffed + head.length;
}

/**
 * The input as UTF-8 text, chunk by chunk, so a 1 GB journal streams in constant memory. Stops with one
 * clear message on a file that cannot be read, on binary input (NUL bytes in the first 8 KiB, as git and
 * grep decide) and on input with nothing but white space in it.
 */
export async function* textChunks(input: Input, part: PartOptions = {}): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: part.middle === true });
  let sniffed = part.middle ? SNIFF_BYTES : 0;
  let blank = true;
  try {
    for await (const chunk of input.chunks) {
      sniffed = sniff(input.name, chunk, sniffed);
      for (let at = 0; at < chunk.length; at += DECODE_BYTES) {
        const text = decoder.decode(chunk.subarray(at, at + DECODE_BYTES), { stream: true });
        if (blank && /\S/.test(text)) blank = false;
        yield text;
      }
    }
  } catch (error) {
    throw error instanceof UsageError ? error : unreadable(input.name, error);
  }
  const rest = decoder.decode();
  if (blank && /\S/.test(rest)) blank = false;
  if (rest) yield rest;
  if (part.seen) part.seen.text = !blank;
  else if (blank) throw new UsageError(`${input.name} is empty`);
}

/** The whole input as one string (bundles: JSON has to be whole to parse), with the same checks. */
export async function readText(input: Input): Promise<string> {
  let text = '';
  for await (const chunk of textChunks(input)) text += chunk;
  return text;
}
