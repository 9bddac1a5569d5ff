import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsServer } from 'local-aws-sqs';

/** Runs on the Node side: the SQS emulator the Worker (inside workerd) enqueues to. */
export default async function setup(): Promise<() => Promise<void>> {
  const port = Number(process.env.PLEG_TEST_SQS_PORT);
  const server = await createSqsServer({ port, hostname: '127.0.0.1', emulateQueueCreationLifecycle: false });
  const client = new SQSClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await client.send(new CreateQueueCommand({ QueueName: 'ingest-jobs' }));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
