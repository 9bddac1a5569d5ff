import { type EvidenceBundle, LOG_SOURCES } from '../../schemas/bundle.ts';
import type { FactId, FactSet } from '../facts.ts';

/**
 * systemd's task accounting per unit, as systemctl prints it: `systemctl status` shows `Tasks: N (limit: M)` under
 * the unit's header line (src/systemctl/systemctl.c print_status_info from v227, systemctl-show.c from v247; the
 * limit only when one is set), and `systemctl show` prints `TasksCurrent=N` and `TasksMax=M` (with `Id=` when asked).
 * A unit whose count has reached its limit cannot fork or start threads: whose unit it is says whose problem it
 * is. The container runtime's unit holds the daemon, every shim and (by driver and release) container processes, so
 * its limit (DefaultTasksMax=512 in v228–v233, 15% of kernel.pid_max from v234, unless the unit sets TasksMax=) is
 * reached by the containers it runs; the kubelet's unit at its limit is the kubelet starved of threads.
 */

/** A unit's name where systemctl names it: status's header (● name.service - …), show's Id=/Names=. */
const UNIT_HEADER = /^\s*(?:[●○×*↻]\s*)?([\w@.:-]+\.service)(?:\s+-\s|\s*$)/;
const UNIT_PROPERTY = /^\s*(?:Id|Names)=([\w@.:-]+\.service)\b/;
/** A systemctl command line (a prompt, or the key of commandOutputs): the unit is its last argument. */
const SYSTEMCTL = /systemctl\s+(?:--no-pager\s+|-l\s+)*(?:status|show)\s+(.*)/;

function unitOfCommand(line: string): string | undefined {
  const args = SYSTEMCTL.exec(line)?.[1]?.split(/\s+/) ?? [];
  let unit: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-p' || arg === '--property' || arg === '-n' || arg === '--lines') i++;
    else if (/^[\w@.:-]+$/.test(arg) && !arg.startsWith('-')) unit = arg;
    else if (/^[|;&]/.test(arg)) break;
  }
  return unit;
}

const TASKS_LINE = /^\s*Tasks:\s+(\d+)\s+\(limit:\s+(\d+)\)/;
const TASKS_CURRENT = /^\s*TasksCurrent=(\d+)\s*$/;
const TASKS_MAX = /^\s*TasksMax=(\d+)\s*$/;

const RUNTIME_UNITS = new Set([
  'docker.service',
  'containerd.service',
  'crio.service',
  'cri-o.service',
  'k3s.service',
  'k3s-agent.service',
  'rke2-server.service',
  'rke2-agent.service',
  'snap.microk8s.daemon-containerd.service',
  'snap.microk8s.daemon-kubelite.service',
]);
const KUBELET_UNITS = new Set(['kubelet.service']);

/** At the limit: every further fork in the unit fails. A few below it, forks fail in bursts already. */
const AT_LIMIT = 0.98;

function unitName(name: string): string {
  return name.endsWith('.service') ? name : `${name}.service`;
}

function factOf(unit: string): FactId | undefined {
  if (RUNTIME_UNITS.has(unit)) return 'pid.runtime_unit_limit';
  if (KUBELET_UNITS.has(unit)) return 'pid.pressure';
  return undefined;
}

function read(text: string, source: string, command: string | undefined, facts: FactSet): void {
  let unit = command ? unitOfCommand(command) : undefined;
  let current: number | undefined;
  let max: number | undefined;
  const report = (count: number, limit: number, line: string) => {
    if (!unit || limit <= 0 || count < limit * AT_LIMIT) return;
    const name = unitName(unit);
    const id = factOf(name);
    if (id) facts.add({ id, source, text: `${name}: ${line.trim()}`, value: count / limit });
  };
  for (const line of text.split('\n')) {
    const named = UNIT_HEADER.exec(line)?.[1] ?? UNIT_PROPERTY.exec(line)?.[1] ?? unitOfCommand(line);
    if (named) {
      unit = named;
      current = undefined;
      max = undefined;
      continue;
    }
    const tasks = TASKS_LINE.exec(line);
    if (tasks) {
      report(Number(tasks[1]), Number(tasks[2]), line);
      continue;
    }
    const c = TASKS_CURRENT.exec(line)?.[1];
    if (c !== undefined) current = Number(c);
    const m = TASKS_MAX.exec(line)?.[1];
    if (m !== undefined) max = Number(m);
    if ((c !== undefined || m !== undefined) && current !== undefined && max !== undefined) {
      report(current, max, `TasksCurrent=${current} TasksMax=${max}`);
      current = undefined;
      max = undefined;
    }
  }
}

/** Reads systemctl's task counts and limits wherever they were pasted: logs and command outputs. */
export function extractTaskLimits(bundle: EvidenceBundle, facts: FactSet): void {
  for (const source of LOG_SOURCES) {
    const text = bundle.logs?.[source];
    if (text && /Tasks/.test(text)) read(text, `logs.${source}`, undefined, facts);
  }
  for (const [command, output] of Object.entries(bundle.commandOutputs ?? {})) {
    if (/Tasks/.test(output)) read(output, `commandOutputs[${JSON.stringify(command)}]`, command, facts);
  }
}
