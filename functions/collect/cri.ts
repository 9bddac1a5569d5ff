import { connect as http2Connect } from 'node:http2';
import { connect as netConnect } from 'node:net';
import { CallError, type Check, timedCheck } from './check.ts';

/**
 * CRI calls over the runtime's unix socket, spoken directly: gRPC is HTTP/2 with a 5-byte frame per message, and
 * the calls the collector makes (Version, ListPodSandbox, ListContainers) take empty requests and need only a few
 * fields of the answer (strings, and how many items a list holds). node:http2 does the transport with a timeout we
 * control, and a 40-line protobuf reader does the rest, so no gRPC library and no .proto files are shipped, and the
 * agent in its image (where crictl is not installed) makes the same real call the kubelet makes.
 */

/** CRI's service names: v1 since Kubernetes 1.23 (containerd 1.6+, cri-o 1.23+); v1alpha2 before. */
const SERVICES = ['runtime.v1.RuntimeService', 'runtime.v1alpha2.RuntimeService'] as const;
/** gRPC status UNIMPLEMENTED: the runtime does not serve this service (version) or method. */
const UNIMPLEMENTED = 12;
/** Answers larger than this are not read further (the kubelet's own gRPC limit is 16 MiB). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

interface GrpcAnswer {
  status: number;
  message?: string;
  body: Buffer;
}

function connectionError(error: NodeJS.ErrnoException): CallError {
  const outcome = error.code === 'ECONNREFUSED' ? 'refused' : error.code === 'ENOENT' ? 'absent' : 'error';
  return new CallError(outcome, error.code ?? error.message);
}

/** One unary gRPC call with an empty request; rejects with a CallError saying how it failed. */
function unary(
  socketPath: string,
  path: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<GrpcAnswer> {
  return new Promise((resolve, reject) => {
    const session = http2Connect('http://localhost', { createConnection: () => netConnect(socketPath) });
    const chunks: Buffer[] = [];
    let size = 0;
    // A trailers-only answer (an error) carries the status in the headers; a normal one in the trailers.
    let status: Record<string, unknown> = {};
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    };
    let failed = false;
    const fail = (error: CallError) => {
      if (failed) return;
      failed = true;
      settle();
      session.destroy();
      reject(error);
    };
    const abort = () => fail(new CallError('timeout', `no answer within ${timeoutMs} ms`));
    const timer = setTimeout(abort, timeoutMs);
    signal?.addEventListener('abort', abort, { once: true });
    session.on('error', (error: NodeJS.ErrnoException) => {
      const outcome =
        error.code === 'ECONNREFUSED' ? 'refused' : error.code === 'ENOENT' ? 'absent' : 'error';
      fail(new CallError(outcome, error.code ?? error.message));
    });
    const request = session.request({
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    // A stream cancelled because its connection failed carries the connection's error as its cause.
    request.on('error', (error: Error & { cause?: NodeJS.ErrnoException }) =>
      fail(connectionError(error.cause ?? error)),
    );
    request.on('response', (headers) => {
      status = headers;
    });
    request.on('trailers', (trailers) => {
      status = trailers;
    });
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES)
        fail(new CallError('error', `answer larger than ${MAX_ANSWER_BYTES} bytes`));
      else chunks.push(chunk);
    });
    request.on('end', () => {
      settle();
      session.close();
      const message = status['grpc-message'];
      resolve({
        status: Number(status['grpc-status'] ?? 0),
        message: typeof message === 'string' && message ? decodeURIComponent(message) : undefined,
        body: Buffer.concat(chunks),
      });
    });
    // An empty message: not compressed, length 0.
    request.end(Buffer.alloc(5));
  });
}

/** The first gRPC message of an answer body (5-byte prefix: compressed flag, big-endian length). */
function firstMessage(body: Buffer): Buffer {
  if (body.length < 5) return Buffer.alloc(0);
  return body.subarray(5, 5 + body.readUInt32BE(1));
}

function varint(buf: Buffer, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let i = at;
  for (; i < buf.length; i++) {
    const byte = buf[i] ?? 0;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, i + 1];
  }
  return [value, i];
}

/** The top-level fields of a protobuf message: number → the length-delimited values (strings, sub-messages). */
export function protobufFields(buf: Buffer): Map<number, Buffer[]> {
  const fields = new Map<number, Buffer[]>();
  let at = 0;
  while (at < buf.length) {
    const [key, next] = varint(buf, at);
    const field = Math.floor(key / 8);
    const wire = key & 7;
    at = next;
    if (wire === 0) at = varint(buf, at)[1];
    else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else if (wire === 2) {
      const [length, start] = varint(buf, at);
      const value = buf.subarray(start, start + length);
      fields.set(field, [...(fields.get(field) ?? []), value]);
      at = start + length;
    } else break; // groups (3, 4) are not used by CRI: stop rather than misread
  }
  return fields;
}

const stringField = (fields: Map<number, Buffer[]>, n: number) => fields.get(n)?.[0]?.toString('utf8');

export interface CriAnswer {
  version?: { runtimeName: string; runtimeVersion: string; apiVersion: string };
  items?: number;
}

type CriMethod = 'Version' | 'ListPodSandbox' | 'ListContainers';

/** Calls one CRI method, on v1 and, if the runtime does not serve it, on v1alpha2. */
async function callCri(socketPath: string, method: CriMethod, timeoutMs: number, signal?: AbortSignal) {
  let answer: GrpcAnswer | undefined;
  for (const service of SERVICES) {
    answer = await unary(socketPath, `/${service}/${method}`, timeoutMs, signal);
    if (answer.status !== UNIMPLEMENTED) break;
  }
  if (answer?.status !== 0)
    throw new CallError(
      'error',
      `gRPC status ${answer?.status}${answer?.message ? `: ${answer.message}` : ''}`,
    );
  const fields = protobufFields(firstMessage(answer.body));
  if (method === 'Version') {
    // VersionResponse: version = 1, runtime_name = 2, runtime_version = 3, runtime_api_version = 4.
    return {
      version: {
        runtimeName: stringField(fields, 2) ?? '',
        runtimeVersion: stringField(fields, 3) ?? '',
        apiVersion: stringField(fields, 4) ?? '',
      },
    };
  }
  // ListPodSandboxResponse.items = 1, ListContainersResponse.containers = 1.
  return { items: fields.get(1)?.length ?? 0 };
}

/**
 * Version, then (if it answered) the two lists a relist makes: whether the runtime answers at all, and whether
 * it answers the calls the kubelet's PLEG is waiting on.
 */
export async function checkCri(
  target: string,
  socketPath: string,
  endpoint: string,
  expected: boolean,
  timeoutMs: number,
  signal?: AbortSignal,
  lists = true,
): Promise<Check<CriAnswer>[]> {
  const base = { target, endpoint, expected };
  const version = await timedCheck(
    { ...base, call: 'CRI Version' },
    timeoutMs,
    () => callCri(socketPath, 'Version', timeoutMs, signal),
    (a) => ({
      detail:
        a.version && `${a.version.runtimeName} ${a.version.runtimeVersion} (CRI ${a.version.apiVersion})`,
    }),
  );
  if (version.check.outcome !== 'answered' || !lists) return [version];
  const answers = await Promise.all(
    (['ListPodSandbox', 'ListContainers'] as const).map((method) =>
      timedCheck(
        { ...base, call: `CRI ${method}` },
        timeoutMs,
        () => callCri(socketPath, method, timeoutMs, signal),
        (a) => ({ items: a.items }),
      ),
    ),
  );
  return [version, ...answers];
}
