/** The value of one series (`name{labels}` exactly as exposed) in Prometheus text; undefined when absent. */
export function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
