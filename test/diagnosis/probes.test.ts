import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { PROBE_RULES } from '../../shared/diagnosis/rules/npd.ts';

/** The conditions this project's node-problem-detector probes set (infra/node-problem-detector/). */
const probe = (type: string, reason: string, message: string) => ({
  conditions: [
    {
      type: 'Ready',
      status: 'False',
      reason: 'KubeletNotReady',
      message: 'PLEG is not healthy: pleg was last seen active 4m2s ago; threshold is 3m0s',
    },
    { type, status: 'True', reason, message },
  ],
});

it.each([
  [
    'ContainerRuntimeUnresponsive',
    'RuntimeNotResponding',
    'crictl ps did not answer within 10s',
    'runtime_down',
  ],
  [
    'RuntimeFileDescriptorPressure',
    'RuntimeFdNearLimit',
    'containerd holds 65500 of 65536 descriptors',
    'fd_exhaustion',
  ],
  ['ShimProcessesStuck', 'ZombieUnderShim', '3 zombie processes under containerd-shim', 'zombie_shim_hang'],
  [
    'SystemdUnresponsive',
    'SystemdNotResponding',
    'systemd did not answer D-Bus within 5s',
    'systemd_dbus_stall',
  ],
  ['TooManyContainers', 'ContainerCountHigh', '2400 containers on the node', 'container_count'],
])('the %s probe condition leads to %s', (type, reason, message, verdict) => {
  expect(diagnose(probe(type, reason, message)).verdict).toBe(verdict);
});

it('a probe condition that is False says nothing', () => {
  const d = diagnose({
    conditions: [
      { type: 'SystemdUnresponsive', status: 'False', reason: 'SystemdResponding', message: 'ok' },
    ],
  });
  expect(d.verdict).toBe('unknown');
});

it.each([
  [{ alertname: 'PlegRelistFailing', node: 'n1' }, 'runtime_down'],
  [
    { alertname: 'ContainerRuntimeErrorsHigh', operation_type: 'list_containers', node: 'n1' },
    'runtime_down',
  ],
])('the shipped alert %j points at %s', (labels, verdict) => {
  const d = diagnose({ alerts: [{ status: 'firing', labels, annotations: {} }] });
  expect(d.causes[0]?.id).toBe(verdict);
});

it('the shipped probe config sets exactly the conditions and reasons the engine reads (PROBE_RULES)', () => {
  const config = JSON.parse(
    readFileSync(
      new URL('../../infra/node-problem-detector/pleg-responder-probes.json', import.meta.url),
      'utf8',
    ),
  ) as {
    conditions: { type: string }[];
    rules: { type: string; condition?: string; reason: string; path: string }[];
  };
  const shipped = config.rules.map((r) => ({
    condition: r.type === 'permanent' ? r.condition : undefined,
    reason: r.reason,
    script: r.path.split('/').at(-1),
  }));
  const table = PROBE_RULES.map((r) => ({ condition: r.condition, reason: r.reason, script: r.script }));
  expect(shipped).toEqual(table);
  expect(config.conditions.map((c) => c.type).sort()).toEqual(
    PROBE_RULES.flatMap((r) => (r.condition ? [r.condition] : [])).sort(),
  );
});
