import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SSMClient } from '@aws-sdk/client-ssm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvidence } from '../../functions/respond/live.ts';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import {
  collectOverSsm,
  instanceIdOf,
  SSM_INLINE_OUTPUT_CHARS,
  type SsmCollectOptions,
} from '../../functions/ssm/collect.ts';
import { SsmLiveEvidence } from '../../functions/ssm/live.ts';
import { readSsmOutput, type SsmOutputBucket, s3LocationOf } from '../../functions/ssm/s3-output.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { openEvidenceDb, SqliteEvidenceArchive } from '../../shared/evidence/sqlite-archive.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { CorpusCaseSchema } from '../corpus.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { alert } from '../support/payloads.ts';
import { type LocalS3, startLocalS3 } from '../support/s3.ts';
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
const LARGE = 'i-0aaaaaaaaaaaaaab7';
const LARGE_NO_PUT = 'i-0aaaaaaaaaaaaaac8';

/**
 * A bundle far over SSM's inline output once gzip'd and base64'd: a corpus case (a file-max pipe leak) with 40,000
 * characters of incompressible text among its logs, printed by the node's `pleg-responder collect`.
 */
const LARGE_CASE = CorpusCaseSchema.parse(
  JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'corpus', 'containerd-4641-pipe-leak-file-max.json'), 'utf8'),
  ),
);
const LARGE_BUNDLE: EvidenceBundle = {
  ...LARGE_CASE.bundle,
  logs: { ...LARGE_CASE.bundle.logs, other: randomBytes(30_000).toString('base64') },
};
const LARGE_FILE = join(dir, 'large-bundle.json');
writeFileSync(LARGE_FILE, JSON.stringify(LARGE_BUNDLE));
const PREFIX = 'pleg-responder/ssm';

let fake: SsmFake;
let s3: LocalS3;
/** S3 as the responder and the fake's instances reach it, where S3's refusals and silences are put on. */
let s3proxy: FaultProxy;
let bucket: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  bucket = await s3.bucket();
  s3proxy = await startFaultProxy(s3.endpoint);
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
      [LARGE]: { managed: true, env: { PATH: pathWith(`cat "${LARGE_FILE}"`) } },
      // Its instance profile may not write to the output bucket.
      [LARGE_NO_PUT]: { managed: true, putDenied: true, env: { PATH: pathWith(`cat "${LARGE_FILE}"`) } },
    },
    s3: { endpoint: s3proxy.url, client: () => s3.client() },
    allow: (op, input) => !(op === 'SendCommand' && (input.InstanceIds as string[]).includes(DENIED)),
  });
});
afterAll(async () => {
  await fake?.close();
  await s3proxy?.close();
  await s3?.close();
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
/** The output bucket as the responder reads it: through the proxy, with the real @aws-sdk/client-s3. */
const outputBucket = (over: Partial<SsmOutputBucket> = {}): SsmOutputBucket => ({
  bucket,
  prefix: PREFIX,
  endpoint: s3proxy.url,
  client: async () =>
    new S3Client({
      endpoint: s3proxy.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      maxAttempts: 1,
    }),
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
      how: expect.stringMatching(/set SSM_OUTPUT_BUCKET .* or lower SSM_MAX_BYTES/),
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

describe("outputs over SSM's 24,000 inline characters, read whole from S3 (s3rver, @aws-sdk/client-s3)", () => {
  const listed = async () =>
    (
      await s3.client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${PREFIX}/` }))
    ).Contents?.map((o) => o.Key) ?? [];

  it('reads the bundle whole from the object SSM wrote, and it diagnoses as on the node', async () => {
    const outcome = await collectOverSsm(client(), LARGE, options({ output: outputBucket() }));
    if (!outcome.ok) throw new Error(`${outcome.why} ${outcome.how ?? ''}`);
    // SSM wrote the output where SendCommand asked, under the prefix, as its agent names the key.
    const key = `${PREFIX}/${outcome.commandId}/${LARGE}/awsrunShellScript/collect/stdout`;
    expect(await listed()).toContain(key);
    const object = await s3.client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect((await object.Body?.transformToString())?.length).toBeGreaterThan(SSM_INLINE_OUTPUT_CHARS);
    expect(outcome.bundle).toEqual(LARGE_BUNDLE);
    const diagnosis = diagnose(outcome.bundle);
    expect(diagnosis).toEqual(diagnose(LARGE_BUNDLE));
    expect(diagnosis.verdict).toBe(LARGE_CASE.expected.cause);
  }, 60_000);

  it('without SSM_OUTPUT_BUCKET the same output is cut, and the reason says what to set', async () => {
    expect(await collectOverSsm(client(), LARGE, options())).toMatchObject({
      ok: false,
      why: expect.stringContaining("cut at SSM's 24000 characters"),
      how: expect.stringMatching(/set SSM_OUTPUT_BUCKET .* or lower SSM_MAX_BYTES/),
    });
  }, 60_000);

  it('says why when the object is missing (the instance may not write it) or S3 refuses the read', async () => {
    expect(await collectOverSsm(client(), LARGE_NO_PUT, options({ output: outputBucket() }))).toMatchObject({
      ok: false,
      why: expect.stringMatching(
        /reading it whole from S3 failed: NoSuchKey for s3:\/\/pleg-evidence-\d+\/pleg-responder\/ssm\//,
      ),
      how: expect.stringContaining(
        `instance profile needs s3:PutObject on arn:aws:s3:::${bucket}/${PREFIX}/*`,
      ),
    });
    s3proxy.aim({
      fault: 's3_access_denied',
      match: (path, _, method) => method === 'GET' && path.endsWith('/stdout'),
    });
    expect(await collectOverSsm(client(), LARGE, options({ output: outputBucket() }))).toMatchObject({
      ok: false,
      why: expect.stringContaining('AccessDenied for s3://'),
      how: expect.stringContaining(`role needs s3:GetObject on arn:aws:s3:::${bucket}/${PREFIX}/*`),
    });
  }, 60_000);

  it('gives up on S3 within the collection time', async () => {
    s3proxy.aim({ fault: 'hang', match: (path, _, method) => method === 'GET' && path.endsWith('/stdout') });
    const started = Date.now();
    expect(
      await collectOverSsm(client(), LARGE, options({ timeoutMs: 6000, output: outputBucket() })),
    ).toMatchObject({ ok: false, why: expect.stringContaining('S3 did not answer for s3://') });
    expect(Date.now() - started).toBeLessThan(8000);
  }, 60_000);

  it('reads no more than its bound', async () => {
    expect(
      await collectOverSsm(client(), LARGE, options({ output: outputBucket({ maxBytes: 30_000 }) })),
    ).toMatchObject({
      ok: false,
      why: expect.stringMatching(/is \d+ bytes, over the 30000 bytes the responder reads/),
      how: 'lower SSM_MAX_BYTES',
    });
  }, 60_000);

  it('holds the bound and the time on a body streamed without its length, and on one that stalls', async () => {
    // An S3 endpoint answering every GET with a chunked body (no Content-Length): 40,000 bytes, or 1,000 and silence.
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
      if (req.url?.includes('/stall/')) res.write('x'.repeat(1000));
      else res.end('x'.repeat(40_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const output = outputBucket({
      bucket: 'streamed',
      endpoint,
      maxBytes: 30_000,
      client: async () =>
        new S3Client({
          endpoint,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          maxAttempts: 1,
        }),
    });
    try {
      expect(
        await readSsmOutput(output, `${endpoint}/streamed/${PREFIX}/all/stdout`, AbortSignal.timeout(5000)),
      ).toMatchObject({
        ok: false,
        why: expect.stringContaining('is over the 30000 bytes the responder reads'),
      });
      expect(
        await readSsmOutput(output, `${endpoint}/streamed/${PREFIX}/stall/stdout`, AbortSignal.timeout(1500)),
      ).toMatchObject({ ok: false, why: expect.stringContaining('S3 did not answer for s3://streamed/') });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads only the configured bucket, under its prefix: a URL naming anything else is refused unread', async () => {
    const before = { ...s3proxy.counts };
    const key = `${PREFIX}/c0ffee/${LARGE}/awsrunShellScript/collect/stdout`;
    const signal = AbortSignal.timeout(5000);
    expect(await readSsmOutput(outputBucket(), `${s3proxy.url}someone-else/${key}`, signal)).toEqual({
      ok: false,
      why: `the output's URL names the bucket someone-else, not SSM_OUTPUT_BUCKET (${bucket}): not read`,
    });
    expect(await readSsmOutput(outputBucket(), `${s3proxy.url}${bucket}/elsewhere/stdout`, signal)).toEqual({
      ok: false,
      why: `the output's URL names a key outside SSM_OUTPUT_PREFIX (${PREFIX}/): not read`,
    });
    // Another host than S3's or the configured endpoint.
    expect(await readSsmOutput(outputBucket(), `https://example.com/${bucket}/${key}`, signal)).toMatchObject(
      {
        ok: false,
        why: expect.stringContaining("not an S3 object's"),
      },
    );
    expect(s3proxy.counts).toEqual(before);
  });

  it('parses StandardOutputUrl in path style, virtual-hosted style and on a custom endpoint', () => {
    const key = 'pleg-responder/ssm/cmd/i-0123456789abcdef0/awsrunShellScript/collect/stdout';
    for (const url of [
      `https://s3.eu-west-1.amazonaws.com/my-bucket/${key}`,
      `https://s3.amazonaws.com/my-bucket/${key}`,
      `https://s3-eu-west-1.amazonaws.com/my-bucket/${key}`,
      `https://s3.dualstack.eu-west-1.amazonaws.com/my-bucket/${key}`,
      `https://my-bucket.s3.eu-west-1.amazonaws.com/${key}`,
      `https://my-bucket.s3.amazonaws.com/${key}`,
      `https://s3.cn-north-1.amazonaws.com.cn/my-bucket/${key}`,
    ])
      expect(s3LocationOf(url), url).toEqual({ bucket: 'my-bucket', key });
    // A bucket name with dots (virtual-hosted), and one named like the service.
    expect(s3LocationOf(`https://logs.example.s3.us-east-1.amazonaws.com/${key}`)).toEqual({
      bucket: 'logs.example',
      key,
    });
    expect(s3LocationOf(`https://s3.s3.us-east-1.amazonaws.com/${key}`)).toEqual({ bucket: 's3', key });
    expect(s3LocationOf(`https://s3.eu-west-1.amazonaws.com/my-bucket/a%20b`)).toEqual({
      bucket: 'my-bucket',
      key: 'a b',
    });
    expect(s3LocationOf(`http://127.0.0.1:9000/my-bucket/${key}`, 'http://127.0.0.1:9000')).toEqual({
      bucket: 'my-bucket',
      key,
    });
    for (const url of [
      `http://127.0.0.1:9001/my-bucket/${key}`, // not the configured endpoint
      `http://s3.eu-west-1.amazonaws.com/my-bucket/${key}`, // S3's host, not over TLS
      `https://s3.eu-west-1.amazonaws.com.evil.example/my-bucket/${key}`,
      'https://s3.eu-west-1.amazonaws.com/my-bucket',
      'https://s3.eu-west-1.amazonaws.com/my-bucket/',
      'https://my-bucket.s3.eu-west-1.amazonaws.com/',
      'https://s3.eu-west-1.amazonaws.com/my-bucket/%E0%A4%A',
      'not a url',
      '',
    ])
      expect(s3LocationOf(url, 'http://127.0.0.1:9000'), url).toBeUndefined();
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
