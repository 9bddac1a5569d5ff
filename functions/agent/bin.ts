#!/usr/bin/env node
// The node agent's own executable (built to dist/agent.js; the DaemonSet runs it): the same agent as
// `pleg-responder agent`, started without the CLI (commander, the command table, every command's option parsing)
// so that idle it holds only the watch loop: the collector is imported when a collection is due. Options as
// `pleg-responder agent --help` lists them; parsed here with node:util.
import { parseArgs } from 'node:util';
import { requireSupportedNode } from '../node-support.ts';

const USAGE = `usage: node dist/agent.js --post URL [--token-file FILE] [--spool DIR] [--interval S] [--healthz URL]
  [--metrics URL] [--kubelet-token-file FILE] [--kubelet-ca-file FILE] [--pleg-threshold S] [--budget S]
  [--root DIR] [--proc DIR] [--node NAME] [--cluster NAME]   (pleg-responder agent --help says what each does)`;

if (requireSupportedNode('pleg-responder agent')) {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: Object.fromEntries(
        [
          'post',
          'token-file',
          'spool',
          'interval',
          'healthz',
          'metrics',
          'kubelet-token-file',
          'kubelet-ca-file',
          'pleg-threshold',
          'budget',
          'root',
          'proc',
          'node',
          'cluster',
        ].map((name) => [name, { type: 'string' as const }]),
      ),
      strict: true,
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    process.stderr.write(`pleg-responder agent: ${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (!values.post) {
    process.stderr.write(`pleg-responder agent: --post is required\n${USAGE}\n`);
    process.exit(2);
  }
  const { AGENT_DEFAULTS, runAgent } = await import('../cli/agent.ts');
  const { UsageError } = await import('../cli/exit-codes.ts');
  try {
    await runAgent(
      {
        ...AGENT_DEFAULTS,
        post: values.post,
        tokenFile: values['token-file'],
        kubeletTokenFile: values['kubelet-token-file'],
        kubeletCaFile: values['kubelet-ca-file'],
        node: values.node,
        cluster: values.cluster,
        ...Object.fromEntries(
          (
            [
              ['spool', 'spool'],
              ['interval', 'interval'],
              ['healthz', 'healthz'],
              ['metrics', 'metrics'],
              ['pleg-threshold', 'plegThreshold'],
              ['budget', 'budget'],
              ['root', 'root'],
              ['proc', 'proc'],
            ] as const
          ).flatMap(([flag, key]) => (values[flag] === undefined ? [] : [[key, values[flag]]])),
        ),
      },
      process.env,
    );
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pleg-responder agent: ${error.message}\n`);
    process.exitCode = 2;
  }
}
