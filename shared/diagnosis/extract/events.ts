import type { EvidenceBundle } from '../../schemas/bundle.ts';
import { normaliseEvent } from '../../schemas/kube-event.ts';
import type { Component } from '../components.ts';
import { type FactId, FactSet } from '../facts.ts';
import { NPD_EVENT_FACTS } from '../rules/npd.ts';
import { scanText } from '../scanner.ts';

/**
 * Event reasons that are facts by themselves: the kubelet's own (pkg/kubelet/events/event.go), node-problem-detector's
 * (rules/npd.ts, cited to NPD's config files) and this project's probes. Eviction events (EvictionThresholdMet) name
 * the resource in their message, which the kubelet rules read.
 */
const REASON_FACTS: Record<string, FactId> = {
  ContainerGCFailed: 'containers.gc_failed',
  ImageGCFailed: 'disk.image_gc_failed',
  FreeDiskSpaceFailed: 'disk.image_gc_failed',
  SystemOOM: 'mem.oom',
  NodeHasInsufficientMemory: 'mem.oom',
  NodeHasDiskPressure: 'disk.pressure',
  NodeHasInsufficientPID: 'pid.pressure',
  ...NPD_EVENT_FACTS,
};

/** Which program wrote an event's message, from its reporting component. */
function componentOfReporter(reporter: string): Component {
  if (reporter === 'kubelet') return 'kubelet';
  if (reporter.includes('kernel')) return 'kernel';
  if (reporter.includes('systemd')) return 'systemd';
  return 'unknown';
}

/** A node that went NotReady and Ready again this many times is flapping, not down. */
const FLAP_TRANSITIONS = 3;

/**
 * The facts an event's message yields. A message pasted from a terminal or an issue may come wrapped across lines
 * (the terminal breaks it at its width): it is also read joined, for the facts its lines alone do not show.
 */
function scanMessage(message: string, source: string, writer: Component): FactSet {
  const found = new FactSet();
  scanText(message, source, writer, found);
  if (!message.includes('\n')) return found;
  const joined = new FactSet();
  scanText(message.replace(/\r?\n/g, ''), source, writer, joined);
  const unseen = joined.snapshot().entries.filter(([id]) => !found.has(id));
  found.absorb({ entries: unseen, discounted: [] });
  return found;
}

/**
 * Round 20: the kubelet's SandboxChanged event (pkg/kubelet/kuberuntime/kuberuntime_manager.go SyncPod, "Pod sandbox
 * changed, it will be killed and re-created.", events.SandboxChanged) is written once for each sync that finds a pod's
 * sandbox not ready or its network changed, before killing it. After a reboot every pod has one; one pod's event
 * counted in hundreds means the kill (StopPodSandbox, the CNI DEL first) fails on every sync and the sync starts over.
 */
const SANDBOX_RECREATE_LOOP = 100;

/** Facts from the events: reasons that are facts, each message's lines (every occurrence the event counts). */
export function extractEvents(bundle: EvidenceBundle, facts: FactSet): void {
  let notReady = 0;
  let ready = 0;
  let sandboxChanged = 0;
  let sandboxWhere = '';
  (bundle.events ?? []).forEach((raw, i) => {
    const e = normaliseEvent(raw);
    const where = `events[${i}]`;
    const fact = REASON_FACTS[e.reason];
    if (fact) facts.add({ id: fact, source: `${where}.reason`, text: `${e.reason}: ${e.message}`.trim() });
    if (e.kind === 'Node' && e.reason === 'NodeNotReady') notReady += e.count;
    if (e.kind === 'Node' && e.reason === 'NodeReady') ready += e.count;
    // One event's count (one pod's sandbox, re-created again and again), not the sum: after a reboot every pod has
    // one such event, and a hundred pods are not a loop.
    if (e.reason === 'SandboxChanged' && e.count > sandboxChanged) {
      sandboxChanged = e.count;
      sandboxWhere = where;
    }
    if (e.message)
      facts.absorb(
        scanMessage(e.message, `${where}.message`, componentOfReporter(e.component)).snapshot(),
        e.count,
      );
  });
  if (sandboxChanged >= SANDBOX_RECREATE_LOOP) {
    facts.add({
      id: 'pod.sandbox_recreate_loop',
      source: `${sandboxWhere}.count`,
      text: `SandboxChanged ×${sandboxChanged}: Pod sandbox changed, it will be killed and re-created.`,
      value: sandboxChanged,
    });
  }
  if (notReady >= FLAP_TRANSITIONS && ready >= FLAP_TRANSITIONS) {
    facts.add({
      id: 'node.flapping',
      source: 'events',
      text: `NodeNotReady ×${notReady}, NodeReady ×${ready}`,
      value: notReady,
    });
  }
}
