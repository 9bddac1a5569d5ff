import type { EvidenceBundle } from '../../schemas/bundle.ts';
import { bundleLogs } from './logs.ts';

/** A command someone ran on the node and what it printed, with where in the bundle it came from. */
export interface Run {
  command: string;
  output: string;
  source: string;
}

/** The bundle's command outputs as runs, each cited as `commandOutputs["…"]`. */
export function bundleRuns(bundle: EvidenceBundle): Run[] {
  return Object.entries(bundle.commandOutputs ?? {}).map(([command, output]) => ({
    command,
    output,
    source: `commandOutputs[${JSON.stringify(command)}]`,
  }));
}

/**
 * Every text a collector or a person put in the bundle, with the source a fact cites: each run's output (with its
 * command), then every log (`logs.<name>`). For readers of output that can stand in either place: a table, a tool's
 * status, a stack pasted among the logs.
 */
export function runAndLogTexts(
  runs: readonly Run[],
  bundle: EvidenceBundle,
): Array<{ command?: string; text: string; source: string }> {
  return [
    ...runs.map((r) => ({ command: r.command, text: r.output, source: r.source })),
    ...bundleLogs(bundle).map((l) => ({ text: l.text, source: `logs.${l.source}` })),
  ];
}
