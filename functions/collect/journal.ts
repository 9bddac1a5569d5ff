import type { LogSource } from '../../shared/schemas/bundle.ts';
import type { HostProbe } from '../../shared/schemas/host.ts';
import { type ExecResult, execBounded } from './exec.ts';

/** Which journal entries each log of the bundle holds (journalctl matches; `+` is OR). */
const SOURCES: ReadonlyArray<{ source: LogSource; match: string[] }> = [
  { source: 'kubelet', match: ['-u', 'kubelet'] },
  { source: 'containerd', match: ['-u', 'containerd'] },
  { source: 'dockerd', match: ['-u', 'docker', '-u', 'cri-docker'] },
  { source: 'crio', match: ['-u', 'crio'] },
  { source: 'kernel', match: ['-k'] },
  // systemd's own messages and the D-Bus daemon's: scope creation failures, D-Bus timeouts.
  { source: 'systemd', match: ['_PID=1', '+', '_SYSTEMD_UNIT=dbus.service'] },
];

export interface JournalOptions {
  /** journalctl's --since: `-1h`, `2026-11-21 03:00:00`. */
  since: string;
  lines: number;
  maxBytes: number;
  timeoutMs: number;
  /** The host's root as mounted here (`/` on the node itself): journalctl --root reads its journal. */
  root: string;
  signal?: AbortSignal;
}

export interface JournalExcerpt {
  source: LogSource;
  text?: string;
  probe: HostProbe;
}

function describe(result: ExecResult, command: string): string {
  if (result.outcome === 'absent') return 'journalctl is not installed';
  if (result.outcome === 'timeout') return `${command} did not finish within its timeout`;
  if (result.outcome === 'error') return `${command} failed: ${result.stderr.trim().slice(0, 200)}`;
  return result.truncated ? 'cut to its most recent lines' : '';
}

async function excerpt(
  source: LogSource,
  match: readonly string[],
  options: JournalOptions,
): Promise<{ excerpt: JournalExcerpt; result: ExecResult }> {
  const args = [
    '--no-pager',
    '--quiet',
    '--output=short-precise',
    `--since=${options.since}`,
    `--lines=${options.lines}`,
    ...(options.root === '/' ? [] : [`--root=${options.root}`]),
    ...match,
  ];
  const command = `journalctl ${args.join(' ')}`;
  const result = await execBounded('journalctl', args, {
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    signal: options.signal,
  });
  const text = result.stdout.trim();
  const outcome = result.outcome === 'ok' && !text ? 'absent' : result.outcome;
  const detail =
    outcome === 'absent' && result.outcome === 'ok'
      ? `no entries since ${options.since}`
      : describe(result, command);
  return {
    excerpt: {
      source,
      text: text || undefined,
      probe: { probe: `journal ${source}`, outcome, ms: result.ms, ...(detail ? { detail } : {}) },
    },
    result,
  };
}

/**
 * The journal of the kubelet, the runtimes, the kernel and systemd since `since`, the most recent `lines` of
 * each, one journalctl each (in parallel, each with its own timeout). Where the journal has no kernel messages
 * (no journald, or journalctl missing), the kernel ring buffer through dmesg instead.
 */
export async function readJournals(options: JournalOptions): Promise<JournalExcerpt[]> {
  const runs = await Promise.all(SOURCES.map(({ source, match }) => excerpt(source, match, options)));
  const excerpts = runs.map((r) => r.excerpt);
  const kernel = excerpts.find((e) => e.source === 'kernel');
  if (kernel && !kernel.text && kernel.probe.outcome !== 'timeout') {
    const dmesg = await execBounded('dmesg', ['--ctime'], {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      signal: options.signal,
    });
    const lines = dmesg.stdout.trim().split('\n').slice(-options.lines).join('\n');
    if (dmesg.outcome === 'ok' && lines) {
      kernel.text = lines;
      kernel.probe = {
        probe: 'journal kernel',
        outcome: 'ok',
        ms: kernel.probe.ms + dmesg.ms,
        detail: `no kernel messages in the journal (${kernel.probe.detail}); dmesg --ctime instead`,
      };
    }
  }
  return excerpts;
}
