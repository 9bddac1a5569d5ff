import type { DiagnosisContext, Provenance } from '../schemas/diagnosis.ts';
import { RUNTIME_TOOLS, toolsFor } from './commands.ts';

const FROM: Record<Exclude<Provenance, 'assumed'>, string> = {
  flag: 'as given on the command line',
  bundle: 'as the node reports it',
  paste: 'as the pasted text names it',
};

/**
 * One sentence saying which runtime the commands are written for and which node they name, and where each came
 * from, so nobody runs `docker` commands on a containerd node, or a command for the wrong node, without seeing it.
 */
export function describeContext(context: DiagnosisContext): string {
  const runtime =
    context.runtimeFrom === 'assumed'
      ? `runtime not known: commands assume ${toolsFor(context.runtime).daemon} (${toolsFor(context.runtime).cli}); use --runtime to choose`
      : `runtime ${RUNTIME_TOOLS[context.runtime === 'unknown' ? 'containerd' : context.runtime].daemon} (${FROM[context.runtimeFrom]})`;
  const node =
    context.nodeFrom === 'assumed' || context.node === undefined
      ? 'node not named: commands use "$NODE"'
      : `node ${context.node} (${FROM[context.nodeFrom]})`;
  return `Commands for ${runtime}; ${node}.`;
}
