import { describeContext } from '../diagnosis/context.ts';
import type { Command, DefectRef, Diagnosis, Evidence } from '../schemas/diagnosis.ts';

/**
 * Untrusted text (log lines, node names, annotations) must not drive the terminal: control characters, ANSI
 * escapes included, are shown as `?`.
 */
export function sanitizeForTerminal(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?');
}

const MAX_LINE = 220;

/** One terminal line: embedded line breaks shown as ⏎ (no text may start a line of its own), then sanitised. */
function terminalLine(text: string): string {
  return sanitizeForTerminal(text.replace(/\s*(?:\r\n|\n|\r)\s*/g, ' ⏎ '));
}

function clip(text: string): string {
  const clean = terminalLine(text);
  return clean.length > MAX_LINE ? `${clean.slice(0, MAX_LINE - 1)}…` : clean;
}

function percent(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

function evidenceLines(items: readonly Evidence[], indent: string): string[] {
  return items.flatMap((e) => [
    `${indent}${e.source}${e.occurrences > 1 ? ` (×${e.occurrences})` : ''}: ${clip(e.text)}`,
    `${indent}    → ${e.meaning}`,
  ]);
}

function commandLines(commands: readonly Command[]): string[] {
  const width = Math.min(90, Math.max(...commands.map((c) => c.command.length)));
  const line = (c: Command) =>
    `    ${c.where === 'node' ? 'node   ' : 'cluster'}  ${c.command.padEnd(width)}  # ${c.purpose}`;
  const confirm = commands.filter((c) => c.risk === 'read-only');
  const fix = commands.filter((c) => c.risk === 'disruptive');
  return [
    ...(confirm.length ? ['  Confirm (read-only):', ...confirm.map(line)] : []),
    ...(fix.length ? ['  Fix (DISRUPTIVE — in this order):', ...fix.map(line)] : []),
  ];
}

function defectLines(defect: DefectRef): string[] {
  return [
    `  Known defect ${defect.id}: ${defect.mechanism}.`,
    `  Fixed: ${defect.fix}`,
    ...defect.links.map((link) => `    ${link}`),
  ].map(sanitizeForTerminal);
}

/** The verdict line: the cause with its mechanism and any known defect, or why there is none. */
function verdictLines(d: Diagnosis, top: Diagnosis['causes'][number] | undefined): string[] {
  if (d.verdict === 'unknown' || !top) {
    return [
      'Verdict: unknown — the evidence does not single out a cause.',
      ...(top
        ? [`  Leading candidate: ${top.title} (${percent(top.confidence)}), not enough to act on.`]
        : []),
    ];
  }
  const mechanism = top.mechanism ? ` (${sanitizeForTerminal(top.mechanism)})` : '';
  return [
    `Verdict: ${top.title}${mechanism} [${top.id}] — confidence ${percent(top.confidence)}`,
    ...(top.limits.length ? [`  Not enough to act on alone: ${top.limits.join('; ')}. Confirm first.`] : []),
    `  ${top.summary}`,
    ...(top.defect ? defectLines(top.defect) : []),
  ];
}

/** A readable report of a diagnosis for a terminal or a plain-text channel. */
export function renderDiagnosisText(d: Diagnosis): string {
  const top = d.causes[0];
  const where = [d.node && `node ${d.node}`, d.cluster && `cluster ${d.cluster}`].filter(Boolean).join(', ');
  const out: string[] = [`pleg-responder diagnosis${where ? ` — ${sanitizeForTerminal(where)}` : ''}`];
  out.push(describeContext(d.context));
  out.push(...verdictLines(d, top));
  if (top) {
    out.push('', 'Why:', ...top.chain.map((step, i) => `  ${i + 1}. ${step}`));
    out.push('', 'Evidence:', ...evidenceLines(top.evidence, '  '));
    if (top.against.length) out.push('', 'Against:', ...evidenceLines(top.against, '  '));
    if (d.verdict !== 'unknown') {
      out.push('', `Commands (node commands run on the node itself):`);
      out.push(...commandLines(top.commands));
    }
  }
  const others = d.causes.slice(1);
  if (others.length) {
    out.push(
      '',
      'Other candidates:',
      ...others.map((c) => `  ${percent(c.confidence).padStart(4)}  ${c.title} [${c.id}]`),
    );
  }
  if (d.missing.length) {
    out.push('', 'To settle it, collect:', ...d.missing.map((m) => `  - ${m.what}: ${m.how}`));
  }
  if (d.unavailable.length) {
    out.push(
      '',
      'Not collected, as the bundle reports it (quoted, not advice):',
      ...d.unavailable.map((u) => `  - ${clip(u.what)} — the collector reported: "${clip(u.reason)}"`),
    );
  }
  if (d.discounted.length) {
    out.push('', 'Not counted:', ...evidenceLines(d.discounted, '  '));
  }
  // Every line, whatever it interpolates, reaches the terminal sanitised.
  return `${out.map(terminalLine).join('\n')}\n`;
}
