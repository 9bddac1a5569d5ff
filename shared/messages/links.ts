import { escapeMrkdwn } from '../chat/mrkdwn.ts';
import type { Incident } from '../incidents/model.ts';
import type { LinkPolicy } from '../incidents/policy.ts';
import type { Diagnosis } from '../schemas/diagnosis.ts';
import { incidentMatchers, matcherText } from '../silences/model.ts';

export interface Link {
  /** Our own words, never the alert's. */
  label: string;
  url: string;
}

const URL_MAX = 2000;
/** Characters that end or split a Slack link (`|`, `>`), open another (`<`), or hide in a URL (controls, space). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE = /[\u0000-\u0020\u007f-\u009f|<>"\\`]/;

/**
 * `raw` when it may become a link: http or https only (never `javascript:`, `data:`…), no credentials, none of
 * the characters that would break out of Slack's `<url|label>`, at most 2,000 characters, and — for a URL that
 * came from an alert (`hosts` given) — a host on that list (an empty list allows none). Otherwise undefined: the
 * URL is dropped, never linked.
 */
export function linkable(raw: string, hosts?: readonly string[]): string | undefined {
  if (raw.length === 0 || raw.length > URL_MAX || UNSAFE.test(raw)) return undefined;
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  if (hosts && !hosts.includes(url.hostname.toLowerCase())) return undefined;
  return raw;
}

/** A cause's anchor on the documentation page (docs/causes.md headings are the cause ids). */
export const causeAnchor = (id: string): string => id;

/**
 * The incident's links: its newest alert's Prometheus query (`generatorURL`) and runbook (`runbook_url`
 * annotation) — from the alert's own fields, never a label — a new silence prefilled with the incident's matchers,
 * and the documentation of the leading cause. Each is checked by {@link linkable}; one that fails is left out.
 */
export function incidentLinks(incident: Incident, d: Diagnosis, policy: LinkPolicy = {}): Link[] {
  const alerts = incident.signals.flatMap((j) => (j.kind === 'alert' ? [j.alert] : []));
  const newest = <T>(pick: (a: (typeof alerts)[number]) => T | undefined) =>
    alerts.map(pick).findLast((v) => v !== undefined);
  const hosts = policy.hosts ?? [];
  const links: Array<Link | undefined> = [];
  const query = newest((a) => a.generatorURL);
  if (query) links.push(link('Prometheus query', linkable(query, hosts)));
  const runbook = newest((a) => a.annotations.runbook_url);
  if (runbook) links.push(link('Runbook', linkable(runbook, hosts)));
  const matchers = incidentMatchers(incident);
  if (policy.alertmanagerUrl && matchers) {
    const form = `${policy.alertmanagerUrl.replace(/\/+$/, '')}/#/silences/new?filter=${encodeURIComponent(matcherText(matchers))}`;
    links.push(link('Silence in Alertmanager', linkable(form)));
  }
  const top = d.causes[0];
  if (policy.causesUrl && top && d.verdict !== 'unknown')
    links.push(link(`About ${top.title}`, linkable(`${policy.causesUrl}#${causeAnchor(top.id)}`)));
  return links.filter((l): l is Link => l !== undefined);
}

const link = (label: string, url: string | undefined): Link | undefined => (url ? { label, url } : undefined);

/** A Slack mrkdwn link: the URL with `&` `<` `>` as entities (already free of `|` and `>`), the label escaped. */
export function mrkdwnLink(l: Link): string {
  return `<${l.url.replaceAll('&', '&amp;')}|${escapeMrkdwn(l.label)}>`;
}
