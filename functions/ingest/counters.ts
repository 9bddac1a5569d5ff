/**
 * Every counter ingest exposes, with the help text Prometheus shows for it. A name not listed here is a type
 * error, so each series has its description and type in the exposition.
 */
const COUNTERS = {
  pleg_ingest_requests_total: 'Webhook requests by route and outcome.',
  pleg_ingest_jobs_queued_total: 'Jobs queued from accepted webhooks, by route.',
  pleg_ingest_dropped_total: 'Items of accepted webhooks that were not queued, by route and reason.',
  pleg_slack_requests_total: 'Slack slash-command and interactivity requests by route and outcome.',
  pleg_slack_jobs_queued_total: 'Jobs queued from Slack requests, by action.',
} as const;
export type CounterName = keyof typeof COUNTERS;

/** One metric family in the Prometheus text format: its help and type lines, then its series. */
function family(name: string, help: string, type: 'counter' | 'gauge', series: readonly string[]): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${series.map((s) => `${s}\n`).join('')}`;
}

/** A gauge without labels, in the Prometheus text format. */
export function gauge(name: string, help: string, value: number): string {
  return family(name, help, 'gauge', [`${name} ${value}`]);
}

/** Counts of what ingest accepted, queued and dropped (and why), exposed as Prometheus text. */
export class IngestCounters {
  readonly #counts = new Map<string, number>();

  add(name: CounterName, labels: Record<string, string>, n = 1): void {
    this.counter(name, labels)(n);
  }

  /** One series' increment, its key built once: for counts taken on every request. */
  counter(name: CounterName, labels: Record<string, string>): (n?: number) => void {
    const key = `${name}{${Object.entries(labels)
      .map(([k, v]) => `${k}="${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`)
      .join(',')}}`;
    return (n = 1) => {
      this.#counts.set(key, (this.#counts.get(key) ?? 0) + n);
    };
  }

  /** The counters counted so far, each family with its help and type. */
  toPrometheus(): string {
    const series = [...this.#counts.entries()].sort().map(([key, value]) => `${key} ${value}`);
    return (Object.keys(COUNTERS) as CounterName[])
      .map((name) => [name, series.filter((s) => s.startsWith(`${name}{`))] as const)
      .filter(([, lines]) => lines.length > 0)
      .map(([name, lines]) => family(name, COUNTERS[name], 'counter', lines))
      .join('');
  }
}
