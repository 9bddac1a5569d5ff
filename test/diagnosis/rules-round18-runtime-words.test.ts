import { describe, expect, it } from 'vitest';
import { RUNTIME_WORD_RULES } from '../../shared/diagnosis/rules/runtime-words.ts';
import { ids, top } from '../support/node-lines.ts';
import { itReadsSentences, said } from '../support/sentences.ts';

// Round 18 (r18-runtime): a runtime that does not start, in the nominal and gerund forms the description grammar does
// not read, and a distribution's server or agent exiting because the containerd it runs does not start. Sentences
// written from the words' forms (a gerund, a participle, a noun of the failure), not from any incident.

const HITS: ReadonlyArray<readonly [string, string]> = [
  ['runtime.service_stopped', 'After the upgrade the workers keep failing to start containerd.'],
  ['runtime.service_stopped', 'There is a failure starting docker on every reboot.'],
  ['runtime.service_stopped', 'The node is stuck because of the runtime’s start failure.'],
  ['runtime.service_stopped', "containerd's start-up failure leaves the node NotReady."],
  ['runtime.service_stopped', 'The node was unable to start the container runtime after patching.'],
  ['runtime.service_stopped', 'We saw errors starting CRI-O after the config change.'],
  ['runtime.blocks_kubelet', 'The rke2 agent exits because its embedded containerd fails to start.'],
  [
    'runtime.blocks_kubelet',
    'The k3s server will not start, its log ends with an error about failing to start containerd.',
  ],
  ['runtime.op_timeout', "For days the kubelet's CRI calls time out on every node."],
  ['runtime.op_timeout', 'We get DeadlineExceeded on all CRI requests from the kubelet.'],
];

const MISSES: ReadonlyArray<readonly [string, string]> = [
  // A runtime's own objects started by it, a question, another tool named docker, a wrapper failing for its own reason.
  ['runtime.service_stopped', 'Pods fail because of a failure starting containerd tasks for the new image.'],
  ['runtime.service_stopped', 'Did the node fail to start containerd after the reboot?'],
  ['runtime.service_stopped', 'We could not start containerd by hand, but it came up after a reboot.'],
  ['runtime.service_stopped', 'The runner shows errors starting docker-compose services.'],
  ['runtime.blocks_kubelet', 'The k3s server fails to start because of a bad token; containerd is fine.'],
  ['runtime.blocks_kubelet', 'Does k3s fail to start when containerd fails to start?'],
  // Go's idle threads wait in futex: a shim "in futex_wait" is no timeout; a configured timeout is not one running out.
  ['runtime.op_timeout', 'All the shims sit in futex_wait_queue.'],
  ['runtime.op_timeout', 'We raised runtime-request-timeout so that runtime calls time out later.'],
];

describe("a runtime that does not start, in the grammar's missing forms", () => {
  itReadsSentences(HITS, MISSES, RUNTIME_WORD_RULES);

  it('a wrapper down because its containerd does not start ranks the runtime first, below a confident verdict', () => {
    const d = top(
      said(
        'The k3s server fails to start after the upgrade, with an error message about failing to start containerd.',
      ),
    );
    expect(d?.id).toBe('runtime_down');
    expect(d?.confidence ?? 0).toBeLessThan(0.7);
  });

  it('the runtime started before the network plugins after a power loss is a question of unit ordering, no cause', () => {
    expect(
      ids(said('After the power loss, containerd came up on every node before the CNI plugins were ready.')),
    ).toEqual([]);
  });
});
