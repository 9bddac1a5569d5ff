import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  labelFingerprint,
  normaliseAlertmanager,
  normaliseBundle,
  normaliseEvents,
} from '../../shared/intake/normalise.ts';
import { canonicalJson } from '../../shared/schemas/canonical.ts';
import { HASHED_KEY, JobSchema } from '../../shared/schemas/job.ts';
import { alert, alertmanagerPayload, nodeNotReadyEvent } from '../support/payloads.ts';

const AT = '2026-11-21T03:00:05.000Z';

/** The key formats before hashing, as they were written: what a processed store may still hold. */
const legacy = {
  alert: (fp: string, status: string, startsAt: string) => `alert:${fp}:${status}:${startsAt}`,
  event: (identity: string, count: number) => `event:${identity}:${count}`,
};

async function alertKey(a: ReturnType<typeof alert>): Promise<string> {
  const [job] = (await normaliseAlertmanager(alertmanagerPayload([a]) as never, 'prod', AT)).jobs;
  return job?.dedupKey ?? '';
}

describe('dedup keys', () => {
  it('keep their meaning: same input, same key; another status, count or content, another key', async () => {
    const a = alert('node-a');
    expect(await alertKey(a)).toBe(await alertKey({ ...a, annotations: { summary: 'changed text' } }));
    expect(await alertKey(a)).not.toBe(await alertKey({ ...a, status: 'resolved' }));
    expect(await alertKey(a)).not.toBe(await alertKey({ ...a, startsAt: '2026-11-21T04:00:00Z' }));
    // Without a fingerprint the label set names the alert, as Alertmanager's own fingerprint would.
    const { fingerprint: _, ...bare } = a;
    expect(await alertKey(bare as never)).toBe(
      await alertKey({ ...a, fingerprint: labelFingerprint(a.labels) }),
    );

    const events = async (e: object[]) =>
      (await normaliseEvents(e as never, 'prod', AT)).jobs.map((j) => j.dedupKey);
    const event = nodeNotReadyEvent('node-a');
    expect(await events([event])).toEqual(await events([{ ...event, message: 'other words' }]));
    expect(await events([event])).not.toEqual(await events([{ ...event, count: 2 }]));
    const { metadata: __, ...anonymous } = event;
    expect(await events([anonymous])).toEqual(await events([{ ...anonymous }]));
    expect(await events([anonymous])).not.toEqual(await events([{ ...anonymous, message: 'other words' }]));

    const bundle = async (b: object) => (await normaliseBundle(b as never, 'prod', AT)).jobs[0]?.dedupKey;
    expect(await bundle({ node: 'n', counts: { pods: 1, containers: 2 } })).toBe(
      await bundle({ counts: { containers: 2, pods: 1 }, node: 'n' }),
    );
    expect(await bundle({ node: 'n', counts: { pods: 1 } })).not.toBe(
      await bundle({ node: 'n', counts: { pods: 2 } }),
    );
  });

  it('fit the job schema however long the parts, and never equal a key of the former formats', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 2000 }),
        fc.constantFrom('firing', 'resolved'),
        fc.string({ maxLength: 2000 }),
        fc.option(fc.string({ maxLength: 2000 }), { nil: undefined }),
        fc.nat(),
        async (fingerprint, status, startsAt, uid, count) => {
          const a = { ...alert('n'), fingerprint, status, startsAt };
          const [job] = (await normaliseAlertmanager(alertmanagerPayload([a]) as never, 'prod', AT)).jobs;
          const e = { ...nodeNotReadyEvent('n'), metadata: { uid }, count };
          const [eventJob] = (await normaliseEvents([e] as never, 'prod', AT)).jobs;
          for (const j of [job, eventJob]) {
            expect(j?.dedupKey).toMatch(HASHED_KEY);
            expect(JobSchema.safeParse(j).success).toBe(true);
          }
          // A former key has at least two more colons than the kind's: it can never be a hashed key.
          expect(legacy.alert(fingerprint, status, startsAt)).not.toMatch(HASHED_KEY);
          expect(legacy.event(uid ?? fingerprint, count)).not.toMatch(HASHED_KEY);
          expect(job?.dedupKey).not.toBe(legacy.alert(fingerprint, status, startsAt));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hash canonical JSON built without recursion: key order is irrelevant, depth is no limit', () => {
    expect(canonicalJson({ b: [1, { d: 'x', c: null }], a: 'q', u: undefined })).toBe(
      '{"a":"q","b":[1,{"c":null,"d":"x"}]}',
    );
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(canonicalJson(deep)).toHaveLength(200_001);
    expect(canonicalJson(Array(300_000).fill(0))).toHaveLength(600_001);
  });
});
