import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { parse as parseYaml } from 'yaml';

/**
 * A loopback fake of AWS Systems Manager's Run Command for the real @aws-sdk/client-ssm (endpoint
 * `http://127.0.0.1:PORT`), enforcing what SSM enforces for SendCommand and GetCommandInvocation:
 *
 * - the AWS JSON 1.1 protocol: POST /, Content-Type application/x-amz-json-1.1, X-Amz-Target AmazonSSM.<Operation>
 *   (else UnknownOperationException / SerializationException), a SigV4 Authorization header for the ssm service
 *   with X-Amz-Date (else MissingAuthenticationTokenException / IncompleteSignatureException), a known access key
 *   (else UnrecognizedClientException); the signature itself is not recomputed;
 * - SendCommand: a known document (InvalidDocument), parameters it declares and its allowedPattern accepts
 *   (InvalidParameters), instance ids of EC2's form (ValidationException), instances that exist and are managed
 *   (InvalidInstanceId), TimeoutSeconds 30..2592000, what the caller's policy allows (AccessDeniedException);
 * - GetCommandInvocation: InvocationDoesNotExist until the invocation is registered (SSM's eventual consistency,
 *   `registerMs` after SendCommand), then Pending → InProgress → Success/Failed/TimedOut (delivery timeout when the
 *   instance's agent never picks it up, the document's timeoutSeconds for execution); ResponseCode -1 while it runs;
 *   StandardOutputContent cut at 24,000 characters and StandardErrorContent at 8,000, as SSM returns them inline;
 * - output to S3: with OutputS3BucketName, the agent PUTs the whole stdout to
 *   `<OutputS3KeyPrefix>/<command id>/<instance id>/awsrunShellScript/<step>/stdout` before the invocation ends, and
 *   GetCommandInvocation names it in StandardOutputUrl (path-style on the S3 endpoint); the inline output is still cut
 *   at 24,000 characters. A failed upload (an instance profile without s3:PutObject) leaves the status as it was and
 *   the URL named, the object absent, as the SSM agent does;
 * - throttling: `throttleNext(n)` answers the next n requests with ThrottlingException (HTTP 400), as SSM does.
 *
 * An instance runs the document for real: its aws:runShellScript lines, parameters substituted, under `sh` with
 * the instance's environment (a PATH holding its `pleg-responder`, or not).
 */
export interface SsmFakeInstance {
  /** Registered with SSM (agent up, instance profile): else InvalidInstanceId. */
  managed: boolean;
  /** The agent never picks commands up (stopped, unreachable): they stay Pending until delivery times out. */
  offline?: boolean;
  /** Environment of the script (PATH above all). */
  env?: Record<string, string>;
  /** Its instance profile may not write to the output bucket: the upload fails, the command still succeeds. */
  putDenied?: boolean;
}

export interface SsmFakeOptions {
  accessKeyId: string;
  /** Document name → the document file (YAML), as created with CreateDocument. */
  documents: Record<string, string>;
  instances: Record<string, SsmFakeInstance>;
  /** What the caller's IAM policy allows; default everything. */
  allow?: (operation: string, input: Record<string, unknown>) => boolean;
  /** ms from SendCommand until GetCommandInvocation knows the invocation (default 300). */
  registerMs?: number;
  /** ms an online agent takes to pick a command up (default 200). */
  pickupMs?: number;
  /** Where instances write output to S3 (OutputS3BucketName): the endpoint of the URLs, and a client to PUT with. */
  s3?: { endpoint: string; client: () => S3Client };
}

export interface SsmFakeCall {
  operation: string;
  status: number;
  error?: string;
}

interface Invocation {
  commandId: string;
  instanceId: string;
  document: string;
  registeredAt: number;
  status: 'Pending' | 'InProgress' | 'Success' | 'Failed' | 'TimedOut';
  details: string;
  code: number;
  stdout: string;
  stderr: string;
  /** The key of the output in OutputS3BucketName, when SendCommand named one. */
  output: { bucket: string; key: string } | undefined;
}

export interface SsmFake {
  endpoint: string;
  calls: SsmFakeCall[];
  throttleNext(n: number): void;
  close(): Promise<void>;
}

const STDOUT_CHARS = 24_000;
const STDERR_CHARS = 8_000;
const INSTANCE_ID = /^(i|mi)-[0-9a-f]{8,17}$/;
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/ssm\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=[0-9a-f]{64}$/;

interface Doc {
  parameters: Record<string, { default?: string; allowedPattern?: string }>;
  lines: string[];
  timeoutSeconds: number;
  /** The step's plugin and name as SSM puts them in the output's key: `awsrunShellScript/collect`. */
  step: string;
}

function loadDocument(file: string): Doc {
  const d = parseYaml(readFileSync(file, 'utf8')) as {
    parameters?: Record<string, { default?: string; allowedPattern?: string }>;
    mainSteps: Array<{
      action: string;
      name: string;
      inputs: { runCommand: string[]; timeoutSeconds?: string };
    }>;
  };
  const step = d.mainSteps[0];
  if (!step) throw new Error(`${file}: no step`);
  return {
    parameters: d.parameters ?? {},
    lines: step.inputs.runCommand,
    timeoutSeconds: Number(step.inputs.timeoutSeconds ?? 3600),
    step: `${step.action.replace(':', '')}/${step.name}`,
  };
}

class Refusal extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

export async function startSsmFake(options: SsmFakeOptions): Promise<SsmFake> {
  const documents = new Map(
    Object.entries(options.documents).map(([name, file]) => [name, loadDocument(file)]),
  );
  const invocations = new Map<string, Invocation>();
  const calls: SsmFakeCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const children = new Set<ReturnType<typeof spawn>>();
  let throttled = 0;
  const later = (ms: number, run: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      run();
    }, ms);
    timers.add(t);
  };

  function run(inv: Invocation, doc: Doc, params: Record<string, string>, instance: SsmFakeInstance) {
    inv.status = 'InProgress';
    inv.details = 'InProgress';
    const script = doc.lines
      .map((line) => line.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? ''))
      .join('\n');
    const child = spawn('sh', ['-c', script], {
      env: { ...instance.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      inv.stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      inv.stderr += c;
    });
    const limit = setTimeout(() => child.kill('SIGKILL'), doc.timeoutSeconds * 1000);
    child.on('close', async (code, signal) => {
      clearTimeout(limit);
      children.delete(child);
      if (inv.output && options.s3 && !instance.putDenied)
        await options.s3
          .client()
          .send(new PutObjectCommand({ Bucket: inv.output.bucket, Key: inv.output.key, Body: inv.stdout }))
          // The agent logs a failed upload; the command's status does not depend on it.
          .catch(() => undefined);
      if (signal === 'SIGKILL') {
        inv.status = 'TimedOut';
        inv.details = 'ExecutionTimedOut';
        inv.code = -1;
        return;
      }
      inv.code = code ?? -1;
      inv.status = code === 0 ? 'Success' : 'Failed';
      inv.details = inv.status;
    });
  }

  /** The instance ids, as SendCommand takes them (EC2's form, 1 to 50), else ValidationException. */
  function instanceIds(raw: unknown): string[] {
    const ok = (i: unknown) => typeof i === 'string' && INSTANCE_ID.test(i);
    if (!Array.isArray(raw) || raw.length < 1 || raw.length > 50 || !raw.every(ok))
      throw new Refusal(
        'ValidationException',
        "1 validation error detected: Value at 'instanceIds' failed to satisfy constraint",
      );
    return raw as string[];
  }

  /** The document's parameters with the given values (declared, one value, its allowedPattern), else InvalidParameters. */
  function parameters(doc: Doc, given: Record<string, unknown>): Record<string, string> {
    const params: Record<string, string> = {};
    for (const [key, spec] of Object.entries(doc.parameters))
      if (spec.default !== undefined) params[key] = spec.default;
    for (const [key, value] of Object.entries(given)) {
      const spec = doc.parameters[key];
      const one = Array.isArray(value) && value.length === 1 ? value[0] : undefined;
      const fits =
        typeof one === 'string' && (!spec?.allowedPattern || new RegExp(spec.allowedPattern).test(one));
      if (!spec || !fits)
        throw new Refusal('InvalidParameters', `Parameter "${key}" is not valid for the document.`);
      params[key] = one as string;
    }
    return params;
  }

  /** TimeoutSeconds (30 s to 30 days), else ValidationException. */
  function timeoutOf(raw: unknown): number | undefined {
    if (raw !== undefined && (typeof raw !== 'number' || raw < 30 || raw > 2_592_000))
      throw new Refusal(
        'ValidationException',
        "Value at 'timeoutSeconds' failed to satisfy constraint: Member must have value between 30 and 2592000",
      );
    return raw;
  }

  /** OutputS3BucketName (a bucket's name, else ValidationException) and OutputS3KeyPrefix, when given. */
  function outputOf(input: Record<string, unknown>): { bucket: string; prefix: string } | undefined {
    const bucket = input.OutputS3BucketName;
    if (bucket === undefined) return undefined;
    if (typeof bucket !== 'string' || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
      throw new Refusal('ValidationException', "Value at 'outputS3BucketName' failed to satisfy constraint");
    const prefix = input.OutputS3KeyPrefix;
    return { bucket, prefix: typeof prefix === 'string' ? prefix.replace(/\/$/, '') : '' };
  }

  function sendCommand(input: Record<string, unknown>): unknown {
    const name = input.DocumentName;
    const doc = typeof name === 'string' ? documents.get(name) : undefined;
    if (!doc || typeof name !== 'string')
      throw new Refusal('InvalidDocument', `Document ${String(name)} does not exist.`);
    const ids = instanceIds(input.InstanceIds);
    const timeout = timeoutOf(input.TimeoutSeconds);
    const given = (input.Parameters ?? {}) as Record<string, unknown>;
    const params = parameters(doc, given);
    if (ids.some((id) => !options.instances[id]?.managed))
      throw new Refusal('InvalidInstanceId', 'Instances not in a valid state for account');
    const output = outputOf(input);
    const commandId = randomUUID();
    const now = Date.now();
    for (const id of ids) {
      const instance = options.instances[id] as SsmFakeInstance;
      const inv: Invocation = {
        commandId,
        instanceId: id,
        document: name,
        registeredAt: now + (options.registerMs ?? 300),
        status: 'Pending',
        details: 'Pending',
        code: -1,
        stdout: '',
        stderr: '',
        output: output && {
          bucket: output.bucket,
          key: [output.prefix, commandId, id, doc.step, 'stdout'].filter(Boolean).join('/'),
        },
      };
      invocations.set(`${commandId}/${id}`, inv);
      if (instance.offline)
        later((timeout ?? 3600) * 1000, () => {
          inv.status = 'TimedOut';
          inv.details = 'DeliveryTimedOut';
        });
      else
        later((options.registerMs ?? 300) + (options.pickupMs ?? 200), () => run(inv, doc, params, instance));
    }
    return {
      Command: {
        CommandId: commandId,
        DocumentName: name,
        InstanceIds: ids,
        Parameters: given,
        Status: 'Pending',
        RequestedDateTime: now / 1000,
        TimeoutSeconds: timeout ?? 3600,
      },
    };
  }

  function getCommandInvocation(input: Record<string, unknown>): unknown {
    if (typeof input.CommandId !== 'string' || typeof input.InstanceId !== 'string')
      throw new Refusal('ValidationException', 'CommandId and InstanceId are required');
    const inv = invocations.get(`${input.CommandId}/${input.InstanceId}`);
    if (!inv || Date.now() < inv.registeredAt) throw new Refusal('InvocationDoesNotExist', '');
    return {
      CommandId: inv.commandId,
      InstanceId: inv.instanceId,
      DocumentName: inv.document,
      PluginName: 'collect',
      Status: inv.status,
      StatusDetails: inv.details,
      ResponseCode: inv.code,
      StandardOutputContent: inv.stdout.slice(0, STDOUT_CHARS),
      StandardOutputUrl:
        inv.output && options.s3
          ? `${options.s3.endpoint.replace(/\/$/, '')}/${inv.output.bucket}/${inv.output.key}`
          : '',
      StandardErrorContent: inv.stderr.slice(0, STDERR_CHARS),
      StandardErrorUrl: '',
    };
  }

  function check(req: IncomingMessage): string {
    if (req.method !== 'POST' || req.url !== '/') throw new Refusal('UnknownOperationException', '');
    const auth = req.headers.authorization;
    if (!auth) throw new Refusal('MissingAuthenticationTokenException', 'Missing Authentication Token');
    const m = AUTH.exec(auth);
    if (!m || !req.headers['x-amz-date'] || !m[4]?.split(';').includes('host'))
      throw new Refusal(
        'IncompleteSignatureException',
        'Authorization header requires SigV4 for the ssm service',
      );
    if (m[1] !== options.accessKeyId)
      throw new Refusal(
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
      );
    if (req.headers['content-type'] !== 'application/x-amz-json-1.1')
      throw new Refusal('SerializationException', 'Content-Type must be application/x-amz-json-1.1');
    const target = /^AmazonSSM\.(\w+)$/.exec(String(req.headers['x-amz-target'] ?? ''))?.[1];
    if (target !== 'SendCommand' && target !== 'GetCommandInvocation')
      throw new Refusal('UnknownOperationException', '');
    return target;
  }

  /** One request: the operation it named, its HTTP status and JSON body (an error as SSM writes one). */
  function answer(req: IncomingMessage, raw: string): { operation: string; status: number; body: unknown } {
    let operation = String(req.headers['x-amz-target'] ?? '?').replace(/^AmazonSSM\./, '');
    try {
      operation = check(req);
      if (throttled > 0) {
        throttled -= 1;
        throw new Refusal('ThrottlingException', 'Rate exceeded');
      }
      const input = JSON.parse(raw || '{}') as Record<string, unknown>;
      if (options.allow && !options.allow(operation, input))
        throw new Refusal('AccessDeniedException', `User is not authorized to perform: ssm:${operation}`);
      const body = operation === 'SendCommand' ? sendCommand(input) : getCommandInvocation(input);
      return { operation, status: 200, body };
    } catch (error) {
      if (error instanceof Refusal)
        return { operation, status: 400, body: { __type: error.type, message: error.message } };
      return { operation, status: 500, body: { __type: 'InternalServerError', message: String(error) } };
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { operation, status, body } = answer(req, Buffer.concat(chunks).toString('utf8'));
      const error = (body as { __type?: string }).__type;
      calls.push({ operation, status, ...(error ? { error } : {}) });
      res.writeHead(status, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': randomUUID(),
      });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    throttleNext(n) {
      throttled = n;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const c of children) c.kill('SIGKILL');
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
