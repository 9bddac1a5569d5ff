import { failedStepOf } from '../unit-steps.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';

/**
 * `systemctl status UNIT`: a header line with the unit's state glyph (`●` active/failed, `×` failed on newer
 * systemd, `○` inactive, `↻` reloading, `*` without UTF-8), then indented `Key: value` lines (Loaded, Active,
 * Main PID, CGroup tree...), then a blank line and the unit's last journal lines.
 */
const HEADER = /^\s*(?:[●×○↻*] )?([\w@.:\\-]+\.(?:service|socket|scope|slice))(?: - .*)?$/;
const GLYPH_HEADER = /^\s*[●×○↻*] [\w@.:\\-]+\.(?:service|socket|scope|slice)\b/;

export interface UnitStatus {
  unit: string | undefined;
  /** The Active: value, e.g. `failed (Result: exit-code) since …`. */
  active: string;
  /** Stopped and not coming back by itself: failed, inactive (dead), or its start limit was hit. */
  stopped: boolean;
  /** Exited and waiting for systemd's next restart (a crash loop). */
  restarting: boolean;
  /** The unit file's enablement from the Loaded line (`enabled`, `disabled`, `static`, `masked`...). */
  enablement: string | undefined;
  /** Memory in use and the unit's limit in bytes, from `Memory: 1.9G (max: 2.0G …)` (`limit:` before v240). */
  memory: { used: number; max: number } | undefined;
  /**
   * The step of the unit's start that failed, in words, from its Process lines (a pre-start command that exited
   * with an error) or from a status of systemd's own (`203/EXEC`) on the main process; the latest run first, as
   * systemctl lists them.
   */
  failedStep: string | undefined;
  /** The Active and Main PID lines (and the failed step's line), as cited evidence. */
  text: string;
}

const UNIT_FACTORS: Readonly<Record<string, number>> = {
  B: 1,
  K: 2 ** 10,
  M: 2 ** 20,
  G: 2 ** 30,
  T: 2 ** 40,
};

/** systemd's format_bytes: `512.0K`, `1.9G`, `0B`. */
function bytes(text: string | undefined): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([BKMGT])$/.exec(text ?? '');
  const factor = UNIT_FACTORS[m?.[2] ?? ''];
  return m && factor ? Number(m[1]) * factor : undefined;
}

function memoryLine(output: string): { used: number; max: number } | undefined {
  const m = /^\s*Memory: (\S+) \([^)\n]*?\b(?:max|limit): (\S+?)[ )]/m.exec(output);
  const used = bytes(m?.[1]);
  const max = bytes(m?.[2]);
  return used !== undefined && max ? { used, max } : undefined;
}

export function readUnitStatus(output: string): UnitStatus | undefined {
  const active = /^\s*Active: (.+)$/m.exec(output)?.[1]?.trim();
  if (!active) return undefined;
  const unit = output
    .split('\n')
    .map((l) => HEADER.exec(l)?.[1])
    .find((u) => u !== undefined);
  const mainPid = /^\s*Main PID: (\d+ \((?:code|status)=[^)]*\))/m.exec(output)?.[1];
  const limit = /Start request repeated too quickly/.test(output);
  const enablement = /^\s*Loaded: [^(\n]*\([^;)\n]*; ([\w-]+)[;)]/m.exec(output)?.[1];
  // The Main PID line of a main process that never ran names systemd's step alone (`(code=exited, status=203/EXEC)`).
  const asProcess = (l: string) => l.replace(/^Main PID: (\d+) /, 'Process: $1 ExecStart=(main process) ');
  const stepLine = output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /^(?:Process|Main PID): /.test(l) && failedStepOf(asProcess(l)) !== undefined);
  const failedStep = stepLine ? failedStepOf(asProcess(stepLine)) : undefined;
  return {
    unit,
    active,
    stopped: /^(?:failed|inactive \(dead\))/.test(active) || limit,
    restarting: /^activating \(auto-restart\)/.test(active),
    enablement,
    memory: memoryLine(output),
    failedStep,
    text: [
      unit ? `${unit}:` : undefined,
      `Active: ${active}`,
      mainPid ? `Main PID: ${mainPid}` : undefined,
      memoryLine(output) ? /^\s*(Memory: .+)$/m.exec(output)?.[1] : undefined,
      limit ? 'Start request repeated too quickly' : undefined,
      stepLine && !stepLine.startsWith('Main PID') ? stepLine : undefined,
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * The `systemctl status` blocks inside a text that is not a paste (a bundle's log field holding one): each header
 * with a state glyph and the indented lines under it, as one block per unit.
 */
export function statusBlocksIn(text: string): Array<{ unit: string; output: string }> {
  if (!text.includes('Active: ')) return [];
  const blocks: Array<{ unit: string; output: string }> = [];
  let current: { unit: string; lines: string[] } | undefined;
  const close = () => {
    if (current) blocks.push({ unit: current.unit, output: current.lines.join('\n') });
    current = undefined;
  };
  for (const line of text.split('\n')) {
    const unit = GLYPH_HEADER.test(line) ? HEADER.exec(line)?.[1] : undefined;
    if (unit) {
      close();
      current = { unit, lines: [line] };
    } else if (current && /^\s+\S/.test(line) && current.lines.length < MAX_LINES) current.lines.push(line);
    else close();
  }
  close();
  return blocks;
}

const MAX_LINES = 200;
const MAX_LINE_CHARS = 1024;

class SystemctlStatus implements Section {
  readonly format = 'systemctl-status';
  readonly #unit: string;
  readonly #lines: string[];

  constructor(unit: string, first: string) {
    this.#unit = unit;
    this.#lines = [first];
  }

  take(line: string): boolean {
    // The status block is indented; the blank line before the journal tail ends it.
    if (!/^\s+\S/.test(line)) return false;
    if (this.#lines.length < MAX_LINES) this.#lines.push(line.slice(0, MAX_LINE_CHARS));
    return true;
  }

  close(evidence: PasteEvidence): void {
    evidence.addCommandOutput(`systemctl status ${this.#unit}`, this.#lines.join('\n'));
  }
}

export const openSystemctlStatus: Opener = (line) => {
  if (!GLYPH_HEADER.test(line)) return undefined;
  const unit = HEADER.exec(line)?.[1];
  return unit ? new SystemctlStatus(unit, line) : undefined;
};
