import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostCheck, HostProbe } from '../../shared/schemas/host.ts';
import { execBounded } from './exec.ts';

export interface SystemdOptions {
  root: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface SystemdReadings {
  checks: HostCheck[];
  scopeUnits?: number;
  probes: HostProbe[];
}

const BUS = 'run/dbus/system_bus_socket';

/** busctl's and dbus-send's words for a call that got no answer, and for a bus nobody serves. */
const TIMED_OUT = /timed? ?out|NoReply|Did not receive a reply/i;
const REFUSED = /Connection refused/i;

/**
 * Does systemd answer D-Bus? `org.freedesktop.DBus.Peer.Ping` to systemd through the system bus: the same path
 * runc takes to create a container's scope. busctl, else dbus-send; both with their own timeout and ours.
 */
async function ping(
  options: SystemdOptions,
  socket: string,
): Promise<{ check?: HostCheck; probe: HostProbe }> {
  const endpoint = `unix:path=${socket}`;
  const seconds = Math.max(1, Math.floor(options.timeoutMs / 1000) - 1);
  const env = { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: endpoint };
  const exec = { timeoutMs: options.timeoutMs, maxBytes: 4096, signal: options.signal, env };
  let result = await execBounded(
    'busctl',
    [
      `--timeout=${seconds}`,
      'call',
      'org.freedesktop.systemd1',
      '/org/freedesktop/systemd1',
      'org.freedesktop.DBus.Peer',
      'Ping',
    ],
    exec,
  );
  let tool = 'busctl';
  if (result.outcome === 'absent') {
    tool = 'dbus-send';
    result = await execBounded(
      'dbus-send',
      [
        '--system',
        '--print-reply',
        `--reply-timeout=${seconds * 1000}`,
        '--dest=org.freedesktop.systemd1',
        '/org/freedesktop/systemd1',
        'org.freedesktop.DBus.Peer.Ping',
      ],
      exec,
    );
  }
  const base = { target: 'systemd', call: `D-Bus Ping (${tool})`, endpoint, ms: result.ms };
  if (result.outcome === 'absent') {
    const detail = 'neither busctl nor dbus-send is installed';
    return { probe: { probe: 'systemd ping', outcome: 'absent', ms: result.ms, detail } };
  }
  const said = result.stderr.trim().slice(0, 200);
  const outcome: HostCheck['outcome'] =
    result.outcome === 'ok'
      ? 'answered'
      : result.outcome === 'timeout' || TIMED_OUT.test(said)
        ? 'timeout'
        : REFUSED.test(said)
          ? 'refused'
          : 'error';
  return {
    check: { ...base, outcome, timeoutMs: options.timeoutMs, ...(said ? { detail: said } : {}) },
    probe: {
      probe: 'systemd ping',
      outcome: outcome === 'answered' ? 'ok' : outcome === 'timeout' ? 'timeout' : 'error',
      ms: result.ms,
    },
  };
}

/** Loaded scope units: one per container with the systemd cgroup driver; thousands slow systemd down. */
async function scopes(
  options: SystemdOptions,
  socket: string,
): Promise<{ count?: number; probe: HostProbe }> {
  const result = await execBounded(
    'systemctl',
    ['list-units', '--type=scope', '--all', '--no-legend', '--no-pager', '--plain'],
    {
      timeoutMs: options.timeoutMs,
      maxBytes: 64 * 1024 * 1024,
      signal: options.signal,
      env: { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${socket}` },
    },
  );
  const probe: HostProbe = { probe: 'systemd scope units', outcome: result.outcome, ms: result.ms };
  if (result.outcome !== 'ok')
    return {
      probe: {
        ...probe,
        detail:
          result.outcome === 'absent' ? 'systemctl is not installed' : result.stderr.trim().slice(0, 200),
      },
    };
  return { count: result.stdout.split('\n').filter((l) => l.trim()).length, probe };
}

/** systemd as the runtime sees it; a node without systemd (or without its bus) says so and nothing else. */
export async function readSystemd(options: SystemdOptions): Promise<SystemdReadings> {
  const socket = join(options.root, BUS);
  if (!existsSync(socket))
    return {
      checks: [],
      probes: [
        { probe: 'systemd ping', outcome: 'absent', ms: 0, detail: `no D-Bus system bus at ${socket}` },
      ],
    };
  const [p, s] = await Promise.all([ping(options, socket), scopes(options, socket)]);
  return { checks: p.check ? [p.check] : [], scopeUnits: s.count, probes: [p.probe, s.probe] };
}
