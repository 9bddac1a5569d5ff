import type { FactSet } from '../facts.ts';

/**
 * Round 23: a machine's memory as its tools print it, in every form a paste carries: free(1)'s table (procps-ng's
 * "available" column from 3.3.10, the older "buffers cached" columns and "-/+ buffers/cache:" row before it), its
 * figures wrapped onto the next lines or condensed onto one ("Mem: total 1.7Gi used 1.4Gi free 78Mi available
 * 244Mi"), top(1)'s summary ("MiB Mem :  1987.6 total, …" and "… 244.0 avail Mem" in procps-ng 3.3.10+, "KiB Mem:
 * … total, … used, … free, … buffers" with "… cached Mem" in 3.3.0–3.3.9, "Mem:  …k total, …" with "…k cached" in
 * procps 3.2), /proc/meminfo (proc(5): MemTotal, MemAvailable since 3.14, else MemFree + Buffers + Cached;
 * SwapTotal) and vmstat -s ("K total memory", "K free memory", "K buffer memory", "K swap cache", "K total swap").
 *
 * The reading is the memory the system can still give without swapping (free(1) "available", proc(5)
 * "MemAvailable") against the machine's total: under a twentieth is memory used up whatever else is said. With no
 * swap at all the kernel cannot page anonymous memory out, so all it reclaims is page cache, the daemons' own code
 * among it: a machine without swap thrashes on its executables' pages (and the OOM killer follows) well before
 * "available" reaches zero, and under a seventh of the total, less than a gibibyte, is already there.
 */

/** Available under this share of the total: memory used up. */
const EXHAUSTED_SHARE = 0.05;
/** With no swap: available under this share of the total and under NO_SWAP_BYTES. */
const NO_SWAP_SHARE = 0.15;
const NO_SWAP_BYTES = 1024 ** 3;

const UNIT_POWER: Record<string, number> = { b: 0, k: 1, m: 2, g: 3, t: 4, p: 5, e: 6 };

/** A figure as free -h, top or meminfo prints it ("1.7Gi", "78Mi", "0B", "244M", "2048000k", "1987.6"), in bytes. */
function bytes(cell: string, defaultPower: number): number | undefined {
  const m = /^([0-9]+(?:[.,][0-9]+)?)([BbKkMmGgTtPpEe])?(?:i?B?)?$/.exec(cell.trim());
  if (!m?.[1]) return undefined;
  const value = Number(m[1].replace(',', '.'));
  const power = m[2] ? (UNIT_POWER[m[2].toLowerCase()] ?? defaultPower) : defaultPower;
  return value * 1024 ** power;
}

/**
 * The unit free(1) prints plain figures in, by its flags, alone or combined ("-b", "-mt", "-wg"; -k is the default;
 * --tera and the SI long forms). Only free's own flags count: `top -b` or `journalctl -b` say nothing of units.
 * -h prints a suffix on every figure, which `bytes` reads whatever this says.
 */
function freePower(command: string): number {
  const flags = /(?:^|[\s/;&|(])free((?:\s+-[-a-z]+)*)/.exec(command)?.[1] ?? '';
  if (/\s(?:-[a-z]*b[a-z]*|--bytes)\b/.test(flags)) return 0;
  if (/\s(?:-[a-z]*m[a-z]*|--mega|--mebi)\b/.test(flags)) return 2;
  if (/\s(?:-[a-z]*g[a-z]*|--giga|--gibi)\b/.test(flags)) return 3;
  if (/\s(?:--tera|--tebi)\b/.test(flags)) return 4;
  return 1;
}

/** top's summary unit ("KiB Mem", "MiB Mem", "GiB Swap"; procps 3.2's "k" after each figure). */
function topPower(prefix: string | undefined): number {
  return prefix ? (UNIT_POWER[prefix[0]?.toLowerCase() ?? 'k'] ?? 1) : 1;
}

export interface MemoryFigures {
  total: number;
  /** What the system can still give without swapping, when the output says (a lone MemTotal does not). */
  available?: number;
  /** The swap's total when the output gives it. */
  swap?: number;
  text: string;
}

const NAMES = '(total|used|free|shared|buff/cache|buffers|cached|available|avail)';
const FIGURE = '([0-9]+(?:[.,][0-9]+)?(?:[BbKkMmGgTtPpEe](?:iB|i|B)?)?)';

/** name→figure pairs from a line written either way round ("total 1.7Gi", "1.7Gi total", "total: 1.7Gi"). */
function pairs(segment: string, power: number): Map<string, number> {
  const found = new Map<string, number>();
  const after = new RegExp(`\\b${NAMES}\\b[:=]?\\s*${FIGURE}(?![0-9A-Za-z])`, 'g');
  const before = new RegExp(`(?<![0-9A-Za-z.])${FIGURE}\\s+${NAMES}\\b`, 'g');
  if (new RegExp(`^[\\s,]*${NAMES}\\b`).test(segment)) {
    for (const m of segment.matchAll(after)) {
      const v = bytes(m[2] ?? '', power);
      if (v !== undefined && m[1] && !found.has(m[1])) found.set(m[1], v);
    }
    return found;
  }
  for (const m of segment.matchAll(before)) {
    const v = bytes(m[1] ?? '', power);
    if (v !== undefined && m[2] && !found.has(m[2])) found.set(m[2], v);
  }
  return found;
}

/** free(1)'s table: a header of column names, the Mem: row's figures (wrapped onto following lines or not). */
function freeTable(text: string, power: number): MemoryFigures | undefined {
  const header = /^[ \t]*(total[ \t]+used[ \t]+free\b[^\n]*)$/m.exec(text);
  if (!header?.[1]) return undefined;
  const columns = header[1].trim().split(/\s+/);
  const rest = text.slice(header.index + header[0].length);
  const row = /(?:^|\n)[ \t]*Mem:([\s\S]*?)(?=\n[ \t]*(?:-\/\+|Swap:|Total:|Low:|High:)|$)/.exec(rest);
  if (!row?.[1]) return undefined;
  const cells = row[1].trim().split(/\s+/).slice(0, columns.length);
  if (cells.length < 3) return undefined;
  const value = (name: string) => {
    const i = columns.indexOf(name);
    return i >= 0 && cells[i] !== undefined ? bytes(cells[i], power) : undefined;
  };
  const total = value('total');
  if (total === undefined) return undefined;
  const cache = /(?:^|\n)[ \t]*-\/\+ buffers\/cache:\s+(\S+)\s+(\S+)/.exec(rest);
  const available =
    value('available') ??
    (cache?.[2] !== undefined ? bytes(cache[2], power) : undefined) ??
    sum([value('free'), value('buffers'), value('cached'), value('buff/cache')]);
  const swapRow = /(?:^|\n)[ \t]*Swap:\s+(\S+)/.exec(rest);
  const swap = swapRow?.[1] !== undefined ? bytes(swapRow[1], power) : undefined;
  return { total, available, swap, text: `${header[1].trim()} / Mem:${row[1].replace(/\s+/g, ' ')}` };
}

function sum(values: ReadonlyArray<number | undefined>): number | undefined {
  const present = values.filter((v): v is number => v !== undefined);
  return present.length > 0 ? present.reduce((a, b) => a + b, 0) : undefined;
}

/** free's figures condensed after their names on one line, and top's summary lines (figures before names). */
function namedFigures(text: string, power: number): MemoryFigures | undefined {
  const mem = /(?:^|\n)[ \t]*(?:([KMGTPE]iB) )?Mem\b[ \t]*:?[ \t]*([^\n]*)/.exec(text);
  if (!mem?.[2]) return undefined;
  const unit = mem[1] ? topPower(mem[1]) : power;
  const figures = pairs(mem[2], unit);
  const total = figures.get('total');
  if (total === undefined) return undefined;
  const swapLine = /(?:^|\n)[ \t]*(?:[KMGTPE]iB )?Swap\b[ \t]*:?[ \t]*([^\n]*)/.exec(text);
  const swapFigures = swapLine?.[1] ? pairs(swapLine[1], unit) : new Map<string, number>();
  // top's "avail Mem" and its older "cached Mem" / "cached" sit on the Swap line.
  const available =
    figures.get('available') ??
    figures.get('avail') ??
    swapFigures.get('avail') ??
    sum([figures.get('free'), figures.get('buffers'), figures.get('buff/cache'), swapFigures.get('cached')]);
  const swap =
    swapFigures.get('total') ?? (/\bSwap\b[ \t]*:?[ \t]*0(?:\.0+)?B?\s*$/m.test(text) ? 0 : undefined);
  return { total, available, swap, text: `${mem[0].trim()}${swapLine ? ` / ${swapLine[0].trim()}` : ''}` };
}

/** /proc/meminfo's fields, in kB. */
function meminfo(text: string): MemoryFigures | undefined {
  const field = (name: string) => {
    const m = new RegExp(`(?:^|\\n)[ \\t]*${name}:\\s+([0-9]+) kB`).exec(text);
    return m?.[1] !== undefined ? Number(m[1]) * 1024 : undefined;
  };
  const total = field('MemTotal');
  if (total === undefined) return undefined;
  const available = field('MemAvailable') ?? sum([field('MemFree'), field('Buffers'), field('Cached')]);
  const swap = field('SwapTotal');
  const of = available === undefined ? '' : `, MemAvailable ${available / 1024} kB`;
  return { total, available, swap, text: `MemTotal ${total / 1024} kB${of}` };
}

/** vmstat -s's lines ("  2048000 K total memory"). */
function vmstatSummary(text: string): MemoryFigures | undefined {
  const field = (name: string) => {
    const m = new RegExp(`(?:^|\\n)[ \\t]*([0-9]+) ([KM]) ${name}\\b`).exec(text);
    return m?.[1] !== undefined ? Number(m[1]) * 1024 ** (m[2] === 'M' ? 2 : 1) : undefined;
  };
  const total = field('total memory');
  if (total === undefined) return undefined;
  const available = sum([field('free memory'), field('buffer memory'), field('swap cache')]);
  const of = available === undefined ? '' : `, free+buffers+cache ${available}`;
  return { total, available, swap: field('total swap'), text: `vmstat -s: total ${total}${of}` };
}

/** The machine's memory figures in this output, whichever tool's form it is in. */
export function memoryFigures(text: string, command = ''): MemoryFigures | undefined {
  const power = freePower(command);
  return freeTable(text, power) ?? meminfo(text) ?? vmstatSummary(text) ?? namedFigures(text, power);
}

/** Whether the figures say memory is used up (see the module's comment). */
export function memoryUsedUp(m: MemoryFigures): boolean {
  if (m.available === undefined || m.total <= 0 || m.available > m.total) return false;
  const share = m.available / m.total;
  if (share < EXHAUSTED_SHARE) return true;
  return m.swap === 0 && share < NO_SWAP_SHARE && m.available < NO_SWAP_BYTES;
}

/** mem.exhausted from a tool's memory figures. */
export function memoryFigureFacts(text: string, command: string, source: string, facts: FactSet): void {
  const m = memoryFigures(text, command);
  if (m?.available === undefined || !memoryUsedUp(m)) return;
  const share = Math.round((m.available / m.total) * 1000) / 10;
  facts.add({
    id: 'mem.exhausted',
    source,
    text: `${m.text} (available ${share}% of total${m.swap === 0 ? ', no swap' : ''})`,
    value: m.available,
  });
}

/**
 * vmstat(8)'s swap columns: "si: Amount of memory swapped in from disk (/s)", "so: Amount of memory swapped to disk
 * (/s)", in KiB by default (-S changes it). Pages going both ways at once, a mebibyte a second or more each, is the
 * working set not fitting: the machine thrashes, as the reclaim threads on the CPU say (mem.reclaim).
 */
const SWAP_STORM_KIB = 1024;

export function vmstatSwapFacts(text: string, command: string, source: string, facts: FactSet): void {
  if (/\s-S\s*[^kK\s]/.test(` ${command}`)) return;
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^\s*r\s+b\s.*\bsi\s+so\b/.test(l));
  const header = lines[at]?.trim().split(/\s+/);
  if (!header) return;
  const si = header.indexOf('si');
  const so = header.indexOf('so');
  const rows = lines
    .slice(at + 1)
    .filter((l) => /^\s*\d+(?:\s+\d+)+\s*$/.test(l))
    .map((l) => l.trim().split(/\s+/))
    .filter((cells) => cells.length === header.length);
  // The first row is the averages since boot; the samples after it are the interval's.
  const samples = rows.length > 1 ? rows.slice(1) : rows;
  const storm = samples.find((c) => Number(c[si]) >= SWAP_STORM_KIB && Number(c[so]) >= SWAP_STORM_KIB);
  if (!storm) return;
  facts.add({
    id: 'mem.reclaim',
    source,
    text: `vmstat: si ${storm[si]} so ${storm[so]} (${storm.join(' ')})`,
    value: Number(storm[so]),
  });
}
