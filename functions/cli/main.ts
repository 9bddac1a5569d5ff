#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { renderDiagnosisText } from '../../shared/chat/text.ts';
import { isNodeName } from '../../shared/diagnosis/commands.ts';
import { type DiagnoseOptions, diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseLogs } from '../../shared/diagnosis/diagnose-text.ts';
import { collectNodeEvidence, kubeConfigFor } from '../../shared/kube/collector.ts';
import { type DeadLetter, readDeadLetters } from '../../shared/queue/embedded.ts';
import { describeIssues, type EvidenceBundle, EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import { type Diagnosis, RuntimeKindSchema } from '../../shared/schemas/diagnosis.ts';
import { LogFileError, logFile } from './log-files.ts';

const USAGE = `Usage:
  pleg-responder diagnose NODE [--context CTX] [--kubeconfig FILE] [--json]
  pleg-responder diagnose --bundle FILE [--json] [--runtime docker|containerd|crio]
  pleg-responder diagnose --log FILE [--log FILE ...] [--node NAME] [--json] [--runtime ...]
  pleg-responder dead-letters [--data-dir DIR] [--json]
  pleg-responder demo

  NODE            a node of the cluster in your kubeconfig: its state is read live from the API server
  --context CTX   kubeconfig context (default: the current one); --kubeconfig FILE (default: $KUBECONFIG)
  --bundle FILE   evidence bundle (JSON); "-" reads standard input
  --log FILE      raw journal/log file (journalctl output, kubelet.log, dmesg...); streamed, any size
  --json          print the Diagnosis as JSON instead of a readable report
  --runtime R     show commands for this runtime instead of the one the node reports
  --node NAME     node name to use in suggested commands (with --log)
  --data-dir DIR  the embedded server's DATA_DIR (default: $DATA_DIR, else .data): lists the jobs that failed
                  for good, with the reason; read-only, safe beside a running server`;

/** A failure the user can fix: printed as one line, never with a stack trace. */
class UsageError extends Error {}

function unreadable(path: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  return new UsageError(
    `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(error))}`,
  );
}

async function readInput(path: string): Promise<string> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw unreadable(path, error);
  }
}

function parseBundle(text: string, name: string): EvidenceBundle {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = EvidenceBundleSchema.safeParse(json);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error).map((i) => `  ${i.path}: ${i.message}`);
    throw new UsageError(`${name} is not a valid evidence bundle:\n${issues.join('\n')}`);
  }
  return parsed.data;
}

function runtimeOption(value: string | undefined): DiagnoseOptions['runtime'] {
  if (value === undefined) return undefined;
  const parsed = RuntimeKindSchema.exclude(['unknown']).safeParse(value);
  if (!parsed.success) throw new UsageError(`--runtime must be docker, containerd or crio, not "${value}"`);
  return parsed.data;
}

async function diagnoseLogFiles(
  paths: readonly string[],
  node: string | undefined,
  options: DiagnoseOptions,
): Promise<Diagnosis> {
  try {
    return await diagnoseLogs(paths.map(logFile), { ...options, node });
  } catch (error) {
    if (error instanceof LogFileError) throw unreadable(error.path, error.cause);
    throw error;
  }
}

/** While the cluster is read: a spinner with the elapsed time on a terminal, nothing when piped. */
function progress(label: string): () => void {
  if (!process.stderr.isTTY) return () => {};
  const frames = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏';
  const started = Date.now();
  let i = 0;
  const timer = setInterval(() => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stderr.write(`\r${frames[i++ % frames.length]} ${label} ${seconds}s`);
  }, 80);
  return () => {
    clearInterval(timer);
    process.stderr.write('\r\u001b[2K');
  };
}

async function diagnoseLive(
  node: string,
  context: string | undefined,
  kubeconfig: string | undefined,
  options: DiagnoseOptions,
): Promise<Diagnosis> {
  if (!isNodeName(node)) throw new UsageError(`"${node}" is not a valid node name (lower-case DNS-1123)`);
  let kc: ReturnType<typeof kubeConfigFor>;
  try {
    kc = kubeConfigFor({ kubeconfig, context });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const cluster = kc.getCurrentCluster()?.name ?? kc.getCurrentContext();
  const done = progress(`reading ${node} from ${kc.getCurrentContext()}…`);
  try {
    const result = await collectNodeEvidence(kc, cluster, node);
    if (result.outcome !== 'collected') {
      throw new UsageError(
        result.missing[0] ? `${result.missing[0].what}: ${result.missing[0].why}` : `could not read ${node}`,
      );
    }
    return diagnose(result.bundle, options);
  } finally {
    done();
  }
}

async function runDiagnose(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      bundle: { type: 'string' },
      log: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      runtime: { type: 'string' },
      node: { type: 'string' },
      context: { type: 'string' },
      kubeconfig: { type: 'string' },
    },
  });
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"\n${USAGE}`);
  const options: DiagnoseOptions = { runtime: runtimeOption(values.runtime) };
  const live = positionals[0];
  let diagnosis: Diagnosis;
  if (live !== undefined && values.bundle === undefined && values.log === undefined) {
    diagnosis = await diagnoseLive(live, values.context, values.kubeconfig, options);
  } else if (live !== undefined) {
    throw new UsageError(`a NODE is diagnosed live: it does not combine with --bundle or --log\n${USAGE}`);
  } else if (values.bundle !== undefined && values.log === undefined) {
    const name = values.bundle === '-' ? 'standard input' : values.bundle;
    diagnosis = diagnose(parseBundle(await readInput(values.bundle), name), options);
  } else if (values.log !== undefined && values.bundle === undefined) {
    diagnosis = await diagnoseLogFiles(values.log, values.node, options);
  } else {
    throw new UsageError(`diagnose needs a NODE, or exactly one of --bundle or --log\n${USAGE}`);
  }
  process.stdout.write(
    values.json ? `${JSON.stringify(diagnosis, null, 2)}\n` : renderDiagnosisText(diagnosis),
  );
}

function deadLetterLine(d: DeadLetter): string {
  const what = d.dedupKey ? `${d.dedupKey}  ${d.cluster}/${d.node ?? '-'}` : '(unreadable job)';
  return `${d.failedAt}  ${what}  after ${d.attempts} attempt(s): ${d.reason}`;
}

async function runDeadLetters(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const dir = values['data-dir'] ?? process.env.DATA_DIR ?? '.data';
  const file = join(dir, 'state.db');
  if (!existsSync(file)) throw new UsageError(`no embedded queue in ${dir} (no state.db there)`);
  let letters: DeadLetter[];
  try {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      letters = readDeadLetters(db);
    } finally {
      db.close();
    }
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify(letters, null, 2)}\n`);
    return;
  }
  process.stdout.write(
    letters.length === 0
      ? `no dead letters in ${dir}\n`
      : `${letters.length} dead letter(s) in ${dir}:\n${letters.map((d) => `  ${deadLetterLine(d)}\n`).join('')}`,
  );
}

async function runDemo(): Promise<void> {
  const path = new URL('../../infra/samples/bundle-fd-exhaustion.json', import.meta.url);
  const bundle = parseBundle(await readFile(path, 'utf8'), 'the demo bundle');
  process.stdout.write(renderDiagnosisText(diagnose(bundle)));
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'diagnose') return runDiagnose(rest);
  if (command === 'dead-letters') return runDeadLetters(rest);
  if (command === 'demo') return runDemo();
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  throw new UsageError(`unknown command "${command}"\n${USAGE}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  process.stderr.write(
    `pleg-responder: ${known ? (error as Error).message : `unexpected error: ${String(error)}`}\n`,
  );
  process.exitCode = known ? 2 : 1;
});
