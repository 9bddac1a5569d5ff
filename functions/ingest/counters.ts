/** Counts of what ingest accepted, queued and dropped (and why), exposed as Prometheus text. */
export class IngestCounters {
  readonly #counts = new Map<string, number>();

  add(name: string, labels: Record<string, string>, n = 1): void {
    this.counter(name, labels)(n);
  }

  /** One series' increment, its key built once: for counts taken on every request. */
  counter(name: string, labels: Record<string, string>): (n?: number) => void {
    const key = `${name}{${Object.entries(labels)
      .map(([k, v]) => `${k}="${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)
      .join(',')}}`;
    return (n = 1) => {
      this.#counts.set(key, (this.#counts.get(key) ?? 0) + n);
    };
  }

  get(name: string, labels: Record<string, string>): number {
    for (const [key, value] of this.#counts) {
      if (
        key.startsWith(`${name}{`) &&
        Object.entries(labels).every(([k, v]) => key.includes(`${k}="${v}"`))
      ) {
        return value;
      }
    }
    return 0;
  }

  toPrometheus(): string {
    const lines = [...this.#counts.entries()].sort().map(([key, value]) => `${key} ${value}`);
    return `${lines.join('\n')}\n`;
  }
}
