import { gunzipSync } from 'node:zlib';
import {
  GetCommandInvocationCommand,
  type GetCommandInvocationCommandOutput,
  SendCommandCommand,
  type SSMClient,
} from '@aws-sdk/client-ssm';
import { type EvidenceBundle, EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import type { SsmOutputBucket } from './s3-output.ts';

/**
 * Collection over SSM Run Command, for EC2 nodes where nothing of ours runs (EKS, kops, Karpenter): the document
 * of `infra/aws/ssm-collect.yaml` runs `pleg-responder collect` on the instance the Node's providerID names and
 * prints the bundle gzip'd and base64'd after a marker. SSM returns at most 24,000 characters of a command's
 * standard output inline (GetCommandInvocation's StandardOutputContent), so the bundle is bounded on the node
 * (`maxBytes`) to fit; a cut output is said as such, never half-parsed. With an output bucket (SSM_OUTPUT_BUCKET),
 * SSM also writes the whole output to S3, and a cut one is read from there instead (./s3-output.ts).
 */
export interface SsmCollectOptions {
  document: string;
  /** From SendCommand to the output: what the responder waits, at most. */
  timeoutMs: number;
  /** The bundle's JSON bound on the node (collect --max-bytes). */
  maxBytes: number;
  /** collect --budget, seconds. */
  budgetSeconds: number;
  /** Where SSM writes the whole output (SendCommand's OutputS3BucketName), read when the inline one is cut. */
  output?: SsmOutputBucket;
  /** First wait between two GetCommandInvocation calls; doubles to 5 s. */
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** What SSM's inline output holds at most (GetCommandInvocation StandardOutputContent). */
export const SSM_INLINE_OUTPUT_CHARS = 24_000;
export const BUNDLE_MARKER = 'PLEG-BUNDLE-GZ-B64:';
export const MISSING_MARKER = 'PLEG-COLLECTOR-MISSING:';

/** `aws:///eu-west-1a/i-0abc…` → `i-0abc…`; undefined for any other provider. */
export function instanceIdOf(providerID: string | undefined): string | undefined {
  return /^aws:\/\/\/[a-z0-9-]*\/(i-[0-9a-f]{8,17})$/.exec(providerID ?? '')?.[1];
}

/** The bundle, or what stood in the way in the words of the bundle's `unavailable`. */
export type SsmOutcome =
  | { ok: true; bundle: EvidenceBundle; commandId: string }
  | { ok: false; what: string; why: string; how?: string };

const what = (instance: string) => `the node's own evidence over SSM (${instance})`;

/** SSM's answer to SendCommand or GetCommandInvocation as a reason someone can act on. */
function refusal(instance: string, error: unknown): SsmOutcome {
  const name = (error as { name?: string }).name ?? 'Error';
  const message = (error as Error).message ?? String(error);
  const hows: Record<string, string> = {
    InvalidInstanceId:
      'the instance must be running and managed by SSM: the SSM agent up, with an instance profile allowing AmazonSSMManagedInstanceCore',
    AccessDeniedException:
      "the responder's role needs ssm:SendCommand on the document and the instance (tagged pleg-responder/collect=true) and ssm:GetCommandInvocation (infra/aws/ssm-collect-policy.json)",
    InvalidDocument:
      'create the document of infra/aws/ssm-collect.yaml (the SAM template does) and set SSM_DOCUMENT',
    ThrottlingException: 'SSM throttled the calls: try /pleg diagnose again in a minute',
  };
  return { ok: false, what: what(instance), why: `${name}: ${message}`.slice(0, 500), how: hows[name] };
}

const CUT_HOW =
  "set SSM_OUTPUT_BUCKET so that SSM writes the whole output to S3 and the responder reads it there, or lower SSM_MAX_BYTES so the gzip'd bundle fits";

/**
 * The bundle from the command's output: the marker's line, base64 of gzip'd JSON. `whole`: the output is all the
 * command printed (read from S3), not SSM's inline output, which ends at 24,000 characters.
 */
export function bundleFromOutput(instance: string, output: string, whole = false): SsmOutcome {
  const missing = output.indexOf(MISSING_MARKER);
  if (missing >= 0)
    return {
      ok: false,
      what: what(instance),
      why:
        output
          .slice(missing + MISSING_MARKER.length)
          .split('\n')[0]
          ?.trim() ?? 'no collector',
      how: 'install the pleg-responder package on the node image (Node ≥ 22.19 and `npm install -g pleg-responder`)',
    };
  const start = output.indexOf(BUNDLE_MARKER);
  const truncated = !whole && output.length >= SSM_INLINE_OUTPUT_CHARS;
  if (start < 0)
    return {
      ok: false,
      what: what(instance),
      ...(truncated
        ? {
            why: `the command's output was cut at SSM's ${SSM_INLINE_OUTPUT_CHARS} characters before the bundle`,
            how: CUT_HOW,
          }
        : { why: `the command printed no bundle: ${output.slice(0, 200)}` }),
    };
  const encoded =
    output
      .slice(start + BUNDLE_MARKER.length)
      .split('\n')[0]
      ?.trim() ?? '';
  try {
    const json = gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8');
    return { ok: true, bundle: EvidenceBundleSchema.parse(JSON.parse(json)), commandId: '' };
  } catch (error) {
    return {
      ok: false,
      what: what(instance),
      why: truncated
        ? `the bundle was cut at SSM's ${SSM_INLINE_OUTPUT_CHARS} characters of inline output`
        : `the bundle could not be read: ${(error as Error).message.slice(0, 200)}`,
      ...(truncated ? { how: CUT_HOW } : {}),
    };
  }
}

const DONE = new Set([
  'Success',
  'Failed',
  'Cancelled',
  'TimedOut',
  'Undeliverable',
  'Terminated',
  'InvalidPlatform',
  'AccessDenied',
  'DeliveryTimedOut',
  'ExecutionTimedOut',
]);

/** SendCommand: the command id, or the refusal. */
async function send(
  ssm: SSMClient,
  instance: string,
  options: SsmCollectOptions,
  remaining: () => number,
): Promise<{ commandId: string } | SsmOutcome> {
  try {
    const sent = await ssm.send(
      new SendCommandCommand({
        DocumentName: options.document,
        InstanceIds: [instance],
        Parameters: { budget: [String(options.budgetSeconds)], maxBytes: [String(options.maxBytes)] },
        ...(options.output
          ? { OutputS3BucketName: options.output.bucket, OutputS3KeyPrefix: options.output.prefix }
          : {}),
        // Delivery: the instance must pick the command up within this (SSM's minimum is 30 s).
        TimeoutSeconds: Math.max(30, Math.ceil(options.timeoutMs / 1000)),
        Comment: 'pleg-responder: read the node for its incident (read-only)',
      }),
      { abortSignal: AbortSignal.timeout(Math.max(1, remaining())) },
    );
    const commandId = sent.Command?.CommandId;
    return commandId
      ? { commandId }
      : { ok: false, what: what(instance), why: 'SendCommand answered without a command id' };
  } catch (error) {
    return refusal(instance, error);
  }
}

/** One GetCommandInvocation: the invocation, `again` (not registered yet, throttled), `gone` (out of time) or a refusal. */
async function ask(
  ssm: SSMClient,
  instance: string,
  commandId: string,
  remaining: () => number,
): Promise<GetCommandInvocationCommandOutput | 'again' | 'gone' | SsmOutcome> {
  try {
    return await ssm.send(new GetCommandInvocationCommand({ CommandId: commandId, InstanceId: instance }), {
      abortSignal: AbortSignal.timeout(Math.max(1, remaining())),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'InvocationDoesNotExist' || name === 'ThrottlingException') return 'again';
    if (name === 'TimeoutError' || name === 'AbortError') return 'gone';
    return refusal(instance, error);
  }
}

/**
 * The command's whole output when SSM's inline one is cut and SSM wrote it to the output bucket: the object its
 * StandardOutputUrl names, read from S3; else the inline output, or why neither could be had.
 */
async function outputOf(
  instance: string,
  done: GetCommandInvocationCommandOutput,
  output: SsmOutputBucket | undefined,
  remaining: () => number,
): Promise<{ text: string; whole: boolean } | SsmOutcome> {
  const inline = done.StandardOutputContent ?? '';
  if (inline.length < SSM_INLINE_OUTPUT_CHARS || !output) return { text: inline, whole: false };
  if (!done.StandardOutputUrl)
    return {
      ok: false,
      what: what(instance),
      why: `the command's output was cut at SSM's ${SSM_INLINE_OUTPUT_CHARS} characters and SSM named no StandardOutputUrl although SendCommand asked for s3://${output.bucket}/${output.prefix}/`,
      how: "lower SSM_MAX_BYTES so the gzip'd bundle fits inline",
    };
  const { readSsmOutput } = await import('./s3-output.ts');
  const read = await readSsmOutput(
    output,
    done.StandardOutputUrl,
    AbortSignal.timeout(Math.max(1, remaining())),
  );
  if (!read.ok)
    return {
      ok: false,
      what: what(instance),
      why: `the output was cut at SSM's ${SSM_INLINE_OUTPUT_CHARS} characters inline, and reading it whole from S3 failed: ${read.why}`,
      ...(read.how ? { how: read.how } : {}),
    };
  return { text: read.text, whole: true };
}

/** A finished invocation's outcome: the bundle from its output, or how it ended. */
async function finished(
  instance: string,
  commandId: string,
  done: GetCommandInvocationCommandOutput,
  options: SsmCollectOptions,
  remaining: () => number,
): Promise<SsmOutcome> {
  const status = done.Status ?? 'Pending';
  if (status !== 'Success') {
    const details = done.StatusDetails && done.StatusDetails !== status ? ` (${done.StatusDetails})` : '';
    const said = (done.StandardErrorContent || done.StandardOutputContent || '').slice(0, 300);
    return {
      ok: false,
      what: what(instance),
      why: `the command ended ${status}${details}, exit ${done.ResponseCode ?? '?'}: ${said}`,
    };
  }
  const output = await outputOf(instance, done, options.output, remaining);
  if ('ok' in output) return output;
  const read = bundleFromOutput(instance, output.text, output.whole);
  return read.ok ? { ...read, commandId } : read;
}

/**
 * Runs the document on one instance and waits for its output: SendCommand, then GetCommandInvocation until the
 * invocation is done or the time is up (InvocationDoesNotExist right after SendCommand is SSM still registering
 * it, and is asked again). Never throws for what SSM answers: every refusal is an outcome.
 */
export async function collectOverSsm(
  ssm: SSMClient,
  instance: string,
  options: SsmCollectOptions,
): Promise<SsmOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + options.timeoutMs;
  const remaining = () => deadline - now();
  const sent = await send(ssm, instance, options, remaining);
  if (!('commandId' in sent)) return sent;
  const { commandId } = sent;
  let wait = options.pollMs ?? 1000;
  let last: GetCommandInvocationCommandOutput | undefined;
  while (remaining() > 0) {
    await sleep(Math.min(wait, Math.max(0, remaining())));
    wait = Math.min(wait * 2, 5000);
    const answer = await ask(ssm, instance, commandId, remaining);
    if (answer === 'gone') break;
    if (answer === 'again') continue;
    if ('ok' in answer) return answer;
    last = answer;
    if (DONE.has(answer.Status ?? 'Pending'))
      return finished(instance, commandId, answer, options, remaining);
  }
  return {
    ok: false,
    what: what(instance),
    why: `no result within ${Math.round(options.timeoutMs / 1000)} s (last status ${last?.Status ?? 'not registered yet'}; command ${commandId})`,
    how: `aws ssm list-command-invocations --details --command-id ${commandId}`,
  };
}
