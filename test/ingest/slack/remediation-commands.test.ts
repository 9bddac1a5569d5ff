import { describe, expect, it } from 'vitest';
import { planSlashCommand } from '../../../functions/ingest/slack/requests.ts';

/** `/pleg cordon|drain|replace|uncordon NODE [cluster] [--override-storm]`, parsed into the same request as the buttons. */
describe('remediation commands', () => {
  it('queue a remediate request for the node, in the default cluster or the one named', () => {
    expect(planSlashCommand('drain worker-7', '/pleg', 'prod')).toMatchObject({
      kind: 'enqueue',
      request: { action: 'remediate', what: 'drain', override: false },
      cluster: 'prod',
      node: 'worker-7',
    });
    expect(planSlashCommand('replace worker-7 edge --override-storm', '/pleg', 'prod')).toMatchObject({
      request: { action: 'remediate', what: 'replace', override: true },
      cluster: 'edge',
    });
    for (const word of ['cordon', 'uncordon', 'DRAIN'])
      expect(planSlashCommand(`${word} worker-7`, '/pleg', 'prod').kind).toBe('enqueue');
  });

  it('answer at once, queueing nothing, for a missing or invalid node or extra words', () => {
    expect(planSlashCommand('drain', '/pleg', 'prod')).toMatchObject({
      kind: 'answer',
      outcome: 'usage_error',
    });
    expect(planSlashCommand('drain Worker_7', '/pleg', 'prod')).toMatchObject({
      kind: 'answer',
      outcome: 'invalid_node',
    });
    expect(planSlashCommand('drain worker-7 prod extra', '/pleg', 'prod')).toMatchObject({ kind: 'answer' });
  });
});
