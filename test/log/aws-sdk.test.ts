import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsSdkLogger } from '../../functions/log/aws-sdk.ts';
import { recordingLogger } from '../support/log.ts';
import { type SqsEmulator, startSqs } from '../support/sqs.ts';

let sqs: SqsEmulator;
beforeAll(async () => {
  sqs = await startSqs();
});
afterAll(async () => {
  await sqs.close();
});

/** A real SQS client on the emulator, logging through our logger as the hosts build it. */
function client(log: ReturnType<typeof recordingLogger>['log']): SQSClient {
  return new SQSClient({
    region: 'us-east-1',
    endpoint: sqs.endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    logger: awsSdkLogger(log),
    maxAttempts: 1,
  });
}

describe('the AWS SDK logging through our logger', () => {
  it('writes each call as one debug line naming the command and status, without the message body', async () => {
    const { url } = await sqs.createQueue('sdk-log');
    const { log, lines } = recordingLogger();
    await client(log).send(
      new SendMessageCommand({ QueueUrl: url, MessageBody: 'alert body: node-7 secret-ish' }),
    );
    expect(lines).toContainEqual({
      level: 'debug',
      message: 'SQSClient SendMessageCommand',
      fields: expect.objectContaining({ status: 200, attempts: 1 }),
    });
    expect(JSON.stringify(lines)).not.toContain('node-7');
  });

  it('writes a failed call as an error line with the service error', async () => {
    const { log, lines } = recordingLogger();
    await expect(
      client(log).send(
        new GetQueueAttributesCommand({
          QueueUrl: `${sqs.endpoint}/000000000000/no-such-queue`,
          AttributeNames: ['All'],
        }),
      ),
    ).rejects.toThrow();
    const failed = lines.find((l) => l.message.startsWith('SQSClient GetQueueAttributesCommand: '));
    expect(failed?.level).toBe('error');
  });
});
