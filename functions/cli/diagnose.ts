import { isNodeName } from '../../shared/diagnosis/commands.ts';
import { type DiagnoseOptions, diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseEvidence } from '../../shared/diagnosis/diagnose-text.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { PasteEvidence } from '../../shared/diagnosis/paste/evidence.ts';
import { describeIssues, type EvidenceBundle, EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import { type Diagnosis, RuntimeKindSchema } from '../../shared/schemas/diagnosis.ts';
import { UsageError } from './exit-codes.ts';
import { openInput, readText } from './input.ts';
import { readLogFile } from './log-files.ts';
import { ScanProgress } from './scan-progress.ts';

/** What `pleg-responder diagnose` was asked, once the command line is parsed. */
export interface DiagnoseRequest {
  /** NODE: read live from the cluster. */
  node?: string;
  bundle?: string;
  logs?: string[];
  /** --node: the node name used in suggested commands for --log. */
  nodeName?: string;
  context?: string;
  kubeconfig?: string;
  runtime?: string;
}

export function validateBundle(json: unknown, name: string): EvidenceBundle {
  const parsed = EvidenceBundleSchema.safeParse(json);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error).map((i) => `  ${i.path}: ${i.message}`);
    throw new UsageError(`${name} is not a valid evidence bundle:\n${issues.join('\n')}`);
  }
  return parsed.data;
}

function parseBundle(text: string, name: string): EvidenceBundle {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // A bundle is a JSON object: text that does not even start like JSON is most likely a log meant for --log.
    if (!/^\s*[[{]/.test(text))
      throw new UsageError(
        `${name} is not JSON: --bundle reads an evidence bundle; for log text use --log ${name === 'standard input' ? '-' : name}`,
      );
    throw new UsageError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  return validateBundle(json, name);
}

function runtimeOption(value: string | undefined): DiagnoseOptions['runtime'] {
  if (value === undefined) return undefined;
  const parsed = RuntimeKindSchema.exclude(['unknown']).safeParse(value);
  if (!parsed.success) throw new UsageError(`--runtime must be docker, containerd or crio, not "${value}"`);
  return parsed.data;
}

async function diagnoseBundle(path: string, options: DiagnoseOptions): Promise<Diagnosis> {
  const input = openInput(path);
  return diagnose(parseBundle(await readText(input), input.name), options);
}

/** Raw logs and pastes, read one after the other into one diagnosis; "-" is standard input. */
async function diagnoseLogFiles(
  paths: readonly string[],
  node: string | undefined,
  options: DiagnoseOptions,
): Promise<Diagnosis> {
  if (paths.filter((p) => p === '-').length > 1) throw new UsageError('standard input (-) can be read once');
  const progress = new ScanProgress(process.stderr);
  const evidence = new PasteEvidence(new FactSet());
  try {
    for (const path of paths) await readLogFile(evidence, path, progress);
  } finally {
    progress.done();
  }
  return diagnoseEvidence(evidence, { ...options, node });
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

/** Reads the node from the API server. The Kubernetes client is loaded only here: it is most of the start-up cost. */
async function diagnoseLive(
  node: string,
  context: string | undefined,
  kubeconfig: string | undefined,
  options: DiagnoseOptions,
): Promise<Diagnosis> {
  if (!isNodeName(node)) throw new UsageError(`"${node}" is not a valid node name (lower-case DNS-1123)`);
  const { collectNodeEvidence, kubeConfigFor } = await import('../../shared/kube/collector.ts');
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
    return diagnose(result.bundle, { ...options, collected: result.missing });
  } finally {
    done();
  }
}

const SEE_HELP = ' (see pleg-responder diagnose --help)';

/** Exactly one source of evidence: a live NODE, a bundle, or logs. */
export async function runDiagnose(request: DiagnoseRequest): Promise<Diagnosis> {
  const options: DiagnoseOptions = { runtime: runtimeOption(request.runtime) };
  const { node, bundle, logs } = request;
  if (node !== undefined && bundle === undefined && logs === undefined)
    return diagnoseLive(node, request.context, request.kubeconfig, options);
  if (node !== undefined)
    throw new UsageError(`a NODE is diagnosed live: it does not combine with --bundle or --log${SEE_HELP}`);
  if (bundle !== undefined && logs === undefined) return diagnoseBundle(bundle, options);
  if (logs !== undefined && bundle === undefined) return diagnoseLogFiles(logs, request.nodeName, options);
  throw new UsageError(`diagnose needs a NODE, or exactly one of --bundle or --log${SEE_HELP}`);
}
