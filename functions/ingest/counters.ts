/**
 * Every counter ingest exposes, with the help text Prometheus shows for it and its label names. A name not listed
 * here is a type error, so each series has its description and type in the exposition.
 */
export const INGEST_COUNTERS = {
  pleg_ingest_requests_total: {
    help: 'Webhook requests by route and outcome.',
    labels: ['route', 'outcome'],
  },
  pleg_ingest_jobs_queued_total: { help: 'Jobs queued from accepted webhooks, by route.', labels: ['route'] },
  pleg_ingest_dropped_total: {
    help: 'Items of accepted webhooks that were not queued, by route and reason.',
    labels: ['route', 'reason'],
  },
  pleg_slack_requests_total: {
    help: 'Slack slash-command and interactivity requests by route and outcome.',
    labels: ['route', 'outcome'],
  },
  pleg_slack_jobs_queued_total: {
    help: 'Jobs queued from Slack requests, by action.',
    labels: ['route', 'action'],
  },
} as const;
export type CounterName = keyof typeof INGEST_COUNTERS;

/**
 * What ingest counts with and /metrics reads: on Node a prom-client registry that also holds the process and
 * responder metrics (functions/node/metrics.ts); on the Worker and Lambda `IngestCounters` below, which keeps
 * prom-client (and its Node-only collectors) out of their bundles.
 */
export interface IngestMetrics {
  add(name: CounterName, labels: Record<string, string>, n?: number): void;
  counter(name: CounterName, labels: Record<string, string>): (n?: number) => void;
  /** Every family held, in the Prometheus text format. */
  exposition(): Promise<string>;
}

/** One metric family in the Prometheus text format: its help and type lines, then its series. */
function family(name: string, help: string, type: 'counter' | 'gauge', series: readonly string[]): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${series.map((s) => `${s}\n`).join('')}`;
}

/** A gauge without labels, in the Prometheus text format. */
export function gauge(name: string, help: string, value: number): string {
  return family(name, help, 'gauge', [`${name} ${value}`]);
}

/** Counts of what ingest accepted, queued and dropped (and why), exposed as Prometheus text. */
export class IngestCounters implements IngestMetrics {
  readonly #counts = new Map<string, number>();

  add(name: CounterName, labels: Record<string, string>, n = 1): void {
    this.counter(name, labels)(n);
  }

  counter(name: CounterName, labels: Record<string, string>): (n?: number) => void {
    const key = `${name}{${Object.entries(labels)
      .map(([k, v]) => `${k}="${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`)
      .join(',')}}`;
    return (n = 1) => {
      this.#counts.set(key, (this.#counts.get(key) ?? 0) + n);
    };
  }

  /** The counters counted so far, each family with its help and type. */
  async exposition(): Promise<string> {
    const series = [...this.#counts.entries()].sort().map(([key, value]) => `${key} ${value}`);
    return (Object.keys(INGEST_COUNTERS) as CounterName[])
      .map((name) => [name, series.filter((s) => s.startsWith(`${name}{`))] as const)
      .filter(([, lines]) => lines.length > 0)
      .map(([name, lines]) => family(name, INGEST_COUNTERS[name].help, 'counter', lines))
      .join('');
  }
}
