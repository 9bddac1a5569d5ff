import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, top } from '../support/node-lines.ts';

// Round 22's memory family (docs/accuracy.md, round 22): the workload's memory summed against the node's, in people's
// words, and the questions asked when nodes are replaced with pods stuck, or a watchdog reboots them. Sentences are
// built from the figures' forms (a count times each pod's use; the node's size), not from any incident.

describe("the pods' memory summed against the node's", () => {
  it.each([
    'We run 8 best-effort pods using about 1 GB of memory each on an 8 GiB worker node.',
    '6 Java pods consuming roughly 2.5Gi each were scheduled on a 16Gi node.',
    '12 replicas, each using 700MiB, on nodes with 8 GiB of memory.',
    'The 4GB RAM VM runs 3 containers with a 1.2G heap each.',
  ])('%s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).toContain('mem.workload_fills_node');
  });

  it.each([
    'We run 8 pods using about 256 MB of memory each on an 8 GiB worker node.',
    'Each of the 8 pods uses 1 GB; the node has 64 GB of memory.',
    'We run 8 pods using about 1 GB of memory each.',
    'The node has 8 GiB of memory and 30 pods.',
  ])('not: %s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).not.toContain('mem.workload_fills_node');
  });

  it('names memory starvation, held below the confident bar as a description alone', () => {
    const cause = top({
      logs: {
        other:
          'Running 9 best effort pods consuming approximately 1G of memory each on an 8Gi worker node made the node stop posting its status.',
      },
    });
    expect(cause?.id).toBe('resource_starvation');
    expect(cause?.confidence).toBeLessThan(0.7);
  });

  it('reads the QoS class as an adjective before the pods', () => {
    expect(ids({ logs: { other: 'we deployed 8 best effort Java pods on the node' } })).toContain(
      'pods.unbounded',
    );
    expect(ids({ logs: { other: 'the scheduler does its best effort to spread pods' } })).not.toContain(
      'pods.unbounded',
    );
  });
});

describe('what to ask for', () => {
  const asks = (other: string) => diagnose({ logs: { other } }).missing.map((m) => m.what);

  it("asks for the nodes' size against the pods' requests and the reservations when nodes are replaced and pods stuck", () => {
    const said =
      'Nodes are terminated and replaced every few days. Pods that were Terminating stay stuck there, others stay in ContainerCreating.';
    expect(asks(said).some((w) => w.includes("pods' requests and limits"))).toBe(true);
    expect(
      asks('Nodes are terminated and replaced every few days.').some((w) => w.includes("pods' requests")),
    ).toBe(false);
    expect(asks('Pods stay stuck in Terminating.').some((w) => w.includes("pods' requests"))).toBe(false);
  });

  it("asks for a watchdog's check when it is said to reboot nodes, and names none of the causes from it", () => {
    const said =
      'The node-health-monitor puts one node into a reboot loop; with the monitor disabled the node stays healthy.';
    const d = diagnose({ logs: { other: said } });
    expect(d.verdict).toBe('unknown');
    expect(d.missing.some((m) => m.what.includes("watchdog's or health monitor's check"))).toBe(true);
    expect(
      asks('The node rebooted after a kernel update.').some((w) =>
        w.includes("watchdog's or health monitor's"),
      ),
    ).toBe(false);
  });
});

describe('a monitor that reboots nodes', () => {
  it.each([
    'The kubelet-monitor somehow puts one node into a reboot loop.',
    'Our node_watchdog reboots the node whenever it counts ten PLEG lines.',
    'The health check script restarted the node every 15 minutes.',
    'The monitor rebooted worker-3 three times tonight.',
  ])('%s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).toContain('node.watchdog_reboots');
  });

  it.each([
    'The NMI watchdog rebooted the node after a hard lockup.',
    'We monitor nodes that reboot with Prometheus.',
    'If the health check fails, the monitor reboots the node.',
  ])('not: %s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).not.toContain('node.watchdog_reboots');
  });
});

describe("the kubelet's reservations in a configuration dump", () => {
  const oom = 'Nov 02 13:41:43 worker-1 kernel: Out of memory: Killed process 1893 (java) total-vm:1kB';
  const configz = 'kubectl get --raw /api/v1/nodes/worker-1/proxy/configz';
  const noReserved = (config: string) =>
    ids({ logs: { kernel: oom }, commandOutputs: { [configz]: config } }).includes('config.no_reserved');

  it.each([
    '{"kubeletconfig":{"enableServer":true,"kubeReserved":{},"evictionHard":{"memory.available":"100Mi"}}}',
    '{"kubeletconfig":{"enableServer":true,"evictionHard":{"memory.available":"100Mi"}}}',
    'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nkubeReserved: {}\n',
  ])('nothing reserved: %s', (config) => {
    expect(noReserved(config)).toBe(true);
  });

  it.each([
    '{"kubeletconfig":{"enableServer":true,"kubeReserved":{"memory":"1Gi"}}}',
    'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nsystemReserved:\n  memory: 1Gi\n',
  ])('reserved: %s', (config) => {
    expect(noReserved(config)).toBe(false);
  });

  it('checks the reservations when the workload is said to fill the node', () => {
    const facts = ids({
      logs: { other: 'We run 8 best-effort pods using about 1 GB of memory each on an 8 GiB worker node.' },
      commandOutputs: { [configz]: '{"kubeletconfig":{"enableServer":true}}' },
    });
    expect(facts).toContain('config.no_reserved');
  });
});
