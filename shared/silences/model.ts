import type { Incident } from '../incidents/model.ts';
import { NODE_LABELS } from '../schemas/alertmanager.ts';
import type { Matcher } from '../schemas/silence.ts';

/** A regex that matches exactly these values (Alertmanager anchors matcher regexes itself). */
function exactly(values: readonly string[]): string {
  return values.map((v) => v.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')).join('|');
}

/**
 * The matchers that silence exactly this incident's alerts: the node label as it arrived on its newest alert (the
 * raw value, `instance` with its port), the `cluster` label of its alerts on that node — `cluster=""` for alerts
 * without one, which in Alertmanager matches only alerts without the label (with no cluster matcher the silence
 * would take that node name in every cluster) — and its alert names; an equality for one value, an exact
 * alternation for several. Never the whole cluster. Undefined when the incident holds no alert: nothing
 * Alertmanager sends is there to silence.
 */
export function incidentMatchers(incident: Incident): Matcher[] | undefined {
  const alerts = incident.signals.flatMap((j) => (j.kind === 'alert' ? [j.alert] : []));
  const newest = alerts.at(-1);
  if (incident.kind !== 'node' || !newest) return undefined;
  const nodeLabel = NODE_LABELS.find((name) => newest.labels[name]);
  if (!nodeLabel) return undefined;
  const nodeValue = newest.labels[nodeLabel] ?? '';
  const same = alerts.filter((a) => a.labels[nodeLabel] === nodeValue);
  const names = [...new Set(same.map((a) => a.labels.alertname).filter((n): n is string => !!n))].sort();
  const clusters = [...new Set(same.map((a) => a.labels.cluster ?? ''))].sort();
  return [
    ...(names.length > 0 ? [oneOf('alertname', names)] : []),
    oneOf(nodeLabel, [nodeValue]),
    oneOf('cluster', clusters),
  ];
}

/** A matcher for exactly these values of a label: an equality for one, an anchored alternation for several. */
function oneOf(name: string, values: readonly string[]): Matcher {
  return values.length === 1
    ? { name, value: values[0] ?? '', isRegex: false, isEqual: true }
    : { name, value: exactly(values), isRegex: true, isEqual: true };
}

/** Matchers as Alertmanager's UI and amtool write them: `{alertname="X",node="y"}`. */
export function matcherText(matchers: readonly Matcher[]): string {
  const one = (m: Matcher) =>
    `${m.name}${m.isEqual ? '' : '!'}${m.isRegex ? '=~' : '='}${JSON.stringify(m.value)}`;
  return `{${matchers.map(one).join(',')}}`;
}

/** `2h` → 7200: the durations SILENCE_DURATIONS lists (minutes, hours, days). */
export function parseSilenceDuration(text: string): number | undefined {
  const m = /^(\d{1,4})([mhd])$/.exec(text.trim());
  if (!m) return undefined;
  const seconds = Number(m[1]) * { m: 60, h: 3600, d: 86_400 }[m[2] as 'm' | 'h' | 'd'];
  return seconds > 0 ? seconds : undefined;
}

/** 7200 → `2h`: how a duration reads on a button and travels in its value. */
export function formatSilenceDuration(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}d`;
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  return `${Math.round(seconds / 60)}m`;
}
