import { expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';

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
