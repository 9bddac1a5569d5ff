import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SSMClient } from '@aws-sdk/client-ssm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvidence } from '../../functions/respond/live.ts';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import { collectOverSsm, instanceIdOf, type SsmCollectOptions } from '../../functions/ssm/collect.ts';
import { SsmLiveEvidence } from '../../functions/ssm/live.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { openEvidenceDb, SqliteEvidenceArchive } from '../../shared/evidence/sqlite-archive.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { alert } from '../support/payloads.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';
import { type SsmFake, startSsmFake } from '../support/ssm-fake.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCUMENT = join(ROOT, 'infra', 'aws', 'ssm-collect.yaml');
const dir = mkdtempSync(join(tmpdir(), 'pleg-ssm-'));

/** A PATH whose `pleg-responder` runs this checkout's CLI (as the package installed on the AMI would). */
function pathWith(script: string): string {
  const bin = join(dir, `bin-${Math.random().toString(36).slice(2)}`);
  mkdirSync(bin);
  writeFileSync(join(bin, 'pleg-responder'), `#!/bin/sh\n${script}\n`);
  chmodSync(join(bin, 'pleg-responder'), 0o755);
  return `${bin}:/usr/bin:/bin`;
}

const EMPTY_ROOT = join(dir, 'host');
mkdirSync(EMPTY_ROOT);
const MANAGED = 'i-0aaaaaaaaaaaaaaa1';
const UNMANAGED = 'i-0bbbbbbbbbbbbbbb2';
const OFFLINE = 'i-0ccccccccccccccc3';
const NO_COLLECTOR = 'i-0ddddddddddddddd4';
const CHATTY = 'i-0eeeeeeeeeeeeeee5';
const DENIED = 'i-0fffffffffffffff6';

let fake: SsmFake;
beforeAll(async () => {
  fake = await startSsmFake({
    accessKeyId: 'AKIDPLEGTEST',
    documents: { 'PlegResponder-Collect': DOCUMENT },
    registerMs: 400,
    instances: {
      // The real collect of this checkout, on this host, with a root holding nothing (no runtime, no kubelet).
      [MANAGED]: {
        managed: true,
        env: {
          PATH: pathWith(
            `exec "${process.execPath}" "${join(ROOT, 'functions/cli/main.ts')}" "$@" --root "${EMPTY_ROOT}" --since -5min --lines 50`,
          ),
        },
      },
      [UNMANAGED]: { managed: false },
      [OFFLINE]: { managed: true, offline: true },
      [NO_COLLECTOR]: { managed: true, env: { PATH: '/usr/bin:/bin' } },
      // A collector whose output is far over SSM's inline 24,000 characters once encoded.
      [CHATTY]: { managed: true, env: { PATH: pathWith(`head -c 60000 /dev/urandom | base64 -w0`) } },
      [DENIED]: { managed: true },
    },
    allow: (op, input) => !(op === 'SendCommand' && (input.InstanceIds as string[]).includes(DENIED)),
  });
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = () =>
  new SSMClient({
    endpoint: fake.endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDPLEGTEST', secretAccessKey: 'secret' },
  });
const options = (over: Partial<SsmCollectOptions> = {}): SsmCollectOptions => ({
  document: 'PlegResponder-Collect',
  timeoutMs: 40_000,
  maxBytes: 65_536,
  budgetSeconds: 10,
  pollMs: 200,
  ...over,
});

describe('collection over SSM, through @aws-sdk/client-ssm against the fake', () => {
  it("names the instance from the Node's providerID", () => {
    expect(instanceIdOf('aws:///eu-west-1a/i-0123456789abcdef0')).toBe('i-0123456789abcdef0');
    expect(instanceIdOf('gce://project/zone/name')).toBeUndefined();
    expect(instanceIdOf(undefined)).toBeUndefined();
  });

  it('runs the shipped document on a managed instance: InvocationDoesNotExist, Pending, InProgress, then the bundle', async () => {
    const outcome = await collectOverSsm(client(), MANAGED, options());
    if (!outcome.ok) throw new Error(`${outcome.why} ${outcome.how ?? ''}`);
    expect(outcome.bundle.host?.collector).toMatch(/^pleg-responder /);
    expect(outcome.bundle.host?.probes?.length).toBeGreaterThan(0);
    const gets = fake.calls.filter((c) => c.operation === 'GetCommandInvocation');
    expect(gets.some((c) => c.error === 'InvocationDoesNotExist')).toBe(true);
    expect(gets.at(-1)).toMatchObject({ status: 200 });
  }, 60_000);

  it('says what stands in the way: not managed, access denied, no collector, output cut, no answer in time', async () => {
    const ssm = client();
    expect(await collectOverSsm(ssm, UNMANAGED, options())).toMatchObject({
      ok: false,
      why: expect.stringContaining('InvalidInstanceId'),
      how: expect.stringContaining('AmazonSSMManagedInstanceCore'),
    });
    expect(await collectOverSsm(ssm, DENIED, options())).toMatchObject({
      ok: false,
      why: expect.stringContaining('AccessDeniedException'),
      how: expect.stringContaining('ssm-collect-policy.json'),
    });
    expect(await collectOverSsm(ssm, NO_COLLECTOR, options())).toMatchObject({
      ok: false,
      why: expect.stringContaining('pleg-responder is not installed'),
    });
    expect(await collectOverSsm(ssm, CHATTY, options())).toMatchObject({
      ok: false,
      why: expect.stringContaining("cut at SSM's 24000 characters"),
    });
    expect(await collectOverSsm(ssm, OFFLINE, options({ timeoutMs: 2500 }))).toMatchObject({
      ok: false,
      why: expect.stringMatching(/no result within 3 s \(last status Pending/),
    });
    expect(await collectOverSsm(ssm, MANAGED, options({ document: 'Nope' }))).toMatchObject({
      ok: false,
      why: expect.stringContaining('InvalidDocument'),
    });
    // A parameter the document's allowedPattern refuses.
    expect(await collectOverSsm(ssm, MANAGED, options({ maxBytes: 123 }))).toMatchObject({
      ok: false,
      why: expect.stringContaining('InvalidParameters'),
    });
  }, 60_000);

  it('rides out throttling (the SDK retries ThrottlingException)', async () => {
    fake.throttleNext(2);
    const before = fake.calls.length;
    const outcome = await collectOverSsm(client(), MANAGED, options());
    expect(outcome.ok).toBe(true);
    expect(fake.calls.slice(before).filter((c) => c.error === 'ThrottlingException')).toHaveLength(2);
  }, 60_000);

  it('enforces the protocol: SigV4, the JSON 1.1 content type and target', async () => {
    const bare = await fetch(fake.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonSSM.SendCommand' },
      body: '{}',
    });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { __type: string }).__type).toBe('MissingAuthenticationTokenException');
    const stranger = new SSMClient({
      endpoint: fake.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDSOMEONEELSE', secretAccessKey: 'x' },
    });
    expect(await collectOverSsm(stranger, MANAGED, options())).toMatchObject({
      ok: false,
      why: expect.stringContaining('UnrecognizedClientException'),
    });
  });
});

describe('SSM in the respond pipeline', () => {
  let slack: SlackFake;
  beforeAll(async () => {
    slack = await startSlackFake({ token: 'xoxb-ssm', channels: ['C0INC'], postIntervalMs: 20 });
  });
  afterAll(() => slack?.close());

  it('an incident opening on an EC2 node: the node read over SSM, kept, and its file in the thread', async () => {
    // The API server's reading of the Node, with its providerID (what shared/kube reads from spec.providerID).
    const api: LiveEvidence = {
      async collect(cluster, node) {
        const at = new Date().toISOString();
        return [
          {
            kind: 'bundle',
            dedupKey: `live:${cluster}/${node}:${at}`,
            cluster,
            node,
            receivedAt: at,
            bundle: { cluster, node, providerID: `aws:///eu-west-1a/${MANAGED}` },
          },
        ];
      },
    };
    const evidence = new SqliteEvidenceArchive(openEvidenceDb(dir));
    const pipeline = new RespondPipeline({
      store: new SqliteIncidentStore(openStateDb(dir)),
      chat: new SlackChat({ token: 'xoxb-ssm', slackApiUrl: slack.apiUrl, minIntervalMs: 20 }),
      policy: {
        channel: 'C0INC',
        reopenWindowMs: 3_600_000,
        storm: { threshold: 5, windowMs: 60_000 },
        stormEditIntervalMs: 10_000,
      },
      live: new SsmLiveEvidence(api, client(), options()),
      evidence,
    });
    const job: Job = {
      kind: 'alert',
      dedupKey: 'alert:ssm-1',
      cluster: 'prod',
      node: 'ip-10-0-1-7.eu-west-1.compute.internal',
      receivedAt: new Date().toISOString(),
      alert: alert('ip-10-0-1-7.eu-west-1.compute.internal'),
      groupKey: 'g',
      externalURL: 'http://alertmanager:9093',
    };
    await pipeline.handle('prod', job.node, [job]);
    const root = slack.messages('C0INC')[0];
    const files = slack.files('C0INC', root?.ts);
    expect(files).toHaveLength(1);
    expect(files[0]?.initial_comment).toContain('ssm: SSM Run Command');
    const content = JSON.parse(files[0]?.content.toString('utf8') ?? '{}');
    expect(content.bundle.host.collector).toMatch(/^pleg-responder/);
    expect(content.bundle.providerID).toBe(`aws:///eu-west-1a/${MANAGED}`);
    expect(await evidence.list(`prod/${job.node}`)).toHaveLength(1);
  }, 60_000);
});
