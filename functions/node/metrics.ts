import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import packageJson from '../../package.json' with { type: 'json' };
import type { Verdict } from '../../shared/schemas/diagnosis.ts';
import { type CounterName, INGEST_COUNTERS, type IngestMetrics } from '../ingest/counters.ts';
import type { SocketModeMetrics } from '../ingest/slack/socket-mode.ts';
import type { FaultReport } from '../respond/downstream.ts';
import type { ChatMethod, ChatOutcome, RespondMetrics } from '../respond/metrics.ts';

/** What the downstream gauge reads at each scrape: the ongoing faults, and the services the responder uses. */
export interface DownstreamView {
  faults(): readonly FaultReport[];
  /** Shown as up until they fail (a service first seen in a fault is shown from then on). */
  transports: readonly string[];
}

/*
 * Ingest → diagnosis spans the batching window, live evidence from the Kubernetes API and, during a chat outage,
 * the wait for it: sub-second to an hour. Diagnosis → chat is a few Slack calls paced at one a second per
 * channel, with Retry-After on 429s.
 */
const INGEST_TO_DIAGNOSIS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];
const DIAGNOSIS_TO_CHAT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The Node server's metrics, one prom-client registry per server: the process and event loop (prom-client's
 * default collectors), build info, ingest's counters under their usual names, and the responder's counts and
 * latencies. Each server has its own registry, so tests running several servers in one process do not mix.
 */
export class NodeMetrics implements IngestMetrics, RespondMetrics {
  readonly #registry = new Registry();
  readonly #ingest: Record<CounterName, Counter>;
  readonly #diagnoses: Counter<'verdict'>;
  readonly #ingestToDiagnosis: Histogram;
  readonly #diagnosisToChat: Histogram;
  readonly #chatRequests: Counter<'transport' | 'method' | 'outcome'>;
  readonly #retried: Counter<'reason'>;
  readonly #deadLettered: Counter<'reason'>;
  readonly #remediation: Counter<'action' | 'outcome'>;

  constructor(downstream?: DownstreamView) {
    const registers = [this.#registry];
    collectDefaultMetrics({ register: this.#registry });
    // Gauges named like counters, which promtool's lint refuses; the same counts are in the per-type families
    // (nodejs_active_handles{type}, nodejs_active_requests{type}, nodejs_active_resources{type}).
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      this.#registry.removeSingleMetric(name);
    new Gauge({
      name: 'pleg_build_info',
      help: 'Always 1: the running version of pleg-responder and of Node.',
      labelNames: ['version', 'node_version'],
      registers,
    }).set({ version: packageJson.version, node_version: process.version }, 1);
    this.#ingest = Object.fromEntries(
      Object.entries(INGEST_COUNTERS).map(([name, { help, labels }]) => [
        name,
        new Counter({ name, help, labelNames: labels, registers }),
      ]),
    ) as Record<CounterName, Counter>;
    this.#diagnoses = new Counter({
      name: 'pleg_diagnoses_total',
      help: 'Diagnoses made by the responder, by verdict (the top cause, or unknown).',
      labelNames: ['verdict'],
      registers,
    });
    this.#ingestToDiagnosis = new Histogram({
      name: 'pleg_ingest_to_diagnosis_seconds',
      help: 'Seconds from ingest receiving the oldest job a diagnosis answers to the diagnosis.',
      buckets: INGEST_TO_DIAGNOSIS_BUCKETS,
      registers,
    });
    this.#diagnosisToChat = new Histogram({
      name: 'pleg_diagnosis_to_chat_seconds',
      help: 'Seconds from a diagnosis to the end of the chat calls it led to.',
      buckets: DIAGNOSIS_TO_CHAT_BUCKETS,
      registers,
    });
    this.#chatRequests = new Counter({
      name: 'pleg_chat_requests_total',
      help: 'Chat calls (Slack or console) by transport, method and outcome (ok, unavailable, misconfigured, error).',
      labelNames: ['transport', 'method', 'outcome'],
      registers,
    });
    this.#retried = new Counter({
      name: 'pleg_jobs_retried_total',
      help: 'Jobs put back in the queue, by reason: outage (a downstream service failed) or failure (the job did).',
      labelNames: ['reason'],
      registers,
    });
    this.#remediation = new Counter({
      name: 'pleg_remediation_actions_total',
      help: 'Remediation requests, approvals, refusals, API calls and outcomes, by action (cordon, drain, replace, uncordon) and outcome.',
      labelNames: ['action', 'outcome'],
      registers,
    });
    this.#deadLettered = new Counter({
      name: 'pleg_jobs_dead_lettered_total',
      help: 'Jobs moved to the dead letters, by reason: unreadable, or attempts (deliveries ran out).',
      labelNames: ['reason'],
      registers,
    });
    if (downstream) this.#downstreamGauge(downstream);
  }

  /** `pleg_downstream_up{transport}`: 0 while a service the responder needs is failing, else 1; read at scrape. */
  #downstreamGauge(view: DownstreamView): void {
    const known = new Set(view.transports);
    new Gauge({
      name: 'pleg_downstream_up',
      help: 'Whether a service the responder needs answers (1) or is failing (0), by transport.',
      labelNames: ['transport'],
      registers: [this.#registry],
      collect() {
        const down = new Set(view.faults().map((f) => f.transport));
        for (const transport of down) known.add(transport);
        for (const transport of known) this.set({ transport }, down.has(transport) ? 0 : 1);
      },
    });
  }

  /**
   * The Slack Socket Mode connection's series, registered when the server holds one:
   * `pleg_slack_socket_mode_connected` (1 while Slack's hello stands, 0 between connections) and
   * `pleg_slack_socket_mode_reconnects_total`.
   */
  socketMode(): SocketModeMetrics {
    const registers = [this.#registry];
    const up = new Gauge({
      name: 'pleg_slack_socket_mode_connected',
      help: 'Whether the Slack Socket Mode connection is up (1) or not (0): /pleg and buttons arrive over it.',
      registers,
    });
    up.set(0);
    const reconnects = new Counter({
      name: 'pleg_slack_socket_mode_reconnects_total',
      help: 'Slack Socket Mode connections opened again after one ended (Slack refreshes them; networks drop them).',
      registers,
    });
    return {
      connected: (connected) => up.set(connected ? 1 : 0),
      reconnected: () => reconnects.inc(),
    };
  }

  add(name: CounterName, labels: Record<string, string>, n = 1): void {
    this.#ingest[name].inc(labels, n);
  }

  counter(name: CounterName, labels: Record<string, string>): (n?: number) => void {
    const series = this.#ingest[name].labels(labels);
    return (n = 1) => series.inc(n);
  }

  exposition(): Promise<string> {
    return this.#registry.metrics();
  }

  diagnosed(verdict: Verdict, secondsSinceReceived: number): void {
    this.#diagnoses.inc({ verdict });
    this.#ingestToDiagnosis.observe(secondsSinceReceived);
  }

  notified(secondsSinceDiagnosis: number): void {
    this.#diagnosisToChat.observe(secondsSinceDiagnosis);
  }

  chatCall(transport: string, method: ChatMethod, outcome: ChatOutcome): void {
    this.#chatRequests.inc({ transport, method, outcome });
  }

  retried(reason: 'outage' | 'failure'): void {
    this.#retried.inc({ reason });
  }

  remediation(action: string, outcome: string): void {
    this.#remediation.inc({ action, outcome });
  }

  deadLettered(reason: 'unreadable' | 'attempts'): void {
    this.#deadLettered.inc({ reason });
  }
}
