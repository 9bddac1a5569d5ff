import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** How a probe's child process ended. `absent`: the program is not installed. */
export interface ExecResult {
  outcome: 'ok' | 'absent' | 'timeout' | 'error';
  /** Exit status (null when killed). */
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** stdout was longer than the cap: `stdout` holds its end (the most recent lines of a log). */
  truncated: boolean;
}

export interface ExecOptions {
  timeoutMs: number;
  /** Bytes of stdout kept; past it the beginning is dropped. */
  maxBytes: number;
  /** The run's budget: aborting kills the child as its own timeout does. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Called with each complete stdout line as it arrives (the /proc probe streams its records). */
  onLine?: (line: string) => void;
}

const STDERR_BYTES = 4096;

function outcomeOf(spawnError: NodeJS.ErrnoException | undefined, timedOut: boolean, code: number | null) {
  if (spawnError) return spawnError.code === 'ENOENT' ? 'absent' : 'error';
  if (timedOut) return 'timeout';
  return code === 0 ? 'ok' : 'error';
}

/**
 * Runs a program with no shell, no stdin and a hard timeout (SIGKILL: a probe that hangs is not asked twice),
 * keeping at most `maxBytes` of its output. Never rejects: a missing program, a timeout and a failure are results.
 */
export function execBounded(
  file: string,
  args: readonly string[],
  options: ExecOptions,
): Promise<ExecResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let truncated = false;
    let pending = '';
    let timedOut = false;
    let spawnError: NodeJS.ErrnoException | undefined;
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    const kill = () => {
      timedOut = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.onLine) {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) options.onLine(line);
      }
      stdout += chunk;
      if (stdout.length > options.maxBytes * 2) {
        stdout = stdout.slice(-options.maxBytes);
        truncated = true;
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < STDERR_BYTES) stderr += chunk.slice(0, STDERR_BYTES - stderr.length);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = error;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      if (stdout.length > options.maxBytes) {
        stdout = stdout.slice(-options.maxBytes);
        truncated = true;
      }
      const ms = performance.now() - started;
      const outcome = outcomeOf(spawnError, timedOut, code);
      resolve({
        outcome,
        code,
        stdout,
        stderr: spawnError ? spawnError.message : stderr,
        ms,
        truncated,
      });
    });
  });
}
