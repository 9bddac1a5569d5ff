import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, type Tags } from 'yaml';
import { loadConfig } from '../../functions/config.ts';

// CloudFormation's short-form intrinsics, kept as their long-form objects ({ Ref }, { 'Fn::If': [...] }, ...).
const list = (name: string) => ({
  tag: `!${name}`,
  collection: 'seq' as const,
  resolve: (v: { toJSON(): unknown }) => ({ [`Fn::${name}`]: v.toJSON() }),
});
const tags: Tags = [
  { tag: '!Ref', resolve: (v: string) => ({ Ref: v }) },
  { tag: '!GetAtt', resolve: (v: string) => ({ 'Fn::GetAtt': v.split('.') }) },
  { tag: '!Sub', resolve: (v: string) => ({ 'Fn::Sub': v }) },
  { tag: '!Condition', resolve: (v: string) => ({ Condition: v }) },
  list('If'),
  list('And'),
  list('Not'),
  list('Equals'),
];
// A Secrets Manager dynamic reference to one key of the secret, as the template writes it.
const secret = (key: string) => ({
  'Fn::Sub': `{{resolve:secretsmanager:\${SecretName}:SecretString:${key}}}`,
});

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}
const ROOT = join(import.meta.dirname, '..', '..');
const TEMPLATE = join(ROOT, 'infra', 'aws', 'template.yaml');
const template = parse(readFileSync(TEMPLATE, 'utf8'), {
  customTags: tags,
}) as {
  Transform: string;
  Parameters: Record<
    string,
    { Type: string; Default?: unknown; MaxValue?: number; AllowedValues?: unknown[] }
  >;
  Conditions: Record<string, unknown>;
  Globals: { Function: { CodeUri: string } };
  Resources: Record<string, Resource>;
};
const r = (name: string): Resource => {
  const resource = template.Resources[name];
  if (!resource) throw new Error(`no resource ${name}`);
  return resource;
};

/*
 * cfn-lint (a Python package: not installable from npm or Debian) checks the template where it is installed; the
 * tests below check the properties the design depends on, against the template's own structure, everywhere.
 */
const cfnLint = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
describe('infra/aws/template.yaml', () => {
  it('is a SAM template whose resources have the expected types', () => {
    expect(template.Transform).toBe('AWS::Serverless-2016-10-31');
    expect(Object.fromEntries(Object.entries(template.Resources).map(([k, v]) => [k, v.Type]))).toEqual({
      JobsDeadLetterQueue: 'AWS::SQS::Queue',
      JobsQueue: 'AWS::SQS::Queue',
      DeadLetterAlarm: 'AWS::CloudWatch::Alarm',
      IngestLogGroup: 'AWS::Logs::LogGroup',
      RespondLogGroup: 'AWS::Logs::LogGroup',
      StateTable: 'AWS::DynamoDB::Table',
      EvidenceBucket: 'AWS::S3::Bucket',
      CollectDocument: 'AWS::SSM::Document',
      IngestFunction: 'AWS::Serverless::Function',
      RespondFunction: 'AWS::Serverless::Function',
    });
  });

  it('redrives failed jobs to the DLQ and keeps visibility >= 6x the respond timeout', () => {
    const redrive = r('JobsQueue').Properties.RedrivePolicy as {
      deadLetterTargetArn: unknown;
      maxReceiveCount: number;
    };
    expect(redrive.deadLetterTargetArn).toEqual({ 'Fn::GetAtt': ['JobsDeadLetterQueue', 'Arn'] });
    expect(redrive.maxReceiveCount).toBeGreaterThan(1);
    const maxTimeout = template.Parameters.RespondTimeoutSeconds?.MaxValue ?? Number.POSITIVE_INFINITY;
    expect(r('JobsQueue').Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * maxTimeout);
  });

  it('triggers respond from SQS with partial batch failures', () => {
    const events = r('RespondFunction').Properties.Events as Record<
      string,
      { Type: string; Properties: Record<string, unknown> }
    >;
    expect(events.Jobs?.Type).toBe('SQS');
    expect(events.Jobs?.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(events.Jobs?.Properties.BatchSize).toBeLessThanOrEqual(10);
  });

  it('grants each function only what it uses', () => {
    const statements = (name: string) =>
      (
        r(name).Properties.Policies as Array<{ Statement: Array<{ Action: string[]; Resource: unknown }> }>
      ).flatMap((p) => p.Statement);
    expect(statements('IngestFunction')).toEqual([
      {
        Effect: 'Allow',
        Action: ['sqs:SendMessage', 'sqs:GetQueueAttributes'],
        Resource: { 'Fn::GetAtt': ['JobsQueue', 'Arn'] },
      },
    ]);
    const [requeue, ...state] = statements('RespondFunction');
    // Requeues a job a downstream fault stopped, on the jobs queue only (receive/delete come with the trigger).
    expect(requeue).toEqual({
      Effect: 'Allow',
      Action: ['sqs:SendMessage'],
      Resource: { 'Fn::GetAtt': ['JobsQueue', 'Arn'] },
    });
    // The state table; then the evidence bucket and, with SsmCollect, SSM and its output bucket (tested below).
    const table = state.filter((s) => JSON.stringify(s.Resource ?? null).includes('StateTable'));
    expect(table.length).toBeGreaterThan(0);
    expect(JSON.stringify(state.slice(table.length))).not.toContain('StateTable');
    for (const s of state.slice(table.length))
      expect(JSON.stringify(s)).toMatch(/EvidenceBucket|CollectOverSsm|SsmOutputToS3/);
    for (const s of table) {
      expect(s.Resource).toEqual({ 'Fn::GetAtt': ['StateTable', 'Arn'] });
      expect(
        s.Action.every((a) =>
          /^dynamodb:(BatchGetItem|BatchWriteItem|GetItem|PutItem|UpdateItem|Scan)$/.test(a),
        ),
      ).toBe(true);
    }
  });

  it.skipIf(!cfnLint)(
    'passes cfn-lint',
    () => {
      const r = spawnSync('cfn-lint', [TEMPLATE], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    },
    150_000,
  );

  it('builds the functions from the project entry points', () => {
    // SAM resolves CodeUri from the template's folder and the entry points from CodeUri: the repository root, so
    // `sam build -t infra/aws/template.yaml` from there finds them (and package.json).
    const code = join(TEMPLATE, '..', template.Globals.Function.CodeUri);
    expect(code).toBe(`${ROOT}/`);
    expect(readFileSync(join(code, 'package.json'), 'utf8')).toContain('"name": "pleg-responder"');
    for (const [name, entry] of [
      ['IngestFunction', 'functions/lambda/ingest.ts'],
      ['RespondFunction', 'functions/lambda/respond.ts'],
    ] as const) {
      const metadata = (
        template.Resources[name] as unknown as { Metadata: { BuildProperties: { EntryPoints: string[] } } }
      ).Metadata;
      expect(metadata.BuildProperties.EntryPoints).toEqual([entry]);
      expect(readFileSync(join(code, entry), 'utf8')).toContain('export');
    }
    expect((r('IngestFunction').Properties.FunctionUrlConfig as { AuthType: string }).AuthType).toBe('NONE');
  });

  const env = (name: string) =>
    (r(name).Properties.Environment as { Variables: Record<string, unknown> }).Variables;

  it('takes every secret from Secrets Manager by dynamic reference, never ssm-secure (refused in env vars)', () => {
    expect(JSON.stringify(template.Resources)).not.toContain('ssm-secure');
    expect(template.Parameters.SecretName?.Type).toBe('String');
    expect(env('IngestFunction').INGEST_TOKEN).toEqual(secret('INGEST_TOKEN'));
    // Every value that looks like a dynamic reference is a Secrets Manager one.
    for (const name of ['IngestFunction', 'RespondFunction']) {
      for (const m of JSON.stringify(env(name)).matchAll(/\{\{resolve:([a-z-]+):/g))
        expect(m[1]).toBe('secretsmanager');
    }
  });

  it('gives the functions the Slack settings when a channel is set, and none otherwise', () => {
    expect(template.Conditions.UseSlack).toEqual({
      'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'SlackChannel' }, ''] }],
    });
    const ifSlack = (value: unknown) => ({ 'Fn::If': ['UseSlack', value, { Ref: 'AWS::NoValue' }] });
    expect(env('RespondFunction')).toMatchObject({
      SLACK_BOT_TOKEN: ifSlack(secret('SLACK_BOT_TOKEN')),
      SLACK_CHANNEL: ifSlack({ Ref: 'SlackChannel' }),
    });
    expect(Object.keys(env('RespondFunction')).filter((k) => k.startsWith('SLACK_'))).toHaveLength(2);
    expect(env('IngestFunction').SLACK_SIGNING_SECRET).toEqual(ifSlack(secret('SLACK_SIGNING_SECRET')));
    expect(template.Parameters.SlackChannel?.Default).toBe('');
  });

  it('alarms on any message in the dead-letter queue, notifying the optional SNS topic', () => {
    const alarm = r('DeadLetterAlarm').Properties;
    expect(alarm).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': ['JobsDeadLetterQueue', 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
    const topic = { 'Fn::If': ['NotifyTopic', [{ Ref: 'AlarmTopicArn' }], { Ref: 'AWS::NoValue' }] };
    expect(alarm.AlarmActions).toEqual(topic);
    expect(template.Conditions.NotifyTopic).toEqual({
      'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'AlarmTopicArn' }, ''] }],
    });
    expect(template.Parameters.AlarmTopicArn?.Default).toBe('');
  });

  it('logs each function to its own log group with a retention', () => {
    for (const [fn, group] of [
      ['IngestFunction', 'IngestLogGroup'],
      ['RespondFunction', 'RespondLogGroup'],
    ] as const) {
      expect(r(fn).Properties.LoggingConfig).toEqual({ LogGroup: { Ref: group } });
      expect(r(group).Properties.RetentionInDays).toEqual({ Ref: 'LogRetentionDays' });
    }
    // CloudWatch accepts only its own list of retentions.
    expect(template.Parameters.LogRetentionDays?.AllowedValues).toContain(
      template.Parameters.LogRetentionDays?.Default,
    );
  });
});

describe('infra/aws/responder-policy.json: the in-cluster consumer on SQS (components/sqs)', () => {
  const policy = JSON.parse(readFileSync(join(ROOT, 'infra', 'aws', 'responder-policy.json'), 'utf8')) as {
    Statement: Array<{ Effect: string; Action: string[] }>;
  };
  const allowed = new Set(policy.Statement.filter((st) => st.Effect === 'Allow').flatMap((st) => st.Action));

  it('allows every SQS call the queue adapter makes, SendMessage among them (requeue during an outage)', () => {
    const source = readFileSync(join(ROOT, 'shared', 'queue', 'sqs.ts'), 'utf8');
    // A batch call is authorised by its single-message action (SendMessageBatch by sqs:SendMessage...).
    const actions = [...source.matchAll(/new (\w+?)(?:Batch)?Command\(/g)].map((m) => `sqs:${m[1]}`);
    expect(new Set(actions)).toEqual(
      new Set([
        'sqs:SendMessage',
        'sqs:ReceiveMessage',
        'sqs:DeleteMessage',
        'sqs:ChangeMessageVisibility',
        'sqs:GetQueueAttributes',
      ]),
    );
    for (const action of actions) expect(allowed).toContain(action);
  });
});

const policy = JSON.parse(readFileSync(join(ROOT, 'infra', 'aws', 'ssm-collect-policy.json'), 'utf8')) as {
  Statement: Array<{ Action: string; Resource: string; Condition?: unknown }>;
};

describe('evidence and SSM collection in the template', () => {
  it("creates the SSM document from infra/aws/ssm-collect.yaml's own content, only with SsmCollect=true", () => {
    const doc = r('CollectDocument') as Resource & { Condition?: string };
    expect(doc.Condition).toBe('CollectOverSsm');
    expect(doc.Properties.Content).toEqual(
      parse(readFileSync(join(ROOT, 'infra', 'aws', 'ssm-collect.yaml'), 'utf8')),
    );
    expect(doc.Properties.Name).toBe('PlegResponder-Collect');
  });

  it('grants SendCommand on that document and tagged instances only, as ssm-collect-policy.json does', () => {
    const send = policy.Statement.filter((s) => s.Action === 'ssm:SendCommand');
    expect(send.map((s) => s.Resource)).toEqual([
      'arn:aws:ssm:*:*:document/PlegResponder-Collect',
      'arn:aws:ec2:*:*:instance/*',
    ]);
    expect(send[1]?.Condition).toEqual({
      StringEquals: { 'ssm:resourceTag/pleg-responder/collect': 'true' },
    });
    expect(policy.Statement.map((s) => s.Action).sort()).toEqual([
      's3:GetObject',
      'ssm:GetCommandInvocation',
      'ssm:SendCommand',
      'ssm:SendCommand',
    ]);
    const text = JSON.stringify(r('RespondFunction').Properties.Policies);
    expect(text).toContain('document/PlegResponder-Collect');
    expect(text).toContain('ssm:resourceTag/pleg-responder/collect');
    expect(text).not.toContain('ssm:*');
  });

  it('reads whole SSM outputs from SsmOutputBucket under the default prefix only, as ssm-collect-policy.json does', () => {
    const prefix = loadConfig({}).SSM_OUTPUT_PREFIX;
    const parameter = template.Parameters.SsmOutputBucket as { Default?: unknown; AllowedPattern?: string };
    expect(parameter.Default).toBe('');
    for (const name of ['', 'acme-ssm-output', 'logs.example'])
      expect(new RegExp(parameter.AllowedPattern ?? '').test(name), name).toBe(true);
    for (const name of ['Acme', 'a', 'acme/ssm', 'arn:aws:s3:::acme'])
      expect(new RegExp(parameter.AllowedPattern ?? '').test(name), name).toBe(false);
    expect(template.Conditions.SsmOutputToS3).toEqual({
      'Fn::And': [
        { Condition: 'CollectOverSsm' },
        { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'SsmOutputBucket' }, ''] }] },
      ],
    });
    const env = (r('RespondFunction').Properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(env.SSM_OUTPUT_BUCKET).toEqual({
      'Fn::If': ['SsmOutputToS3', { Ref: 'SsmOutputBucket' }, { Ref: 'AWS::NoValue' }],
    });
    // The one statement naming the output bucket: GetObject under the prefix, nothing else of the bucket.
    const statements = (r('RespondFunction').Properties.Policies as Array<{ Statement: unknown[] }>).flatMap(
      (p) => p.Statement,
    );
    const s3 = statements.filter((s) => JSON.stringify(s).includes('SsmOutputBucket'));
    expect(s3).toEqual([
      {
        'Fn::If': [
          'SsmOutputToS3',
          {
            Effect: 'Allow',
            Action: ['s3:GetObject'],
            Resource: { 'Fn::Sub': `arn:\${AWS::Partition}:s3:::\${SsmOutputBucket}/${prefix}/*` },
          },
          { Ref: 'AWS::NoValue' },
        ],
      },
    ]);
    const reads = policy.Statement.filter((s) => s.Action.startsWith('s3:'));
    expect(reads.map((s) => s.Action)).toEqual(['s3:GetObject']);
    expect(reads[0]?.Resource).toMatch(new RegExp(`^arn:aws:s3:::[a-z0-9.-]+/${prefix}/\\*$`));
  });

  it("tells in the document's header what the instance profile needs for outputs written to S3", () => {
    const header = readFileSync(join(ROOT, 'infra', 'aws', 'ssm-collect.yaml'), 'utf8').split(
      '\nschemaVersion',
    )[0];
    expect(header).toContain('s3:PutObject on arn:aws:s3:::BUCKET/pleg-responder/ssm/*');
    expect(header).toContain('SSM_OUTPUT_BUCKET');
  });

  it('keeps evidence in a private bucket with a retention rule, the function limited to its prefix', () => {
    const bucket = r('EvidenceBucket').Properties as {
      PublicAccessBlockConfiguration: Record<string, boolean>;
      LifecycleConfiguration: { Rules: Array<{ Prefix: string; ExpirationInDays: unknown }> };
    };
    expect(Object.values(bucket.PublicAccessBlockConfiguration).every(Boolean)).toBe(true);
    expect(bucket.LifecycleConfiguration.Rules[0]).toMatchObject({ Prefix: 'evidence/' });
    const env = (r('RespondFunction').Properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(env.EVIDENCE_BUCKET).toEqual({ Ref: 'EvidenceBucket' });
  });
});
