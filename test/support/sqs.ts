import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsServer } from 'local-aws-sqs';

export interface SqsEmulator {
  client: SQSClient;
  endpoint: string;
  /** Commands the SDK sent, by name (e.g. SendMessageBatchCommand). */
  calls: string[];
  createQueue(
    name: string,
    options?: { maxReceiveCount?: number; visibilitySeconds?: number },
  ): Promise<{ url: string; dlqUrl: string }>;
  depth(url: string): Promise<number>;
  close(): Promise<void>;
}

/** local-aws-sqs on a loopback port, driven by the real AWS SDK. */
export async function startSqs(): Promise<SqsEmulator> {
  const server = await createSqsServer({
    port: 0,
    hostname: '127.0.0.1',
    emulateQueueCreationLifecycle: false,
  });
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const client = new SQSClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  const calls: string[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
  return {
    client,
    endpoint,
    calls,
    async createQueue(name, options = {}) {
      const dlq = await client.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
      const dlqUrl = dlq.QueueUrl ?? '';
      const attrs = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
      );
      const q = await client.send(
        new CreateQueueCommand({
          QueueName: name,
          Attributes: {
            VisibilityTimeout: String(options.visibilitySeconds ?? 30),
            RedrivePolicy: JSON.stringify({
              deadLetterTargetArn: attrs.Attributes?.QueueArn,
              maxReceiveCount: options.maxReceiveCount ?? 3,
            }),
          },
        }),
      );
      return { url: q.QueueUrl ?? '', dlqUrl };
    },
    async depth(url) {
      const r = await client.send(
        new GetQueueAttributesCommand({
          QueueUrl: url,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      return (
        Number(r.Attributes?.ApproximateNumberOfMessages ?? 0) +
        Number(r.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
