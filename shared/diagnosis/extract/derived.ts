import type { EvidenceBundle } from '../../schemas/bundle.ts';
import { componentOfLogSource, NODE_DAEMONS } from '../components.ts';
import { EXAMPLES_PER_FACT, type FactId, type FactSet } from '../facts.ts';
import { writerPid } from '../log-headers.ts';
import { parseLogLine } from '../logline.ts';
import { panicRestartLoop } from '../recurring.ts';
import { bundleTexts, type RuntimeSetting, statedRuntime } from './versions.ts';

/**
 * A relist that finishes late shows an age just past the 3-minute threshold; one whose runtime call never
 * returns shows an age that keeps growing. Past this age the relist is stuck, not slow.
 */
const STUCK_RELIST_SECONDS = 15 * 60;
/** After this long, "status check may not have completed yet" means the runtime never answered, not a fresh start. */
const STATUS_NEVER_SECONDS = 60;

/**
 * Go prints a time.Time with its monotonic reading, `m=+12.345678901`: the seconds since the process started.
 * The kubelet prints its conditions that way when it records a change.
 */
const PROCESS_AGE = /\bm=\+(\d+(?:\.\d+)?)/;
/** A kubelet this young has not yet had its first runtime Status answer (it runs every 5 s, after start-up). */
const JUST_STARTED_SECONDS = 60;
/** "skipping pod synchronization" lines with the placeholder that add up to more than a minute of syncLoop back-off. */
const PENDING_LINES_NEVER = 20;

function plegAge(facts: FactSet): void {
  const age = facts.max('pleg.unhealthy');
  const first = facts.examples('pleg.unhealthy')[0];
  if (age === undefined || !first) return;
  if (age >= STUCK_RELIST_SECONDS)
    facts.add({ id: 'pleg.stuck', source: first.source, text: first.text, value: age });
  // Only the same kubelet's lines combine: a placeholder from a kubelet that has just restarted says nothing about
  // the relist age its predecessor logged.
  const pending = facts
    .examples('runtime.status_pending')
    .find(
      (p) =>
        [writerPid(p.text), writerPid(first.text)].includes(undefined) ||
        writerPid(p.text) === writerPid(first.text),
    );
  if (pending && age >= STATUS_NEVER_SECONDS) {
    facts.add({ id: 'runtime.status_never', source: pending.source, text: pending.text, value: age });
  }
}

/**
 * The kubelet posts its first node status before its first runtime Status call has answered, so a kubelet that
 * has just started reports "container runtime status check may not have completed yet" for one period, whatever
 * the runtime: when the line itself shows the process is seconds old, that is the start-up order, not the runtime.
 */
function startupRace(bundle: EvidenceBundle, facts: FactSet): void {
  for (const pending of facts.examples('runtime.status_pending')) {
    const seconds = Number(PROCESS_AGE.exec(pending.text)?.[1]);
    if (Number.isFinite(seconds) && seconds < JUST_STARTED_SECONDS) {
      facts.add({ id: 'kubelet.startup_race', source: pending.source, text: pending.text, value: seconds });
      return;
    }
  }
  const pending = facts.examples('runtime.status_pending')[0];
  if (!pending || facts.has('runtime.status_never')) return;
  // Round 25: the placeholder repeated for long. syncLoop logs "skipping pod synchronization" with it at each
  // iteration, its back-off doubling from 100 ms to 5 s: this many lines are more than a minute without one runtime
  // Status answer since the kubelet started, the runtime's status never answering, not the start-up order.
  const times = facts.count('runtime.status_pending');
  if (times >= PENDING_LINES_NEVER) {
    facts.add({ id: 'runtime.status_never', source: pending.source, text: pending.text, value: times * 5 });
    return;
  }
  // Round 25: the placeholder beside the kubelet's own start (its "Starting kubelet." event, kubelet.go
  // Run → recorder.Eventf(kl.nodeRef, v1.EventTypeNormal, events.StartingKubelet, "Starting kubelet."), or a
  // start the log records): the first status posted before the first runtime check, every restart's ordering.
  const started =
    facts.has('kubelet.restarted') ||
    (bundle.events ?? []).some((e) => e.reason === 'Starting' && /^Starting kubelet\b/.test(e.message ?? ''));
  if (started)
    facts.add({
      id: 'kubelet.startup_race',
      source: pending.source,
      text: pending.text,
      value: JUST_STARTED_SECONDS,
    });
}

/** A container ID as runtimes and the kubelet print it: the full 64 hex digits, or docker's 12. */
const CONTAINER_ID = /\b[0-9a-f]{64}\b|\b[0-9a-f]{12}\b/g;

/** The containers and sandboxes a line names, by their short (12-digit) IDs. */
function containerIds(text: string): Set<string> {
  return new Set([...text.matchAll(CONTAINER_ID)].map((m) => m[0].slice(0, 12)));
}

/**
 * Timeouts on individual containers that all name the same container, repeatedly: one container is wedged (its
 * shim, runc or process), not the runtime. Told by the examples kept (the first distinct lines).
 */
function sameContainerTimeouts(facts: FactSet): void {
  const examples = facts.examples('runtime.op_timeout');
  if (examples.length < 2) return;
  const ids = examples.map((e) => containerIds(e.text));
  const [first, ...rest] = ids;
  const shared = [...(first ?? [])].filter((id) => rest.every((set) => set.has(id)));
  const hang = examples[0];
  if (shared.length > 0 && hang)
    facts.add({ id: 'runtime.selective_hang', source: hang.source, text: hang.text });
}

/**
 * A create or start that timed out below the runtime, in each runtime's words: containerd's task manager ("failed to
 * start shim: %w", "failed to create shim task: %w" around a deadline: (*TaskManager).Create in runtime/v2/manager.go
 * 1.6-1.7, core/runtime/v2/task_manager.go 2.0 on; errors.Wrap "failed to create shim" in 1.5's manager.go); the CRI
 * plugin's "failed to create containerd task" (errors.Wrap in 1.4's vendored containerd/cri and 1.5's pkg/cri/server,
 * "%w" from 1.6: pkg/cri/server and sbserver container_start.go, internal/cri/server/container_start.go 2.0 on); the
 * containerd 0.2 bundled with docker 1.11-17.03 (runtime/runtime.go ErrContainerStartTimeout, returned by
 * runtime/container.go); runc's error relayed as "OCI runtime create failed" with a timeout; and cri-o's
 * (*runtimeOCI).CreateContainer ("create container timeout": oci/oci.go to 1.13, oci/runtime_oci.go 1.14-1.15,
 * internal/oci/runtime_oci.go 1.16 on). Checked against containerd/containerd and cri-o/cri-o tags (2026-08 trees).
 */
const START_TIMED_OUT =
  /(?:failed to (?:start shim|create shim task|create shim|create containerd task)|OCI runtime (?:create|start) failed)[^\n]*(?:context deadline exceeded|DeadlineExceeded|timed out|timeout)|container did not start before the specified timeout|create container timeout/;
/** What a timed-out start names: a container or sandbox ID, else the pod (the kubelet's pod="ns/name", CRI metadata). */
function startKey(text: string): string | undefined {
  const id = [...text.matchAll(CONTAINER_ID)][0]?.[0].slice(0, 12);
  return id ?? /pod="([^"]+)"|PodSandboxMetadata\{Name:([^,]+)/.exec(text)?.slice(1).find(Boolean);
}
/** Distinct containers whose starts timed out below the runtime at which it is the runtime's path, not one container. */
const SPREAD_STARTS = 3;

/**
 * Creates and starts that time out in the shim or runc for SPREAD_STARTS or more distinct containers (told by the
 * examples kept, the first distinct lines of each fact): the path under the runtime (shim launch, runc create, the
 * cgroup or mount set-up under it) fails every container, so the runtime cannot run containers on the node; the
 * same container again and again is runtime.selective_hang's one wedged container instead.
 */
function startTimeoutsSpread(facts: FactSet): void {
  const timedOut = [
    ...facts.examples('runtime.shim_start_failed'),
    ...facts.examples('runtime.op_timeout'),
  ].filter((e) => START_TIMED_OUT.test(e.text));
  const keys = new Set(timedOut.map((e) => startKey(e.text)).filter((k) => k !== undefined));
  const first = timedOut[0];
  if (keys.size < SPREAD_STARTS || !first) return;
  facts.add({
    id: 'runtime.start_timeouts_spread',
    source: first.source,
    text: `${keys.size} containers' starts timed out below the runtime, e.g. ${first.text}`,
    value: keys.size,
    observation: timedOut.every((e) => e.observation === true),
  });
}

/** The runtime failing calls for the whole node: with any of these, a single object's failure is not the story. */
const RUNTIME_WIDE: readonly FactId[] = [
  'runtime.down',
  'runtime.unreachable',
  'runtime.list_timeout',
  'runtime.status_timeout',
  'runtime.status_never',
  'runtime.cmd_hang',
  'runtime.service_failed',
  'pleg.relist_error',
];

/**
 * Stop and teardown failures (`runtime.pods_stuck`, `runtime.op_timeout`) that all name one and the same sandbox or
 * container, with no list, Status or daemon-wide failure beside them: one pod's teardown is stuck (its network
 * plugin's DEL, its volumes, its process), and the runtime itself still serves the node. Counted against
 * runtime_down, so a garbage-collection retry on one sandbox does not read as a runtime that does not answer.
 */
function oneObjectFailing(facts: FactSet): void {
  if (facts.hasAny(RUNTIME_WIDE)) return;
  const examples = [...facts.examples('runtime.pods_stuck'), ...facts.examples('runtime.op_timeout')];
  const named = examples.map((e) => containerIds(e.text));
  // Every failure names an object (a description of many pods stuck names none), and they all name the same one.
  if (named.length === 0 || named.some((ids) => ids.size === 0)) return;
  const all = new Set(named.flatMap((ids) => [...ids]));
  const first = examples[0];
  if (all.size === 1 && first)
    facts.add({ id: 'runtime.one_object_failing', source: first.source, text: first.text });
}

/**
 * The daemon's own runtime-wide calls timing out: its list and Status calls, or its ps/info commands. A create, start
 * or exec that hangs is the per-container path (dockerd or the CRI -> containerd -> shim -> runc create, which waits
 * for runc's init stage), so per-container timeouts (runtime.op_timeout, runtime.container_cmd_hang) are not here.
 */
/** runc's init stage by its process names (rules/runc.ts runc.init_stuck). */
const RUNC_INIT = /runc(?:\.amd64)? init|runc:\[[012]:/;
const DAEMON_CALLS_TIME_OUT: readonly FactId[] = [
  'runtime.list_timeout',
  'runtime.status_timeout',
  'runtime.status_never',
  'runtime.cmd_hang',
  'runtime.call_blocked',
];

/**
 * runc's init stage alive beside the daemon's own runtime-wide calls timing out: the stalled starts have blocked the
 * daemon (the container locks and the shim calls they hold pile up until list and Status wait too), so the runtime is
 * what the node lost. Without it, runc's init stage is one container's start (zombie_shim_hang).
 */
function runcInitBlocksDaemon(facts: FactSet): void {
  const init = facts.examples('runc.init_stuck')[0];
  if (!init) return;
  // A line that names runc's init stage is about the stalled start, whatever else it says hangs ("docker hangs
  // starting containers, runc init at 100% CPU"): the daemon's calls must time out on a line of their own.
  const call = DAEMON_CALLS_TIME_OUT.flatMap((id) => facts.examples(id)).find((f) => !RUNC_INIT.test(f.text));
  if (!call) return;
  facts.add({
    id: 'runc.init_stuck_daemon_blocked',
    source: init.source,
    text: `${init.text} | ${call.text}`,
    // Both read from people's words only: a description, weighed as one.
    observation: facts.onlyObserved('runc.init_stuck') && call.observation === true,
  });
}

/** The node gone from the control plane's side: its pods stay Terminating because no kubelet confirms their end. */
const NODE_LOST: readonly FactId[] = [
  'node.status_unknown',
  'node.unresponsive',
  'node.rebooting',
  'kubelet.api_error',
  'kubelet.dead',
];
/** Anything that says the runtime itself hangs or fails. */
const RUNTIME_HANGS: readonly FactId[] = [
  ...RUNTIME_WIDE,
  'runtime.container_cmd_hang',
  'runtime.op_timeout',
  'runtime.shim_hang',
];

/**
 * Pods described as stuck (Terminating, ContainerCreating) on a node that the control plane has lost, with nothing
 * saying the runtime hangs: the pods wait for a kubelet that does not report, a consequence of the node's loss and
 * not a runtime that does not answer. Counted against runtime_down.
 */
function podsStuckByNodeLoss(facts: FactSet): void {
  const stuck = facts.examples('runtime.pods_stuck');
  if (stuck.length === 0 || stuck.some((f) => !f.observation)) return;
  if (!facts.hasAny(NODE_LOST) || facts.hasAny(RUNTIME_HANGS)) return;
  const first = stuck[0];
  if (first) facts.add({ id: 'runtime.pods_stuck_node_lost', source: first.source, text: first.text });
}

/** The kubelet's path to the API server lost for a while: the network, the API server, the link. */
const CONNECTIVITY_LOST: readonly FactId[] = [
  'network.disrupted',
  'network.link_down',
  'network.iface_lost',
  'apiserver.down',
  'kubelet.api_error',
];

/**
 * A node that lost its path to the API server and came back only when its kubelet was restarted: the network or
 * the API server was the trigger, the kubelet's failure to recover on its own (a dead connection it keeps using,
 * client-go before its HTTP/2 health check) is the fault. Rests on the description of the cure.
 */
function staleConnectionCured(facts: FactSet): void {
  const cure = facts.examples('kubelet.restart_cures')[0];
  if (!cure || !facts.hasAny(CONNECTIVITY_LOST)) return;
  facts.add({ id: 'kubelet.stale_conn', source: cure.source, text: cure.text, observation: true });
}

/** Commands about one container hang while the daemon answers everything else: that container is wedged. */
function selectiveHang(facts: FactSet): void {
  const hang = facts.examples('runtime.container_cmd_hang')[0];
  const answer = facts.examples('runtime.answers')[0];
  // The answering line stays cited on its own (runtime.answers); this fact cites the hang verbatim.
  if (hang && answer) facts.add({ id: 'runtime.selective_hang', source: hang.source, text: hang.text });
}

const SHIM_REAPED = /msg="shim reaped" id=([0-9a-f]{12,64})/g;

/**
 * dockerd logged the shim of a container as reaped, yet `docker ps` still lists that container as Up: the
 * runtime's state for it is wedged, and every inspect of it will block.
 */
function shimMismatch(bundle: EvidenceBundle, facts: FactSet): void {
  if (!facts.has('runtime.shim_reaped')) return;
  const logs = `${bundle.logs?.dockerd ?? ''}\n${bundle.logs?.containerd ?? ''}`;
  const reaped = new Set([...logs.matchAll(SHIM_REAPED)].map((m) => (m[1] ?? '').slice(0, 12)));
  for (const [command, output] of Object.entries(bundle.commandOutputs ?? {})) {
    if (!/\b(?:docker|crictl)\s+ps\b/.test(command)) continue;
    for (const line of output.split('\n')) {
      const id = /^([0-9a-f]{12})\b/.exec(line.trim())?.[1];
      if (id && reaped.has(id) && /\bUp\b|Running/.test(line)) {
        facts.add({
          id: 'runtime.shim_mismatch',
          source: `commandOutputs[${JSON.stringify(command)}]`,
          text: `${line.trim().replace(/\s{2,}/g, '  ')} (its shim was reaped)`,
        });
      }
    }
  }
}

/**
 * etcd unable to serve (etcd.unavailable) while the evidence shows the disk saturated or etcd's own slow-disk
 * warnings: etcd's leader misses its heartbeats and its proposals time out when its WAL cannot be synced in time
 * (etcd's tuning guide: the heartbeat interval and the disk's fsync latency), so the outage is the starvation's.
 */
function etcdStarved(facts: FactSet): void {
  if (!facts.has('etcd.unavailable') || !(facts.has('io.saturated') || facts.has('etcd.slow_disk'))) return;
  const [first] = facts.examples('etcd.unavailable');
  if (first) facts.add({ ...first, id: 'etcd.starved' });
}

/**
 * Round 21: load and I/O wait that are tasks stuck on storage. Linux counts tasks in uninterruptible sleep in the load
 * average (kernel/sched/loadavg.c calc_load_fold_active: nr_running + nr_uninterruptible, every release) and an idle
 * CPU with a task waiting on block I/O as iowait (kernel/sched/cputime.c account_idle_time, nr_iowait_cpu), so
 * tasks hung in storage code, or a network storage whose server is gone, raise both with no demand behind them: a
 * device at 100 % utilisation with nothing completing is the same stall seen by iostat. Beside such evidence, the
 * load, CPU and I/O wait said high are the stall's count, not starvation, unless a resource is shown exhausted.
 */
const STALL_FACTS: readonly FactId[] = ['kernel.storage_stall', 'storage.remote_lost', 'proc.dstate_storage'];
const LOAD_FACTS: readonly FactId[] = ['cpu.saturated', 'io.saturated', 'node.overloaded'];
const EXHAUSTED: readonly FactId[] = [
  'mem.oom',
  'mem.exhausted',
  'mem.reclaim',
  'mem.fragmented',
  'disk.pressure',
  'pid.pressure',
  'runtime.oom_killed',
  'cpu.throttled',
];
function loadIsStall(facts: FactSet): void {
  if (!facts.hasAny(LOAD_FACTS) || facts.hasAny(EXHAUSTED)) return;
  const stall = STALL_FACTS.flatMap((id) => facts.examples(id));
  const first = stall.find((f) => !f.observation) ?? stall[0];
  if (first) {
    facts.add({ ...first, id: 'storage.load_is_stall' });
    return;
  }
  // The load said in the same line as the tasks in D state ("load 80 on 4 cores, most processes in D state"): the
  // person counts the load in those tasks, which is how Linux counts it; with no memory shown short (the exclusions
  // above: reclaim also sleeps in D), a load of tasks in D state is a wait on I/O, not demand.
  // The load average (cpu.saturated, node.overloaded), not I/O said saturated: a disk busy with the kubelet's own
  // threads waiting on it is a saturated disk as much as a stalled one.
  const load = (['cpu.saturated', 'node.overloaded'] as const).flatMap((id) => facts.examples(id));
  const together = facts.examples('proc.dstate').find((d) => load.some((l) => l.source === d.source));
  if (together) facts.add({ ...together, id: 'storage.load_is_stall' });
}

/**
 * An OOM report's header (or the allocator's path to the killer) with no memory-cgroup marker anywhere in the
 * evidence is a system OOM: a memcg OOM always adds "Memory cgroup out of memory" or a CONSTRAINT_MEMCG summary.
 */
function systemOom(facts: FactSet): void {
  if (!facts.has('mem.oom_report') || facts.has('mem.cgroup_oom') || facts.has('mem.system_slice_limit'))
    return;
  for (const fact of facts.examples('mem.oom_report')) facts.add({ ...fact, id: 'mem.oom' });
}

/**
 * The runtime failing to start, as programs report it (a fatal at start, systemd giving up or leaving its unit
 * failed) or as people say it (a runtime that "failed to start" reads as its service left stopped). A runtime that
 * crashed and came back is not this: the kubelet that died with it is its own outage.
 */
const RUNTIME_NOT_STARTING: readonly FactId[] = [
  'runtime.start_failed',
  'runtime.restart_limit',
  'runtime.unit_failed',
];
const KUBELET_NOT_STARTING: readonly FactId[] = ['kubelet.dead', 'kubelet.unit_failed'];

/**
 * Both failing to start: the kubelet's unit requires the runtime (kubeadm's and the node images' drop-ins order it
 * after the runtime; a kubelet exits at start when its CRI endpoint does not answer), so the runtime comes first.
 */
function runtimeBlocksKubelet(facts: FactSet): void {
  if (facts.has('runtime.recovered')) return;
  // The kubelet's own exit on its runtime's version check (kubelet.ts): the runtime did not answer it at start. A
  // runtime that crashed and was restarted meanwhile leaves the kubelet's later exits its own (as below).
  const exit = facts.examples('kubelet.exits_on_runtime')[0];
  if (exit && !facts.has('runtime.restarted')) {
    facts.add({ id: 'runtime.blocks_kubelet', source: exit.source, text: exit.text });
    return;
  }
  const runtime =
    RUNTIME_NOT_STARTING.find((id) => facts.has(id)) ??
    (facts.onlyObserved('runtime.service_stopped') ? 'runtime.service_stopped' : undefined);
  const kubelet = KUBELET_NOT_STARTING.find((id) => facts.has(id));
  if (!runtime || !kubelet) return;
  const first = facts.examples(runtime)[0];
  if (!first) return;
  facts.add({
    id: 'runtime.blocks_kubelet',
    source: first.source,
    text: first.text,
    ...(facts.onlyObserved(runtime) && facts.onlyObserved(kubelet) ? { observation: true } : {}),
  });
}

/** The runtime's own unit stopped, failing, or its socket gone. */
const RUNTIME_NOT_RUNNING: readonly FactId[] = [
  ...RUNTIME_NOT_STARTING,
  'runtime.service_stopped',
  'runtime.service_failed',
  'runtime.unreachable',
  'runtime.not_enabled',
];
/** A reason of the kubelet's own for not running, read from a line. */
const KUBELET_OWN_REASON: readonly FactId[] = [
  'kubelet.config_error',
  'kubelet.swap',
  'kubelet.start_step_failed',
  'kernel.sysctl_missing',
  'kubelet.panic',
  'kubelet.killed',
  'kubelet.cadvisor_cgroup_path',
  'kubelet.node_identity',
  'kubelet.auth_error',
  'kubelet.qos_root_missing',
  'kubelet.cgroup_unit_exists',
  'kubelet.kernel_defaults',
  'kubelet.container_map',
  'kubelet.manager_state',
];

/**
 * The kubelet exits or is restarted in a loop while the runtime is stopped or failing, and no line gives the
 * kubelet a reason of its own (broader than runtimeBlocksKubelet, which needs both to fail at start and lets the
 * runtime absorb the kubelet's outage; this one only weighs the runtime first): from 1.24 the kubelet exits at start
 * when the runtime does not answer (it validates the CRI connection, cmd/kubelet/app/server.go run → cri-client), and
 * systemd restarts it until the runtime is back. The runtime comes first; how the kubelet copes with it is the question, not the answer.
 */
function kubeletDownWithRuntime(facts: FactSet): void {
  const dead = KUBELET_NOT_STARTING.map((id) => facts.examples(id)[0]).find((fact) => fact !== undefined);
  // The runtime not running as its own unit or socket says (a description of it may be of a crash it recovered
  // from, after which the kubelet stayed down for a reason of its own), and not back since.
  if (!dead || !RUNTIME_NOT_RUNNING.some((id) => facts.has(id) && !facts.onlyObserved(id))) return;
  if (facts.hasAny(KUBELET_OWN_REASON)) return;
  if (facts.has('runtime.recovered') || facts.has('runtime.restarted')) return;
  facts.add({ id: 'kubelet.dead_with_runtime', source: dead.source, text: dead.text });
}

/**
 * systemd stopping the kubelet with the unit it is bound to while the runtime's unit failed (not a stop someone
 * asked for): the runtime's failure took the kubelet down with it, and comes first. A runtime stopped on request
 * and started again leaves the kubelet stopped for a reason of systemd's (kubelet.stopped_with_dependency alone).
 */
function kubeletStoppedWithFailedRuntime(facts: FactSet): void {
  const stopped = facts.examples('kubelet.stopped_with_dependency')[0];
  if (!stopped || facts.has('kubelet.dead_with_runtime')) return;
  const failing = [...RUNTIME_NOT_STARTING, 'runtime.service_failed', 'runtime.unreachable'] as const;
  if (!failing.some((id) => facts.has(id) && !facts.onlyObserved(id))) return;
  if (facts.has('runtime.recovered') || facts.has('runtime.restarted')) return;
  facts.add({ id: 'kubelet.dead_with_runtime', source: stopped.source, text: stopped.text });
}

/** A slice of the kubelet's own cgroup tree (kubepods, its QoS slices, a pod's), as systemd names it. */
const KUBEPODS_SLICE_EXISTS = /Unit \S{0,80}kubepods\S{0,200}\.slice already exists/;

/**
 * systemd answering that a kubepods slice already exists, on a line of its own, beside the kubelet's container
 * manager failing to create or update its QoS or pod cgroups: the answer its vendored libcontainer took for a
 * failure (the one-line form is read by its rule, rules/kubelet.ts). Only the kubelet starts kubepods slices (the
 * runtimes start scopes under them), so the slice's name ties the answer to the kubelet's bookkeeping; a container's
 * scope that already exists is not this, and stays systemd's. Cites the container manager's error.
 */
function kubeletUnitExists(facts: FactSet): void {
  if (facts.has('kubelet.cgroup_unit_exists')) return;
  const failed = facts.examples('kubelet.cgroup_setup_failed')[0];
  if (!failed) return;
  if (!facts.examples('systemd.unit_exists').some((f) => KUBEPODS_SLICE_EXISTS.test(f.text))) return;
  facts.add({ id: 'kubelet.cgroup_unit_exists', source: failed.source, text: failed.text });
}

/**
 * Forks failing with EAGAIN (in any writer's words) beside the runtime's unit at its task limit: the limit they met
 * is the unit's, so they corroborate it rather than a node out of PIDs.
 */
function runtimeUnitForks(facts: FactSet): void {
  if (!facts.has('pid.runtime_unit_limit')) return;
  for (const fact of facts.examples('pid.pressure')) facts.add({ ...fact, id: 'pid.runtime_unit_forks' });
}

/** The program whose words a fork or thread failure is in, when no journal tag names it. */
const FORK_WRITERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/newosproc|new OS thread|runtime\/cgo/, 'go'],
  [/OCI runtime|nsenter|runc|setns process|container process/, 'runc'],
  [/native thread|pthread_create failed \(EAGAIN\)/, 'jvm'],
  [/fork\/exec/, 'go-exec'],
  [/fork[:：]|[Cc]an.t fork|Cannot fork/, 'shell'],
];

/**
 * Forks and thread creations failing in several programs at once, at least one of them a node daemon (the
 * kubelet, the runtime, sshd under systemd): the limit they share is the node's or a unit's, not one application's.
 */
function forksFailingWidely(facts: FactSet): void {
  const examples = facts.examples('pid.pressure');
  if (examples.length < 2) return;
  const writers = new Set<string>();
  let daemon = false;
  for (const fact of examples) {
    const origin = fact.source.startsWith('logs.') ? componentOfLogSource(fact.source.slice(5)) : 'unknown';
    const line = parseLogLine(fact.text, origin);
    const named = line.attribution !== 'none' && line.component !== 'unknown' && line.component !== 'app';
    if (named && NODE_DAEMONS.includes(line.component)) daemon = true;
    const kind = FORK_WRITERS.find(([re]) => re.test(line.message))?.[1] ?? 'other';
    writers.add(named ? `${line.component}:${kind}` : kind);
  }
  if (!daemon || writers.size < 2) return;
  for (const fact of examples) facts.add({ ...fact, id: 'pid.pressure_widespread' });
}

/**
 * Go's fatals for a resource the process ran out of (runtime/proc.go checkmcount: "runtime: program exceeds
 * N-thread limit", throw "thread exhaustion", the limit debug.SetMaxThreads' 10000 by default; runtime/malloc.go
 * "runtime: out of memory"), as against a bug's panic.
 */
const GO_RESOURCE_FATAL = /fatal error: (?:thread exhaustion|runtime: out of memory)/;

/**
 * The kubelet died of one of Go's resource fatals while its goroutine dump shows CRI calls piled up unanswered: the
 * calls hold what ran out (each goroutine blocked in a call keeps its stack, and a blocking call its thread), so
 * the runtime not answering is the cause and the fatal its consequence.
 */
function fatalBehindRuntime(facts: FactSet): void {
  const fatal = facts.examples('kubelet.panic').find((f) => GO_RESOURCE_FATAL.test(f.text));
  const pile = facts.examples('runtime.call_blocked')[0];
  if (!fatal || !pile) return;
  facts.add({
    id: 'kubelet.fatal_behind_runtime',
    source: fatal.source,
    text: `${fatal.text} (${pile.text})`,
  });
}

/**
 * Round 24 (r24-runtime-io): the runtime daemon's crash traceback in its own log (the Go runtime's "panic:" or "fatal
 * error:" and the goroutine headers it prints for every goroutine, rules/containerd.ts runtime.panic), told by several
 * lines, or its unit dumping core again and again, beside a full disk. A daemon that crashes on every call and is
 * restarted writes a whole dump each time into the journal and its log files (and a core, where it dumps one), which is
 * what fills a disk; a full disk makes a daemon's writes fail with ENOSPC,
 * which it returns as errors, not as a Go crash. So the crash is the cause and the disk its consequence; a full disk
 * without the daemon's dumps stays the disk.
 */
function runtimeCrashFillsDisk(facts: FactSet): void {
  const full = facts.examples('disk.pressure')[0];
  const traced = facts.count('runtime.panic') >= 2;
  // Or its unit's main process dumping core again and again (systemd's "code=dumped"): systemd-coredump keeps each
  // core on disk (/var/lib/systemd/coredump), as large as the daemon's memory.
  const cored = facts.count('runtime.service_failed') >= 2;
  const first = [
    ...(traced ? facts.examples('runtime.panic') : []),
    ...(cored ? facts.examples('runtime.service_failed').filter((f) => f.text.includes('code=dumped')) : []),
  ].find((fact) => !fact.observation);
  if (!first || !full) return;
  facts.add({
    id: 'runtime.crash_fills_disk',
    source: first.source,
    text: `${first.text} (${full.text})`,
  });
}

/**
 * The bundle's texts (bundleTexts' bounded views), read at most once per derivation: several derived facts look
 * through them, and most bundles need none of them.
 */
type BundleTexts = () => ReturnType<typeof bundleTexts>;

/**
 * Round 26 (r26-sandbox): a name the runtime still holds reserved (containerd's registrar, dockerd's name index,
 * CRI-O's store) beside a reboot of the node. Each runtime restores its sandboxes from its store at start and reserves
 * their names (containerd internal/cri/server/restart.go recover; CRI-O LoadSandbox; dockerd's name index), so after a
 * shutdown that left them there every pod that ran on the node is refused: the runtime's state, with the reboot the
 * occasion. A reboot as the bundle says it: the node's reboot fact, or the words of a reboot or power loss.
 */
const REBOOT_WORDS =
  /\b(?:re-?boot(?:s|ed|ing)?|power(?:ed)?[ -](?:cut|loss|lost|outage|off|cycled?)|hard reset|restarted (?:the )?(?:node|host|machine|server)s?)\b|重启|断电|掉电|再起動/i;

function namesHeldOverReboot(texts: BundleTexts, facts: FactSet): void {
  const held = [
    ...facts.examples('runtime.name_reserved'),
    ...facts.examples('runtime.sandbox_name_stale'),
  ].find((fact) => !fact.observation);
  if (!held) return;
  const rebooted = facts.has('node.rebooting') || texts().some(({ text }) => REBOOT_WORDS.test(text));
  if (!rebooted) return;
  facts.add({ id: 'runtime.names_held_over_reboot', source: held.source, text: held.text });
}

/**
 * Round 26 (r26-sandbox): the kernel's neighbour table overflowing on a node where a network plugin runs: its agent
 * named (the node agents' DaemonSets, the projects' names) or a network plugin's fact already read. The plugin's layer
 * must resolve the addresses of its overlay or underlay: a full table fails it, and the network stays not ready.
 */
const NETWORK_PLUGIN_WORDS =
  /\b(?:cni|calico|cilium|flannel|ovn|ovs|openvswitch|weave|antrea|canal|kube-router|multus|aws-node|kindnet|terway|macvlan|ipvlan|underlay|vxlan)\b|网络插件/i;

function neighOverflowUnderPlugin(texts: BundleTexts, facts: FactSet): void {
  const overflow = facts.examples('net.neigh_overflow').find((fact) => !fact.observation);
  if (!overflow) return;
  const plugin =
    facts.ids().some((id) => id.startsWith('cni.')) ||
    texts().some(({ text }) => NETWORK_PLUGIN_WORDS.test(text));
  if (!plugin) return;
  facts.add({ id: 'cni.neigh_overflow', source: overflow.source, text: overflow.text });
}

type Kind = RuntimeSetting['kind'];

/**
 * A containerd configuration that serves the CRI (its cri plugin's section, v1 `[plugins.cri…]` or v2/v3
 * `[plugins."io.containerd.grpc.v1.cri"…]`, naming runtimes or runtime classes) and does not disable it: the runtime the
 * kubelet talks to is containerd (containerd docs/cri/config.md; the packaged docker node's config disables "cri").
 */
const CONTAINERD_CRI = /^\s*\[plugins\.(?:cri\b|"io\.containerd\.(?:grpc\.v1\.cri|cri\.v1\.runtime)")/m;
const CRI_DISABLED = /disabled_plugins\s*=\s*\[[^\]]*"(?:cri|io\.containerd\.grpc\.v1\.cri)"/;

/**
 * The kubelet's runtime only as the bundle states it: the node's containerRuntimeVersion, the kubelet's runtime option
 * or endpoint, or a containerd configuration serving the CRI. Not guessed from which logs are present.
 */
function kubeletRuntimeStated(bundle: EvidenceBundle, texts: BundleTexts): Kind | undefined {
  const read = texts().map(({ text }) => text);
  const stated = statedRuntime(bundle, read);
  if (stated) return stated;
  return read.some((text) => CONTAINERD_CRI.test(text) && !CRI_DISABLED.test(text))
    ? 'containerd'
    : undefined;
}

/** The one runtime a client's line names (its socket, its daemon, its client library, its command), if just one. */
function runtimeNamed(text: string): Kind | undefined {
  const named = new Set<Kind>();
  if (/docker(?:shim)?\.sock|cri-dockerd|[Dd]ocker daemon|^docker |dockerd/.test(text)) named.add('docker');
  if (/containerd\.sock|containerd client|containerd api|^ctr |^nerdctl /.test(text)) named.add('containerd');
  if (/crio\.sock|cri-o|\bcrio\b/.test(text)) named.add('crio');
  return named.size === 1 ? [...named][0] : undefined;
}

/** Facts a client's failure to reach a runtime gives (its socket refused, its client not made, its commands failing). */
const CLIENT_FACTS: readonly FactId[] = ['runtime.unreachable', 'runtime.cmd_hang'];

/**
 * Round 24 (r24-runtime-io): a client of a runtime the kubelet does not use (the docker CLI on a node whose kubelet
 * talks to containerd, cadvisor probing for containerd on a CRI-O node, a second runtime's socket) unable to reach its
 * daemon is no fact of the kubelet's runtime. When the bundle states the kubelet's runtime and every line a client
 * fact was read from names another one, the fact is taken back. dockerd's own client of containerd is docker's stack
 * (dockerd runs its containers through containerd), so on a docker node containerd's socket still counts.
 */
function clientsOfAnotherRuntime(bundle: EvidenceBundle, texts: BundleTexts, facts: FactSet): void {
  const kubelet = kubeletRuntimeStated(bundle, texts);
  if (!kubelet) return;
  const other = (k: Kind | undefined) =>
    k !== undefined && k !== kubelet && !(kubelet === 'docker' && k === 'containerd');
  for (const id of CLIENT_FACTS) {
    const examples = facts.examples(id);
    // Every distinct line is among the examples unless their cap was reached with more lines behind it.
    const unseen = examples.length >= EXAMPLES_PER_FACT && facts.count(id) > examples.length;
    if (examples.length === 0 || unseen) continue;
    if (examples.every((f) => other(runtimeNamed(f.text)))) facts.withdraw(id);
  }
}

/** Facts that only exist in combination: run after every single-source extractor. */
/**
 * The kubelet refused on a loopback API address while it fails its own sandbox configuration: what listens there is
 * a pod or process of this node (kubespray's nginx-proxy or haproxy static pod, the API server's own static pod),
 * and a kubelet that cannot configure any sandbox cannot start it. The API outage is then the kubelet's own doing;
 * a refusal on a remote address, or a sandbox failing in the runtime or the plugin, says nothing of the kind.
 */
function apiBehindOwnPod(facts: FactSet): void {
  const loopback = facts.examples('kubelet.api_via_loopback')[0];
  const sandbox = facts.examples('kubelet.sandbox_config_failed').find((fact) => !fact.observation);
  if (!loopback || !sandbox) return;
  facts.add({ id: 'kubelet.api_behind_own_pod', source: sandbox.source, text: sandbox.text });
}

/** The kernel's own word that memory ran out or would not come in the size asked for. */
const KERNEL_MEMORY_SHORT: readonly FactId[] = ['mem.fragmented', 'mem.oom', 'mem.exhausted'];

/**
 * The runtime's relay of its init failing at the namespace step (an exit status and nothing more), beside the
 * kernel's report that an allocation failed: the init's clone or unshare is what asked for that memory (runc
 * nsexec.c; linux mm/page_alloc.c warn_alloc), so the relay is the same ENOMEM seen from the runtime.
 */
function initFailedForMemory(facts: FactSet): void {
  const relay = facts.examples('runc.init_ns_failed')[0];
  if (!relay || facts.has('runc.init_enomem')) return;
  if (KERNEL_MEMORY_SHORT.some((id) => facts.has(id) && !facts.onlyObserved(id)))
    facts.add({ id: 'runc.init_enomem', source: relay.source, text: relay.text });
}

/**
 * A kubelet described restarting in a loop while the kernel is described panicking: linux kernel/panic.c panic()
 * stops the machine (and restarts it after kernel.panic seconds), and systemd starts the kubelet again at each boot
 * (kubelet.service is WantedBy=multi-user.target). The kubelet's restarts are the host's, so the kubelet not
 * running is no finding of its own: counted against node_unreachable, and recurring.ts asks for the provider's
 * events and the disks' throttling. Only when people's words alone say the kubelet died: a program's line that it
 * died (systemd's, the kubelet's own) or the kernel's own panic message is evidence of its own.
 */
function kubeletRestartsWithPanics(texts: BundleTexts, facts: FactSet): void {
  if (!facts.has('kubelet.dead') || !facts.onlyObserved('kubelet.dead')) return;
  if (facts.has('node.rebooting') && !facts.onlyObserved('node.rebooting')) return;
  const said = panicRestartLoop(texts());
  if (said)
    facts.add({
      id: 'kubelet.restarts_with_panics',
      source: said.source,
      text: said.text,
      observation: true,
    });
}

/**
 * Anything that says why a kubelet's status would not arrive from outside its status path: the kubelet down or
 * restarted, its requests failing or refused, the network or the API server gone, the host itself gone, or the
 * runtime and PLEG (whose trouble the kubelet posts as Ready=False, not silence).
 */
const STATUS_LOST_ELSEWHERE: readonly FactId[] = [
  'kubelet.dead',
  'kubelet.unit_failed',
  'kubelet.stopped',
  'kubelet.killed',
  'kubelet.config_error',
  'kubelet.no_api_server',
  'kubelet.not_registered',
  'kubelet.api_error',
  'kubelet.api_timeout',
  'kubelet.api_conn_lost',
  'kubelet.stale_conn',
  'kubelet.auth_error',
  'kubelet.node_identity',
  'kubelet.cert_rotation_failed',
  'kubelet.heartbeat_failed',
  'kubelet.http_blocked',
  'kubelet.lease_expired',
  'network.disrupted',
  'network.link_down',
  'network.iface_lost',
  'network.conntrack_full',
  'apiserver.down',
  'apiserver.proxy_failed',
  'edge.cloud_link_lost',
  'clock.set_back',
  'etcd.unavailable',
  'etcd.fatal_exit',
  'relay.apiserver_unreachable',
  'apiserver.failover',
  'controlplane.watch_lost',
  'node.unresponsive',
  'node.rebooting',
  'node.wedged',
  'pleg.unhealthy',
  'pleg.stuck',
  'runtime.down',
];

/**
 * The kubelet's own sync loop logging its iterations while the node controller says it stopped posting status, and
 * nothing says why status would be lost outside the kubelet: a kubelet cut off from the API server logs its failed
 * status updates and Lease renewals every few seconds (kubelet_node_status.go "Error updating node status, will
 * retry", the lease controller's "failed to update lease"), a dead one logs nothing. Alive, silent about its status
 * and not heard: its status path is stuck inside (kubernetes #14211, two loops deadlocked on a lock).
 */
function loopRunningWhileUnknown(bundle: EvidenceBundle, facts: FactSet): void {
  if (facts.has('kubelet.alive_while_unknown') || !facts.has('node.status_unknown')) return;
  if (facts.hasAny(STATUS_LOST_ELSEWHERE)) return;
  const loop = syncLoopLine(bundle);
  if (loop) facts.add({ id: 'kubelet.loop_running_while_unknown', ...loop });
}

/**
 * syncLoopIteration's own lines (kubernetes pkg/kubelet/kubelet.go): "SyncLoop (ADD): %q", "SyncLoop (periodic
 * sync)", "SyncLoop (housekeeping)" in 1.1-1.2; "SyncLoop (ADD, %q): %q", "SyncLoop (SYNC): %d pods; %s",
 * "SyncLoop (PLEG): %q, event: %#v" in 1.3-1.20; structured "SyncLoop ADD", "SyncLoop (PLEG): event for pod",
 * "SyncLoop (probe)", "SyncLoop (housekeeping)" from 1.21. The main loop turning; "(housekeeping, skipped)" is not.
 * Read here rather than by a rule: every busy kubelet log is full of them, and alone they say nothing.
 */
const SYNC_LOOP =
  /SyncLoop \((?:housekeeping\)|periodic sync|SYNC|PLEG|probe|ADD|UPDATE|REMOVE|RECONCILE|DELETE)|"SyncLoop (?:ADD|UPDATE|REMOVE|RECONCILE|DELETE)"/;

/** The first sync-loop line the kubelet itself wrote (its own log, or a line that names it or its source file). */
function syncLoopLine(bundle: EvidenceBundle): { source: string; text: string } | undefined {
  for (const [name, text] of Object.entries(bundle.logs ?? {})) {
    if (!text?.includes('SyncLoop')) continue;
    const lines = text.split('\n');
    for (const [i, raw] of lines.entries()) {
      if (!SYNC_LOOP.test(raw)) continue;
      const line = parseLogLine(raw, componentOfLogSource(name));
      if (line.component === 'kubelet' || (line.component === 'unknown' && /\bkubelet\.go:\d+\]/.test(raw)))
        return { source: `logs.${name}:${i + 1}`, text: raw.trim() };
    }
  }
  return undefined;
}

export function deriveFacts(bundle: EvidenceBundle, facts: FactSet): void {
  let read: ReturnType<typeof bundleTexts> | undefined;
  const texts: BundleTexts = () => (read ??= bundleTexts(bundle));
  // First: what rests on a client's failure must not carry a runtime the kubelet does not use into the rest.
  clientsOfAnotherRuntime(bundle, texts, facts);
  kubeletUnitExists(facts);
  apiBehindOwnPod(facts);
  kubeletDownWithRuntime(facts);
  kubeletStoppedWithFailedRuntime(facts);
  plegAge(facts);
  startupRace(bundle, facts);
  selectiveHang(facts);
  sameContainerTimeouts(facts);
  startTimeoutsSpread(facts);
  oneObjectFailing(facts);
  podsStuckByNodeLoss(facts);
  staleConnectionCured(facts);
  shimMismatch(bundle, facts);
  systemOom(facts);
  etcdStarved(facts);
  loadIsStall(facts);
  runtimeBlocksKubelet(facts);
  runtimeUnitForks(facts);
  forksFailingWidely(facts);
  fatalBehindRuntime(facts);
  runtimeCrashFillsDisk(facts);
  namesHeldOverReboot(texts, facts);
  neighOverflowUnderPlugin(texts, facts);
  // After plegAge: a Status call never answered is one of the daemon's own calls.
  runcInitBlocksDaemon(facts);
  initFailedForMemory(facts);
  kubeletRestartsWithPanics(texts, facts);
  loopRunningWhileUnknown(bundle, facts);
}
