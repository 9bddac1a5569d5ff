import { alternatives, HEDGES, NOT_THE_NODE, PLANNING, QUESTION, WITHIN_SENTENCE } from './descriptions.ts';
import type { Signature } from './types.ts';

/**
 * Round 18 (r18-runtime): people's words for a container runtime that does not start, in the forms the description
 * grammar (descriptions.ts: subject, then its state) does not read: the nominal and gerund ones that put the failure
 * before the runtime's name ("failing to start containerd", "failure starting docker", "unable to start the container
 * runtime") and the runtime's start failure as a noun ("containerd's start-up failure", "the runtime's start
 * failure"). They stand for what the grammar's "containerd fails to start" stands for, its service left not running,
 * and are read only in prose, weighed below the programs like every description.
 */

/** The runtime daemons by the names people use, with an optional "embedded"/"bundled" of a distribution's own. */
const RUNTIME =
  '(?:the )?(?:embedded |bundled |built-in )?(?:[Dd]ocker(?:d| daemon| engine| service)?|[Cc]ontainerd|[Cc][Rr][Ii]-[Oo]|crio|container runtime)';
/** Not starting, said before what does not start: a verb's gerund or participle, a noun, an inability. */
const NOT_STARTING =
  "(?:[Ff]ail(?:s|ed|ing|ure|ures)? (?:to start|starting|in starting|while starting|when starting)|[Uu]nable to start|[Nn]ot able to start|[Cc]ould ?n[o'’]t start|[Cc]an ?n[o'’]t start|[Cc]annot start|[Ee]rrors? (?:while |when )?starting|[Ss]tart(?:-up|up)? (?:failure|failures|error|errors) (?:of|for|in))";
/** The runtime's start failure as a noun phrase after its name (the possessive or a compound). */
const START_FAILURE =
  "(?:'s|’s)? (?:start(?:-up|up)?|boot) (?:failures?|errors?|crash(?:es)?|problems?|failed|fails)";

/** A distribution whose server or agent process runs containerd as its child and the kubelet in-process. */
const WRAPPER = '(?:[Kk]3[Ss]|[Rr][Kk][Ee]2)(?: server| agent| service)?';
/** The wrapper's process not coming up or going down. */
const WRAPPER_DOWN =
  "(?:fails? to start|failed to start|failing to start|won[’']t start|will not start|does ?n[o'’]t start|did ?n[o'’]t start|can ?n[o'’]t start|cannot start|exits?|exited|exiting|crash(?:es|ed|ing)?|dies|died|is down|stays down)";
/** The runtime named failing after the wrapper, in the grammar's verbal forms or this file's nominal ones. */
const RUNTIME_FAILS = `(?:${NOT_STARTING} ${RUNTIME}|${RUNTIME}${START_FAILURE}|(?:its |the )?(?:embedded |bundled )?containerd (?:fails? to start|failed to start|failing to start|won[’']t start|does ?n[o'’]t start|did ?n[o'’]t start|can ?n[o'’]t start|cannot start|exits?|exited|crash(?:es|ed)?))`;

/** The kubelet restarting, crashing or not starting, as people say it. */
const KUBELET_LOOPS =
  "(?:restarts?|restarted|restarting|keeps? restarting|kept restarting|crash(?:es|ed|ing)?|crash-?loop(?:s|ed|ing)?|exits?|exited|exiting|dies|died|fails? to start|failed to start|won[’']t start|does ?n[o'’]t start|can ?n[o'’]t start|cannot start|(?:is |was )?(?:stuck )?in a (?:restart )?loop|loops?|looping)";
/** A reason given: "because", "since", "as", "due to". */
const BECAUSE = '(?:because|since|as|due to the fact that|for)';
/** The runtime not running, said of it after its name. */
const NOT_RUNNING =
  "(?:is not running|was not running|isn[’']t running|wasn[’']t running|is not up|was not up|isn[’']t up|wasn[’']t up|is not started|was not started|is down|was down|is dead|was dead|is not ready|was not ready|is not available|was not available|is stopped|was stopped|had stopped|has stopped|had died|has died|had crashed|has crashed|did ?n[o'’]t start|does ?n[o'’]t start|failed to start|fails to start|is not yet (?:up|running|ready))";

/**
 * A person's own attempt ("I fail to start the docker service by hand", "we could not start containerd"): someone's
 * action on the runtime, which may fail for reasons of its own, as the grammar reads it too.
 */
const PERSON_TRIES =
  "(?:^|[^A-Za-z])(?:I|[Ww]e|[Yy]ou|[Tt]hey)(?: [a-z’']+){0,3} (?:fail|unable|not able|could|can|cannot)";

/** What every description here leaves out: questions, hedges, another host, plans. */
const COMMON_UNLESS = alternatives({ en: [...HEDGES.en, ...NOT_THE_NODE, ...PLANNING], zh: HEDGES.zh }, [
  QUESTION,
]);
/**
 * The runtime's own objects, started by it: a container's, a task's or a shim's start is not the daemon's
 * ("failed to start containerd task", "cannot start docker container", "failed to start containerd-shim").
 */
const ITS_OBJECTS =
  '(?:[Cc]ontainerd|[Dd]ocker|[Cc][Rr][Ii]-[Oo]|crio)(?:-shim| shim| task| containers?| exec| process(?:es)?| run | sandbox)|docker-compose|docker compose|[Dd]ockerfile|[Cc]ontainerd-[a-z]';

export const RUNTIME_WORD_RULES: readonly Signature[] = [
  {
    fact: 'runtime.service_stopped',
    pattern: `${NOT_STARTING} ${RUNTIME}|${RUNTIME}${START_FAILURE}|(?:[Tt]he )?runtime(?:'s|’s) (?:start(?:-up|up)?|boot) (?:failures?|errors?)`,
    literals: [
      'to start',
      'starting',
      't start',
      'start failure',
      'startup failure',
      'start-up failure',
      'boot failure',
      'start error',
      'startup error',
      'start-up error',
      'boot error',
      'start crash',
      'startup crash',
      'start-up crash',
      'boot crash',
      'start problem',
      'startup problem',
      'start-up problem',
      'boot problem',
      'start failed',
      'startup failed',
      'start-up failed',
      'boot failed',
      'start fails',
      'startup fails',
      'start-up fails',
      'boot fails',
    ],
    unless: `${COMMON_UNLESS}|${ITS_OBJECTS}|${PERSON_TRIES}`,
    observation: true,
    prose: true,
    source:
      'observation: the runtime daemon that does not start, named after its failure or by its start failure as a noun: what systemd\'s "Failed to start containerd.service" (or a distribution\'s agent that runs containerd as its child, k3s/rke2\'s "containerd exited") records, as descriptions.ts\'s runtime × notRestarted reads it in its verbal form',
    mechanism:
      'the runtime daemon is not running because it fails at start: nothing serves the runtime socket, so every CRI call fails until its start succeeds',
  },
  {
    // k3s and rke2 start containerd as a child of their agent, wait for its socket before they start the kubelet
    // in-process, and exit when it exits: their server or agent not coming up beside containerd failing is the
    // kubelet not running because its runtime does not start.
    fact: 'runtime.blocks_kubelet',
    pattern: `${WRAPPER}${WITHIN_SENTENCE}{0,40}${WRAPPER_DOWN}${WITHIN_SENTENCE}{0,160}${RUNTIME_FAILS}`,
    literals: ['k3s', 'rke2'],
    unless: `${COMMON_UNLESS}|${ITS_OBJECTS}`,
    observation: true,
    prose: true,
    source:
      'observation: k3s-io/k3s pkg/agent/containerd/containerd.go Run (containerd started as the agent\'s child; "containerd exited: %s" then os.Exit(1)) and the agent waiting for containerd\'s socket before it runs the kubelet (rke2 runs the same agent code), as people say the server or agent fails because its containerd does',
    mechanism:
      "the distribution's server or agent exits or never comes up because the containerd it runs fails to start: with it goes the kubelet it runs in-process, so the node has neither",
  },
  {
    // The kubelet exits at start when its runtime's version check is not answered (kubelet.ts, "failed to run
    // Kubelet" over the runtime's socket), and systemd starts it again: people say the kubelet restarts, crashes or
    // will not start "because" the runtime is not running. The clause names the runtime as the reason; either order.
    fact: 'runtime.blocks_kubelet',
    pattern: `[Kk]ubelet${WITHIN_SENTENCE}{0,60}${KUBELET_LOOPS}${WITHIN_SENTENCE}{0,60}${BECAUSE} ${RUNTIME} ${NOT_RUNNING}|${RUNTIME} ${NOT_RUNNING}${WITHIN_SENTENCE}{0,30}(?:, so|, and so|so that|which makes|which causes|causing) (?:the )?[Kk]ubelet${WITHIN_SENTENCE}{0,30}${KUBELET_LOOPS}`,
    // Every match holds one of the runtime's not-running phrases (NOT_RUNNING).
    literals: [
      't running',
      't up',
      'not started',
      'is down',
      'was down',
      'is dead',
      'was dead',
      'not ready',
      'not available',
      'stopped',
      'died',
      'crashed',
      't start',
      'to start',
      'not yet',
    ],
    unless: `${COMMON_UNLESS}|${ITS_OBJECTS}`,
    observation: true,
    prose: true,
    source:
      'observation: kubernetes cmd/kubelet/app/server.go run exiting on the runtime\'s version check at start ("failed to run Kubelet: … Cannot connect to the Docker daemon" / "validate service connection: … connection refused"), restarted by its unit (Restart=always in kubeadm\'s and the node images\' kubelet.service), as people tell the kubelet\'s restarts by the runtime not running',
    mechanism:
      'the kubelet exits at start because its runtime does not answer, and its unit restarts it into the same failure: the runtime not running is the cause, the kubelet loop its consequence',
  },
  {
    // The kubelet's CRI client sets a deadline on every call (runtime-request-timeout, 2 min): people name the calls
    // and their gRPC code. Said of the calls in general, it is the runtime not answering them; which calls (lists,
    // one container's) the runtime's own log or a goroutine dump says. Go's idle threads sleep in futex waits, so a
    // shim "in futex_wait" says nothing by itself: only the calls' timeouts are read here.
    fact: 'runtime.op_timeout',
    pattern: `(?:CRI|[Rr]untime) (?:calls?|requests?|operations?)${WITHIN_SENTENCE}{0,80}(?:time[sd]? ?out|timing out|DeadlineExceeded|deadline exceeded)|(?:DeadlineExceeded|deadline exceeded|time ?outs?)${WITHIN_SENTENCE}{0,40}(?:on|in|for|from|of) (?:the |all |every )?(?:kubelet(?:'s|’s)? )?(?:CRI|[Rr]untime) (?:calls?|requests?|operations?)`,
    literals: [
      'CRI call',
      'CRI request',
      'CRI operation',
      'runtime call',
      'runtime request',
      'runtime operation',
    ],
    unless: `${COMMON_UNLESS}|runtime-request-timeout|runtime_request_timeout|runtimeRequestTimeout`,
    observation: true,
    prose: true,
    source:
      'observation: the kubelet\'s CRI calls failing at their deadline, as kubernetes staging/src/k8s.io/cri-client/pkg/remote_runtime.go (pkg/kubelet/cri/remote before 1.29) logs them ("<Call> from runtime service failed" with "rpc error: code = DeadlineExceeded desc = context deadline exceeded")',
    mechanism:
      "the runtime does not answer the kubelet's CRI calls within their deadline: it is blocked inside them (a shim, runc, the network plugin or a lock)",
  },
];
