import { describe, expect, it } from 'vitest';
import type { Component } from '../../shared/diagnosis/components.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type FactId, FactSet } from '../../shared/diagnosis/facts.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';
import { expectLiteralsHeld } from '../support/literals.ts';

// Round 28 (r28-runtime): the runtime refusing to delete a task or container it still holds running. Lines built from
// the programs' format strings: containerd's client (container.go Delete, task.go Delete, process.go Delete, as a
// client such as a service supervisor or the CRI plugin logs them), dockerd's cleanupContainer in its 1.13-24.0 and
// 25.0+ wordings and ContainerRm's removal in progress.

const J = 'Nov 23 10:01:02 node-1';
const TS = 'time="2026-11-23T10:01:02.123456789Z"';
const ID = '7c1e0b9d4a3f2e8c6b5a4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a';

interface Example {
  line: string;
  fact: FactId;
  origin?: Component;
}

function factsOf(line: string, origin: Component = 'unknown'): FactSet {
  const facts = new FactSet();
  scanText(line, 'logs.test', origin, facts);
  return facts;
}

const HITS: readonly Example[] = [
  {
    line: 'error restarting kubelet: cannot delete running task kubelet: failed precondition',
    fact: 'runtime.task_delete_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to delete container" error="cannot delete running task ${ID}: failed precondition"`,
    fact: 'runtime.task_delete_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="delete task" error="task must be stopped before deletion: running: failed precondition"`,
    fact: 'runtime.task_delete_refused',
  },
  {
    line: 'ctr: current process state: running, process must be stopped before deletion: failed precondition',
    fact: 'runtime.task_delete_refused',
  },
  {
    line: `${J} dockerd[901]: ${TS} level=error msg="Handler for DELETE /v1.41/containers/${ID.slice(0, 12)} returned error: You cannot remove a running container ${ID}. Stop the container before attempting removal or force remove"`,
    fact: 'runtime.task_delete_refused',
    origin: 'dockerd',
  },
  {
    line: `${J} dockerd[901]: ${TS} level=error msg="Handler for DELETE /v1.45/containers/web returned error: cannot remove container \\"/web\\": container is running: stop the container before removing or force remove"`,
    fact: 'runtime.task_delete_refused',
    origin: 'dockerd',
  },
  {
    line: `${J} dockerd[901]: ${TS} level=error msg="Error removing container: removal of container ${ID.slice(0, 12)} is already in progress"`,
    fact: 'runtime.task_delete_refused',
    origin: 'dockerd',
  },
];

const KLOG_HEADER = 'I1123 10:01:02.123456    2210';

const GC_HITS: readonly Example[] = [
  {
    line: `${J} kubelet[2210]: ${KLOG_HEADER} image_gc_manager.go:305] [imageGCManager]: Removing image "sha256:da86e6ba6ca197bf6bc5e9d900febd906b133eaa4750e6bed647b0fbe50ed43e" to free 742472 bytes`,
    fact: 'kubelet.image_gc_removed',
    origin: 'kubelet',
  },
  {
    line: `${J} kubelet[2210]: ${KLOG_HEADER} image_gc_manager.go:391] "Removing image to free space" imageID="sha256:e6f1816883972d4be47bd48879a08919b96afcd344132622e4d444987919323c" size=311286 runtimeHandler=""`,
    fact: 'kubelet.image_gc_removed',
    origin: 'kubelet',
  },
];

const GC_MISSES: readonly Example[] = [
  // the collection running and finding nothing to remove, or a person removing an image
  {
    line: `${J} kubelet[2210]: ${KLOG_HEADER} image_gc_manager.go:300] "Disk usage on image filesystem is over the high threshold, trying to free bytes down to the low threshold" usage=86 highThreshold=85 amountToFree=1024 lowThreshold=80`,
    fact: 'kubelet.image_gc_removed',
  },
  { line: 'Untagged: registry.example.com/pause:3.9', fact: 'kubelet.image_gc_removed' },
];

const MISSES: readonly Example[] = [
  // A task deleted after it stopped, and a container already gone, are the ordinary path.
  {
    line: `${J} containerd[812]: ${TS} level=info msg="shim disconnected" id=${ID}`,
    fact: 'runtime.task_delete_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to delete task" error="task ${ID}: not found"`,
    fact: 'runtime.task_delete_refused',
  },
  // Another precondition: a snapshot still in use, a process that does not exist.
  {
    line: 'failed to remove snapshot: cannot remove snapshot with child: failed precondition',
    fact: 'runtime.task_delete_refused',
  },
  { line: 'Error response from daemon: No such container: web', fact: 'runtime.task_delete_refused' },
  // Another program's removal in progress (a volume's, a network's).
  { line: 'removal of network br-1 is in progress', fact: 'runtime.task_delete_refused' },
];

describe('round 28: the runtime refusing to delete a task it holds running', () => {
  it.each(HITS.map((e) => [e.fact, e.line, e.origin] as const))('%s ← %s', (fact, line, origin) => {
    expect(factsOf(line, origin).ids()).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(MISSES.map((e) => [e.fact, e.line] as const))('not %s ← %s', (fact, line) => {
    expect(factsOf(line).ids()).not.toContain(fact);
  });

  it.each(GC_HITS.map((e) => [e.fact, e.line, e.origin] as const))('%s ← %s', (fact, line, origin) => {
    expect(factsOf(line, origin).ids()).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(GC_MISSES.map((e) => [e.fact, e.line] as const))('not %s ← %s', (fact, line) => {
    expect(factsOf(line).ids()).not.toContain(fact);
  });

  it("a supervisor's kubelet said dead while the runtime will not delete its task is the runtime's lost state", () => {
    const d = diagnose({
      logs: {
        other: [
          'talosctl service kubelet status: STATE Failed, service not running',
          'error restarting kubelet: cannot delete running task kubelet: failed precondition',
        ].join('\n'),
      },
    } as never);
    expect(d.causes[0]?.id).toBe('runtime_down');
    expect(d.causes[0]?.confidence).toBeLessThan(0.7);
  });
});
