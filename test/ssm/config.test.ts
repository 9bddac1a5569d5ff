import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../../functions/config.ts';
import { ssmOptions } from '../../functions/respond/live-config.ts';

const base = { INGEST_AUTH: 'off', SSM_COLLECT: 'true' };

describe('SSM settings', () => {
  it('without SSM_OUTPUT_BUCKET: no output to S3, and a bundle bound that fits the inline output', () => {
    const options = ssmOptions(loadConfig(base));
    expect(options.output).toBeUndefined();
    expect(options.maxBytes).toBe(131_072);
    expect(loadConfig(base).SSM_OUTPUT_PREFIX).toBe('pleg-responder/ssm');
  });

  it('with SSM_OUTPUT_BUCKET: the bucket and prefix SendCommand names, and a larger default bound', async () => {
    const options = ssmOptions(
      loadConfig({ ...base, SSM_OUTPUT_BUCKET: 'acme-ssm-output', SSM_OUTPUT_PREFIX: 'ops/pleg/' }),
    );
    expect(options.output).toMatchObject({ bucket: 'acme-ssm-output', prefix: 'ops/pleg' });
    expect(options.output?.endpoint).toBeUndefined();
    expect(options.maxBytes).toBe(1_048_576);
    // The client is made (and its SDK loaded) when first asked for, once.
    const client = await options.output?.client();
    expect(client).toBeInstanceOf(S3Client);
    expect(await options.output?.client()).toBe(client);
    // An explicit bound wins either way.
    expect(
      ssmOptions(loadConfig({ ...base, SSM_OUTPUT_BUCKET: 'acme-ssm-output', SSM_MAX_BYTES: '65536' }))
        .maxBytes,
    ).toBe(65_536);
    expect(ssmOptions(loadConfig({ ...base, SSM_MAX_BYTES: '262144' })).maxBytes).toBe(262_144);
  });

  it('takes a custom S3 endpoint for the outputs (local implementations, tests)', () => {
    const options = ssmOptions(
      loadConfig({
        ...base,
        SSM_OUTPUT_BUCKET: 'outputs',
        SSM_OUTPUT_S3_ENDPOINT: 'http://127.0.0.1:4569',
      }),
    );
    expect(options.output?.endpoint).toBe('http://127.0.0.1:4569');
  });

  it('refuses a name that is no bucket, a prefix from the root, credentials in the endpoint and typos', () => {
    for (const bucket of ['My_Bucket', 'ab', '-outputs', `a${'b'.repeat(63)}`])
      expect(() => loadConfig({ ...base, SSM_OUTPUT_BUCKET: bucket }), bucket).toThrow(
        /SSM_OUTPUT_BUCKET: use an S3 bucket name/,
      );
    for (const prefix of ['/pleg', 'pleg//ssm', 'pleg ssm', ''])
      expect(() => loadConfig({ ...base, SSM_OUTPUT_PREFIX: prefix }), prefix).toThrow(/SSM_OUTPUT_PREFIX/);
    expect(() => loadConfig({ ...base, SSM_OUTPUT_S3_ENDPOINT: 'http://u:p@127.0.0.1:4569' })).toThrow(
      /SSM_OUTPUT_S3_ENDPOINT: must not contain credentials/,
    );
    expect(() => loadConfig({ ...base, SSM_OUTPUT_BUKET: 'outputs' })).toThrow(
      new ConfigError(
        'invalid configuration:\n  SSM_OUTPUT_BUKET: unknown setting (did you mean SSM_OUTPUT_BUCKET?)',
      ),
    );
    expect(() => loadConfig({ ...base, SSM_MAX_BYTES: '2097152' })).toThrow(
      /SSM_MAX_BYTES: use 16384 to 1048576/,
    );
  });

  it("lets every bound SSM_MAX_BYTES allows through the document's allowedPattern", () => {
    const document = parse(
      readFileSync(join(import.meta.dirname, '../../infra/aws/ssm-collect.yaml'), 'utf8'),
    ) as {
      parameters: { maxBytes: { allowedPattern: string; default: string } };
    };
    const pattern = new RegExp(document.parameters.maxBytes.allowedPattern);
    for (const bound of [16_384, 131_072, 1_048_576, Number(document.parameters.maxBytes.default)])
      expect(pattern.test(String(bound)), String(bound)).toBe(true);
  });
});
