import type { ActionsBlock, KnownBlock, PlainTextOption } from '@slack/types';
import { BLOCK_KIT_LIMITS } from '../chat/block-kit.ts';
import { codeBlock, escapeMrkdwn, inlineCode, truncate } from '../chat/mrkdwn.ts';
import type { ChatMessage } from '../chat/port.ts';
import { describeContext } from '../diagnosis/context.ts';
import { formatDuration } from '../diagnosis/duration.ts';
import type { NoSilence } from '../incidents/decide/intents.ts';
import { activeSilence, wentNotReady } from '../incidents/episode.ts';
import { incidentButtonValue } from '../incidents/incident-ref.ts';
import type { Incident, IncidentSummary } from '../incidents/model.ts';
import type { ThreadPolicy } from '../incidents/policy.ts';
import type { Command, DefectRef, Diagnosis, Evidence, RuntimeKind } from '../schemas/diagnosis.ts';
import type { Job } from '../schemas/job.ts';
import type { IncidentSilence } from '../schemas/silence.ts';
import { formatSilenceDuration, incidentMatchers, matcherText } from '../silences/model.ts';
import { context, header, section } from './blocks.ts';
import { incidentLinks, type Link, mrkdwnLink } from './links.ts';
import { remediationButtons, remediationLine } from './remediation.ts';

/* Longer text is cut to Block Kit's limits with a visible note, never rejected. */
const EVIDENCE_LINE_MAX = 400;
const MAX_EVIDENCE = 8;

const percent = (c: number) => `${Math.round(c * 100)}%`;

function since(from: string, now: Date): string {
  return formatDuration(Math.max(0, (now.getTime() - Date.parse(from)) / 1000));
}

/**
 * When the node's trouble began: the earliest firing alert's `startsAt` or non-Ready condition's
 * `lastTransitionTime` among the episode's signals, else when the responder opened the incident (which can be
 * many minutes later: Alertmanager's `for:`, its group_wait, a queue that waited out an outage). Signals that came
 * before the last resolution this episode followed belong to an earlier episode and do not date this one.
 */
export function troubleSince(incident: Incident): string {
  const opened = Date.parse(incident.openedAt);
  const received = (j: Job) => Date.parse(j.receivedAt);
  const lastResolution = Math.max(
    Number.NEGATIVE_INFINITY,
    ...incident.signals
      .filter((j) => j.kind === 'alert' && j.alert.status === 'resolved' && received(j) <= opened)
      .map(received),
  );
  const reported = incident.signals
    .filter((j) => received(j) > lastResolution)
    .flatMap((j) => {
      if (j.kind === 'alert') return j.alert.status === 'resolved' ? [] : [j.alert.startsAt];
      if (j.kind === 'bundle')
        return (j.bundle.conditions ?? [])
          .filter((c) => c.type === 'Ready' && c.status !== 'True')
          .map((c) => c.lastTransitionTime);
      return [];
    })
    .map((t) => Date.parse(t ?? ''))
    // Alertmanager's zero time (0001-01-01) and anything unparsable say nothing.
    .filter((t) => t > 0);
  return new Date(Math.min(opened, ...reported)).toISOString();
}

/** How long the episode lasted (until resolution, or until the last update), from when the trouble began. */
function episodeDuration(incident: Incident): string {
  return formatDuration(
    Math.max(
      0,
      (Date.parse(incident.resolvedAt ?? incident.updatedAt) - Date.parse(troubleSince(incident))) / 1000,
    ),
  );
}

function headline(d: Diagnosis): string {
  const top = d.causes[0];
  if (d.verdict === 'unknown' || !top) return 'cause not yet known — more evidence needed';
  return `${top.title}${top.mechanism ? ` — ${top.mechanism}` : ''} (${percent(top.confidence)})`;
}

/** A matched upstream defect: its id, what it does, the release that fixed it, and where it is described. */
function defectText(defect: DefectRef): string {
  return [
    `*Known defect* ${inlineCode(defect.id)}: ${escapeMrkdwn(defect.mechanism)}`,
    `*Fixed:* ${escapeMrkdwn(defect.fix)}`,
    ...defect.links.map((link) => escapeMrkdwn(link)),
  ].join('\n');
}

/** What a root needs of the thread policy: the silence durations offered and where links may point. */
export type RootPolicy = Pick<ThreadPolicy, 'silences' | 'links' | 'remediation'>;

/** The silence control: one button for one duration, a menu for several; "Expire silence" while one lasts. */
function silenceElements(incident: Incident, policy: RootPolicy, now: Date): ActionsBlock['elements'] {
  const durations = policy.silences?.durationsSeconds ?? [];
  const value = incidentButtonValue(incident.key);
  if (activeSilence(incident, now))
    return [
      {
        type: 'button',
        action_id: 'expire_silence',
        text: { type: 'plain_text', text: 'Expire silence' },
        value,
      },
    ];
  if (durations.length === 0 || !incidentMatchers(incident)) return [];
  // The duration travels after the reference: `incident:<ref> 2h` (a menu option's value holds 150 characters).
  const option = (seconds: number): PlainTextOption => ({
    text: { type: 'plain_text', text: `Silence ${formatSilenceDuration(seconds)}` },
    value: `${value} ${formatSilenceDuration(seconds)}`,
  });
  const [only] = durations;
  if (durations.length === 1 && only !== undefined)
    return [{ type: 'button', action_id: 'silence', ...option(only) }];
  return [
    {
      type: 'static_select',
      action_id: 'silence',
      placeholder: { type: 'plain_text', text: 'Silence alerts for…' },
      options: durations.slice(0, BLOCK_KIT_LIMITS.selectOptions).map(option),
    },
  ];
}

function buttons(incident: Incident, runtime: RuntimeKind, policy: RootPolicy, now: Date): ActionsBlock {
  const other = runtime === 'docker' ? 'containerd' : 'docker';
  const value = incidentButtonValue(incident.key);
  return {
    type: 'actions',
    block_id: 'incident',
    elements: [
      {
        type: 'button',
        action_id: 'rediagnose',
        text: { type: 'plain_text', text: 'Re-diagnose' },
        value,
      },
      {
        type: 'button',
        action_id: 'other_runtime',
        text: { type: 'plain_text', text: `Show ${other} commands` },
        value,
      },
      ...(incident.acknowledged
        ? []
        : [
            {
              type: 'button' as const,
              action_id: 'acknowledge',
              style: 'primary' as const,
              text: { type: 'plain_text' as const, text: 'Acknowledge' },
              value,
            },
          ]),
      ...silenceElements(incident, policy, now),
    ],
  };
}

/** The links as one context block, one element each (a console prints them one a line). */
function linksBlock(links: readonly Link[]): KnownBlock[] {
  if (links.length === 0) return [];
  return [
    {
      type: 'context',
      block_id: 'links',
      elements: links
        .slice(0, BLOCK_KIT_LIMITS.contextElements)
        .map((l) => ({ type: 'mrkdwn' as const, text: mrkdwnLink(l) })),
    },
  ];
}

const clock = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')}Z`;

/** A Slack user id from a signed request; anything else is shown as text, never as a mention. */
export function mention(user: string): string {
  return /^[UW][A-Z0-9]{2,20}$/.test(user) ? `<@${user}>` : inlineCode(user);
}

/** The incident's root message: the headline, edited in place as the diagnosis and state change. */
export function rootMessage(
  incident: Incident,
  d: Diagnosis,
  now: Date,
  policy: RootPolicy = {},
): ChatMessage {
  const silence = activeSilence(incident, now);
  const node = incident.node;
  const resolved = incident.state === 'resolved';
  const notReady = wentNotReady(incident) || d.observed.plegAgeSeconds !== undefined;
  const title = resolved
    ? `✅ ${node} recovered — ${incident.cluster}`
    : notReady
      ? `🔴 ${node} NotReady — ${incident.cluster}`
      : `🟠 ${node} at risk — ${incident.cluster}`;
  const state = resolved
    ? `Recovered after ${episodeDuration(incident)}`
    : notReady
      ? `NotReady for ${since(troubleSince(incident), now)}`
      : `Early warning for ${since(troubleSince(incident), now)} (the node has not gone NotReady)`;
  const facts = [
    `*Cause:* ${escapeMrkdwn(headline(d))}`,
    `*State:* ${state}${incident.episode > 1 ? ` · episode ${incident.episode}` : ''}`,
    ...(d.observed.plegAgeSeconds !== undefined
      ? [`*PLEG:* last relist ${formatDuration(d.observed.plegAgeSeconds)} ago`]
      : []),
    ...(incident.acknowledged ? [`*Acknowledged by* ${mention(incident.acknowledged.user)}`] : []),
    ...(silence
      ? [
          `*Silenced* until ${clock(silence.endsAt)} by ${mention(silence.by)} (Alertmanager silence ${inlineCode(silence.id)})`,
        ]
      : []),
    ...remediationLine(incident),
  ];
  const footer = [
    `updated ${now.toISOString().slice(0, 19)}Z`,
    ...(incident.repeats > 0 ? [`${incident.repeats} repeated signal(s) with nothing new`] : []),
    ...(incident.folded.length > 0 ? [`${incident.folded.length} downstream alert(s) folded in`] : []),
    ...(incident.storm ? ['part of a cluster-wide incident'] : []),
  ];
  return {
    text: escapeMrkdwn(
      `${resolved ? 'Recovered' : 'NotReady'}: ${node} (${incident.cluster}) — ${headline(d)}`,
    ),
    blocks: [
      header(title, { emoji: true }),
      section(facts.join('\n')),
      context(escapeMrkdwn(footer.join(' · '))),
      ...linksBlock(incidentLinks(incident, d, policy.links)),
      ...(resolved ? [] : [buttons(incident, d.observed.runtime, policy, now)]),
      ...remediationButtons(incident, policy.remediation),
    ],
  };
}

function evidenceLines(evidence: readonly Evidence[]): string {
  const shown = evidence.slice(0, MAX_EVIDENCE).map((e) => {
    const times = e.occurrences > 1 ? ` ×${e.occurrences}` : '';
    return `${inlineCode(e.source)}${times} — ${escapeMrkdwn(e.meaning)}\n${codeBlock(truncate(e.text, EVIDENCE_LINE_MAX))}`;
  });
  const more = evidence.length - shown.length;
  return shown.join('\n') + (more > 0 ? `\n_…and ${more} more cited line(s)_` : '');
}

export function commandsText(commands: readonly Command[]): string {
  const line = (c: Command) => `${c.where === 'node' ? '# on the node: ' : '# '}${c.purpose}\n${c.command}`;
  const confirm = commands.filter((c) => c.risk === 'read-only');
  const fix = commands.filter((c) => c.risk === 'disruptive');
  return [
    ...(confirm.length ? [`*Confirm (read-only)*\n${codeBlock(confirm.map(line).join('\n'))}`] : []),
    ...(fix.length ? [`*Fix — ⚠️ disruptive, in this order*\n${codeBlock(fix.map(line).join('\n'))}`] : []),
  ].join('\n');
}

/** The thread reply with the reasoning: causal chain, cited evidence, commands, what is missing. */
export function diagnosisMessage(d: Diagnosis, intro?: string, links: readonly Link[] = []): ChatMessage {
  const top = d.causes[0];
  const blocks: KnownBlock[] = [];
  if (intro) blocks.push(section(escapeMrkdwn(intro)));
  if (top && d.verdict !== 'unknown') {
    const mechanism = top.mechanism ? ` — ${escapeMrkdwn(top.mechanism)}` : '';
    blocks.push(
      section(
        `*${escapeMrkdwn(top.title)}*${mechanism} — ${percent(top.confidence)}\n${escapeMrkdwn(top.summary)}`,
      ),
    );
    if (top.limits.length)
      blocks.push(
        context(escapeMrkdwn(`Not enough to act on alone: ${top.limits.join('; ')}. Confirm first.`)),
      );
    if (top.defect) blocks.push(section(defectText(top.defect)));
    blocks.push(section(`*Why*\n${top.chain.map((s, i) => `${i + 1}. ${escapeMrkdwn(s)}`).join('\n')}`));
    if (top.evidence.length) blocks.push(section(`*Evidence*\n${evidenceLines(top.evidence)}`));
    if (top.against.length) blocks.push(section(`*Against*\n${evidenceLines(top.against)}`));
    blocks.push(section(commandsText(top.commands)));
    blocks.push(context(escapeMrkdwn(describeContext(d.context))));
  } else {
    blocks.push(section('*The evidence does not single out a cause yet.*'));
    if (top)
      blocks.push(
        section(
          `Leading candidate: ${escapeMrkdwn(top.title)} (${percent(top.confidence)}), not enough to act on.`,
        ),
      );
  }
  const others = d.causes.slice(1);
  if (others.length) {
    blocks.push(context(others.map((c) => `${escapeMrkdwn(c.title)} ${percent(c.confidence)}`).join(' · ')));
  }
  if (d.missing.length) {
    blocks.push(
      section(
        `*To settle it, collect*\n${d.missing.map((m) => `• ${escapeMrkdwn(m.what)}: ${inlineCode(m.how)}`).join('\n')}`,
      ),
    );
  }
  if (d.unavailable.length) {
    // The sender's words, quoted: never a command, never formatted as one.
    const reported = d.unavailable.map(
      (u) =>
        `• ${escapeMrkdwn(truncate(u.what, EVIDENCE_LINE_MAX))} — the collector reported: _“${escapeMrkdwn(truncate(u.reason, EVIDENCE_LINE_MAX))}”_`,
    );
    blocks.push(section(`*Not collected, as the bundle reports it*\n${reported.join('\n')}`));
  }
  blocks.push(...linksBlock(links));
  return { text: escapeMrkdwn(`Diagnosis: ${headline(d)}`), blocks };
}

/** Posted when the diagnosis changes on an open incident. */
export function changeMessage(
  d: Diagnosis,
  before: Incident['posted'],
  links: readonly Link[] = [],
): ChatMessage {
  const previous = before ? `${before.verdict} ${percent(before.confidence)}` : 'none';
  return diagnosisMessage(d, `New evidence changed the diagnosis (was: ${previous}).`, links);
}

export function resolutionMessage(incident: Incident): ChatMessage {
  const took = episodeDuration(incident);
  const text =
    incident.kind === 'node' && !wentNotReady(incident)
      ? `✅ Resolved: the warning for ${incident.node} cleared after ${took}; it never went NotReady.`
      : `✅ Resolved: ${incident.node || incident.cluster} is Ready again after ${took}.`;
  return { text: escapeMrkdwn(text), blocks: [section(escapeMrkdwn(text))] };
}

export function reopenMessage(incident: Incident, d: Diagnosis, links: readonly Link[] = []): ChatMessage {
  return diagnosisMessage(
    d,
    `🔁 Fired again (episode ${incident.episode}) — the same thread is reopened.`,
    links,
  );
}

/** Downstream alerts folded into the node's thread, one line each. */
export function foldedMessage(lines: readonly string[]): ChatMessage {
  const text = `Downstream of this node (${lines.length}):\n${lines.map((l) => `• ${escapeMrkdwn(l)}`).join('\n')}`;
  return {
    text: escapeMrkdwn(`${lines.length} downstream alert(s) folded into this incident`),
    blocks: [section(text)],
  };
}

/** A button pressed on an incident that is no longer open (resolved since the message was drawn). */
export function noLongerOpenMessage(): ChatMessage {
  const text =
    'That incident is no longer open: its thread has the resolution. `/pleg status` lists the open ones.';
  return { text: 'That incident is no longer open.', blocks: [section(text)] };
}

export function acknowledgedMessage(user: string): ChatMessage {
  return { text: 'Acknowledged', blocks: [section(`:eyes: Acknowledged by ${mention(user)}`)] };
}

/** How many open incidents `/pleg status` lists (the rest are counted). */
export const STATUS_LISTED = 40;

/**
 * `/pleg status`: the open incidents, counted, the first `STATUS_LISTED` listed. An incident given whole is open
 * since its trouble began (its signals say when); a summary, since the responder opened it.
 */
export function statusMessage(open: readonly (Incident | IncidentSummary)[], now: Date): ChatMessage {
  if (open.length === 0)
    return { text: 'No open incidents.', blocks: [section('No open incidents. :white_check_mark:')] };
  const lines = open.slice(0, STATUS_LISTED).map((i) => {
    const cause = i.posted ? `${i.posted.verdict} ${percent(i.posted.confidence)}` : 'diagnosing';
    const what = i.kind === 'cluster' ? `${i.nodes.length} nodes` : inlineCode(i.node);
    return `• ${escapeMrkdwn(i.cluster)} ${what} — ${escapeMrkdwn(cause)} — open ${since('signals' in i ? troubleSince(i) : i.openedAt, now)}${i.acknowledged ? ' · acked' : ''}`;
  });
  return {
    text: `${open.length} open incident(s)`,
    blocks: [section(`*Open incidents (${open.length})*\n${lines.join('\n')}`)],
  };
}

export function commandsMessage(d: Diagnosis, runtime: RuntimeKind): ChatMessage {
  const top = d.causes[0];
  const body = top ? commandsText(top.commands) : 'No commands: the cause is not known yet.';
  return { text: `Commands for ${runtime}`, blocks: [section(`*Commands for ${runtime}*\n${body}`)] };
}

/** Who silenced what, until when, and why: the thread's record of a silence created from it. */
export function silencedMessage(incident: Incident, silence: IncidentSilence, d: Diagnosis): ChatMessage {
  const matchers = incidentMatchers(incident);
  const text = [
    `:mute: Silenced by ${mention(silence.by)} until ${clock(silence.endsAt)} (Alertmanager silence ${inlineCode(silence.id)})`,
    ...(matchers ? [`*Matchers:* ${inlineCode(matcherText(matchers))}`] : []),
    `*Why:* ${escapeMrkdwn(headline(d))}`,
  ].join('\n');
  return { text: `Silenced until ${clock(silence.endsAt)}`, blocks: [section(text)] };
}

export function silenceExpiredMessage(id: string, user: string): ChatMessage {
  return {
    text: 'Silence expired',
    blocks: [section(`:loud_sound: Alertmanager silence ${inlineCode(id)} expired by ${mention(user)}`)],
  };
}

/** Alertmanager refused a silence request (or could not be reached for it): said in the thread, in its words. */
export function silenceFailedMessage(
  what: 'silence' | 'expiry',
  reason: string,
  retried: boolean,
): ChatMessage {
  const action = what === 'silence' ? 'create the silence' : 'expire the silence';
  const text = retried
    ? `⚠️ Could not ${action}: ${escapeMrkdwn(reason)}. It is kept and tried again until Alertmanager answers.`
    : `⚠️ Could not ${action}: ${escapeMrkdwn(reason)}`;
  return { text: `Could not ${action}`, blocks: [section(text)] };
}

/** A silence request that has nothing to act on: no Alertmanager, no alert, or one already running. */
export function silenceNotPossibleMessage(reason: NoSilence): ChatMessage {
  return { text: 'No silence created', blocks: [section(escapeMrkdwn(noSilenceText(reason)))] };
}

function noSilenceText(reason: NoSilence): string {
  switch (reason.why) {
    case 'not-configured':
      return 'Silences are not configured here (ALERTMANAGER_URL is not set).';
    case 'none-running':
      return 'This incident has no running silence to expire.';
    case 'already-silenced':
      return `Already silenced until ${clock(reason.silence.endsAt)} (silence ${reason.silence.id}).`;
    case 'being-created':
      return 'A silence for this incident is already being created.';
    case 'no-alert':
      return 'This incident holds no Alertmanager alert: there is nothing to silence.';
  }
}
