import type { SSMClient } from '@aws-sdk/client-ssm';
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';
import type { Job } from '../../shared/schemas/job.ts';
import type { LiveEvidence } from '../respond/live.ts';
import { collectOverSsm, instanceIdOf, type SsmCollectOptions } from './collect.ts';

/**
 * Live evidence with SSM after the API server: the Node read first (its providerID names the EC2 instance), then
 * the instance itself read by `pleg-responder collect` over SSM Run Command. Nodes that are not EC2 instances get
 * the API server's reading only. What SSM could not do (not managed, access denied, timed out, output cut) is a
 * bundle of `unavailable` only, so the thread says why the node's own evidence is missing.
 */
export class SsmLiveEvidence implements LiveEvidence {
  readonly #inner: LiveEvidence;
  readonly #ssm: SSMClient;
  readonly #options: SsmCollectOptions;
  readonly #now: () => Date;

  constructor(
    inner: LiveEvidence,
    ssm: SSMClient,
    options: SsmCollectOptions,
    now: () => Date = () => new Date(),
  ) {
    this.#inner = inner;
    this.#ssm = ssm;
    this.#options = options;
    this.#now = now;
  }

  async collect(cluster: string, node: string): Promise<Job[]> {
    const read = await this.#inner.collect(cluster, node);
    const providerID = read.flatMap((j) =>
      j.kind === 'bundle' && j.bundle.providerID ? [j.bundle.providerID] : [],
    )[0];
    const instance = instanceIdOf(providerID);
    if (!instance) return read;
    const outcome = await collectOverSsm(this.#ssm, instance, this.#options);
    const at = this.#now().toISOString();
    const bundle: EvidenceBundle = outcome.ok
      ? {
          ...outcome.bundle,
          cluster,
          node,
          providerID,
          trigger: { by: 'ssm', reasons: [`SSM Run Command ${outcome.commandId} on ${instance}`] },
        }
      : {
          cluster,
          node,
          providerID,
          unavailable: [
            { what: outcome.what, why: outcome.why, ...(outcome.how ? { how: outcome.how } : {}) },
          ],
        };
    const id = outcome.ok ? outcome.commandId : at;
    return [
      ...read,
      { kind: 'bundle', dedupKey: `ssm:${cluster}/${node}:${id}`, cluster, node, receivedAt: at, bundle },
    ];
  }
}
