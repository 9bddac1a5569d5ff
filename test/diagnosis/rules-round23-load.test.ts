import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { LOAD_WORD_RULES } from '../../shared/diagnosis/rules/load-words.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { type Bundle, ids } from '../support/node-lines.ts';

// Round 23 (r23-clock-cpu-defects): CPU starvation by what ended it and the probe storm it drives, in people's words
// (rules/load-words.ts). Sentences are built from the states' definitions (the node healing once the heavy
// workloads are moved; liveness probes failing together, containers restarted at once), never from a case.

const said = (line: string): Bundle => ({ logs: { other: line } });

const HITS = [
  [
    'cpu.relieved_by_moving_load',
    'After we moved the CPU-heavy pods to other nodes, the node recovered within a minute.',
  ],
  ['cpu.relieved_by_moving_load', 'The node only came back once we descheduled the CPU-intensive jobs.'],
  [
    'cpu.relieved_by_moving_load',
    'A manual cordon and descheduling the CPU-intensive workloads is required to get it Ready.',
  ],
  ['cpu.relieved_by_moving_load', 'It stays NotReady until someone evicts the memory-hungry pods.'],
  ['cpu.relieved_by_moving_load', 'The node came back to Ready once the stress pods were deleted.'],
  ['cpu.relieved_by_moving_load', 'It recovered as soon as the load test was stopped.'],
  ['cpu.relieved_by_moving_load', 'When the CPU-bound jobs were scaled down, the node went back to Ready.'],
  ['cpu.relieved_by_moving_load', '把 CPU 密集型的 pod 迁走之后节点才恢复 Ready。'],
  ['cpu.relieved_by_moving_load', 'CPU負荷の高いPodを別ノードに移動したらノードが復旧した。'],
  ['probes.restart_storm', 'Many pods restart at the same time due to failed liveness probes.'],
  ['probes.restart_storm', 'Liveness probes fail on all the pods at once and the kubelet restarts them.'],
  ['probes.restart_storm', 'Most containers failed their liveness probes and were restarted.'],
  ['probes.restart_storm', 'We saw a probe storm on the node every time the batch started.'],
  ['probes.restart_storm', '大量 Pod 的存活探针超时，同时重启。'],
  // Round 27: the kubelet and another agent of the node, or everything on it, stopping in one moment; the instance's
  // checks passing while the guest is hung.
  ['node.unresponsive', 'The kubelet and the node-exporter stopped at the same moment.'],
  ['node.unresponsive', 'Both fluent-bit and the kubelet hung at the same time on that worker.'],
  ['node.unresponsive', 'At the same time, the kubelet and the SSM agent stopped responding.'],
  ['node.unresponsive', 'Everything on the node stopped at the same time.'],
  ['node.unresponsive', 'All logs and metrics from the instance went silent simultaneously.'],
  ['node.unresponsive', 'kubelet 和 filebeat 同时卡住了'],
  ['node.unresponsive', '节点上所有进程同时卡死'],
  ['node.unresponsive', 'The instance status checks stayed green while the node was NotReady for hours.'],
  ['node.unresponsive', 'The VM froze, but the hypervisor reported it running.'],
] as const;

const MISSES = [
  // A plan or a question, a move that did not help, the words without the relief, a single pod's probe.
  ['cpu.relieved_by_moving_load', 'We plan to move the CPU-heavy pods to a dedicated pool next quarter.'],
  ['cpu.relieved_by_moving_load', 'Should we deschedule the CPU-intensive jobs to fix it?'],
  ['cpu.relieved_by_moving_load', 'The CPU-intensive pods were scheduled on the new node.'],
  ['cpu.relieved_by_moving_load', 'We moved the database to another node but nothing changed.'],
  ['cpu.relieved_by_moving_load', 'The stress pods were deleted but the node stayed NotReady.'],
  ['cpu.relieved_by_moving_load', 'The node came back once the pods were deleted and the volume detached.'],
  ['probes.restart_storm', "The app's liveness probe failed once and the container restarted."],
  ['probes.restart_storm', 'Readiness probes are configured for every pod in the namespace.'],
  ['probes.restart_storm', 'Maybe the liveness probes fail at the same time on all pods, not sure.'],
  // The runtime with the kubelet; one agent alone; agents restarted by a person; checks failing; a question.
  ['node.unresponsive', 'The kubelet and containerd stopped at the same time.'],
  ['node.unresponsive', 'The kubelet stopped at 10:02 and we restarted it.'],
  ['node.unresponsive', 'We restarted the kubelet and the node-exporter together.'],
  ['node.unresponsive', 'The instance status checks failed and the node was NotReady.'],
  ['node.unresponsive', 'Did the kubelet and fluent-bit stop at the same time?'],
] as const;

describe("CPU starvation by what ended it and the probe storm, in people's words", () => {
  it.each(HITS)('%s ← %s', (fact, line) => {
    expect(ids(said(line))).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(MISSES)('not %s ← %s', (fact, line) => {
    expect(ids(said(line))).not.toContain(fact);
  });

  it('every rule is exercised by a sentence built from its definition', () => {
    const untested = LOAD_WORD_RULES.filter(
      (rule) => !HITS.some(([fact, line]) => fact === rule.fact && new RegExp(rule.pattern).test(line)),
    );
    expect(untested.map((r) => r.fact)).toEqual([]);
  });

  it('reads two agents stopping together as the guest, not the kubelet wedged, below 0.7 from words alone', () => {
    for (const line of [
      'The kubelet and the node-exporter stopped at the same moment while the EC2 status checks passed.',
      '节点假死，kubelet 和 node-exporter 同时停止',
    ]) {
      const d = diagnose(said(line));
      const ranked = d.causes.map((c) => c.id);
      expect(ranked[0]).toBe('resource_starvation');
      expect(ranked).not.toContain('kubelet_defect');
      expect(d.confidence).toBeLessThan(0.7);
    }
  });

  it('reaches the starvation from a reproduction in steps that names the mechanism, below 0.7 from words alone', () => {
    const d = diagnose(
      said(
        [
          'Steps to reproduce:',
          '1. Run a few pods with liveness probes on one node.',
          '2. Start a pod that drives the CPU of the node to 100%.',
          '3. Many pods restart at the same time due to failed liveness probes.',
          '4. The node stays NotReady until the CPU-heavy pods are moved to another node.',
        ].join('\n'),
      ),
    );
    expect(d.verdict).toBe('resource_starvation');
    expect(d.confidence).toBeLessThan(0.7);
  });
});
