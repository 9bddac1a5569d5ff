import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, type Tags } from 'yaml';

// CloudFormation's short-form intrinsics, kept as { Ref } / { 'Fn::GetAtt' } / { 'Fn::Sub' } objects.
const tags: Tags = [
  { tag: '!Ref', resolve: (v: string) => ({ Ref: v }) },
  { tag: '!GetAtt', resolve: (v: string) => ({ 'Fn::GetAtt': v.split('.') }) },
  { tag: '!Sub', resolve: (v: string) => ({ 'Fn::Sub': v }) },
];

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}
const template = parse(readFileSync(join(import.meta.dirname, '../../infra/aws/template.yaml'), 'utf8'), {
  customTags: tags,
}) as {
  Transform: string;
  Parameters: Record<string, { MaxValue?: number }>;
  Resources: Record<string, Resource>;
};
const r = (name: string): Resource => {
  const resource = template.Resources[name];
  if (!resource) throw new Error(`no resource ${name}`);
  return resource;
};

/*
 * No CloudFormation validator runs offline here (cfn-lint is a Python package and PyPI is out of reach), so these
 * tests check the properties the design depends on, against the template's own structure.
 */
describe('infra/aws/template.yaml', () => {
  it('is a SAM template whose resources have the expected types', () => {
    expect(template.Transform).toBe('AWS::Serverless-2016-10-31');
    expect(Object.fromEntries(Object.entries(template.Resources).map(([k, v]) => [k, v.Type]))).toEqual({
      JobsDeadLetterQueue: 'AWS::SQS::Queue',
      JobsQueue: 'AWS::SQS::Queue',
      StateTable: 'AWS::DynamoDB::Table',
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
    for (const s of statements('RespondFunction')) {
      expect(s.Resource).toEqual({ 'Fn::GetAtt': ['StateTable', 'Arn'] });
      expect(
        s.Action.every((a) =>
          /^dynamodb:(BatchGetItem|BatchWriteItem|GetItem|PutItem|UpdateItem|Scan)$/.test(a),
        ),
      ).toBe(true);
    }
  });

  it('builds the functions from the project entry points and keeps the token out of the template', () => {
    for (const [name, entry] of [
      ['IngestFunction', 'functions/lambda/ingest.ts'],
      ['RespondFunction', 'functions/lambda/respond.ts'],
    ] as const) {
      const metadata = (
        template.Resources[name] as unknown as { Metadata: { BuildProperties: { EntryPoints: string[] } } }
      ).Metadata;
      expect(metadata.BuildProperties.EntryPoints).toEqual([entry]);
      expect(readFileSync(join(import.meta.dirname, '../..', entry), 'utf8')).toContain('export');
    }
    const env = (r('IngestFunction').Properties.Environment as { Variables: Record<string, unknown> })
      .Variables;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation's own ${} substitution syntax.
    expect(env.INGEST_TOKEN).toEqual({ 'Fn::Sub': '{{resolve:ssm-secure:${IngestTokenParameter}}}' });
    expect((r('IngestFunction').Properties.FunctionUrlConfig as { AuthType: string }).AuthType).toBe('NONE');
  });
});
