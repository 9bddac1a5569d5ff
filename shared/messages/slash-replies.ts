import type { KnownBlock, SectionBlock } from '@slack/types';
import { BLOCK_KIT_LIMITS } from '../chat/block-kit.ts';
import { codeBlock, escapeMrkdwn, inlineCode, truncate } from '../chat/mrkdwn.ts';
import type { ChatMessage } from '../chat/port.ts';
import { type CauseExplanation, explainCause } from '../diagnosis/explain.ts';
import { CAUSE_IDS, type CauseId, type Command, type RuntimeKind } from '../schemas/diagnosis.ts';
import { context, header, section } from './blocks.ts';

/*
 * The immediate answers to `/pleg …` (what Slack shows the user within its 3 s): usage, explanations, refusals
 * and "working on it" acknowledgements. Pure: no I/O, same input → same message. Everything a user typed is
 * escaped before it is echoed, and every message stays inside Block Kit's limits.
 */

export const DEFAULT_SLASH_COMMAND = '/pleg';

/** An immediate answer's notification text: a section's worth, the blocks carry the rest. */
const FALLBACK_TEXT_MAX = BLOCK_KIT_LIMITS.sectionText;

/** How much of a user's own input is echoed back. */
const ECHO_MAX = 80;
/** One command inside a code block: long enough for every command the engine has, short enough to pack. */
const COMMAND_MAX = 1200;

/** The command name to show: Slack's, when it looks like one, else the default. */
export function commandName(command: string | undefined): string {
  return command && /^\/[\w.-]{1,31}$/.test(command) ? command : DEFAULT_SLASH_COMMAND;
}

/** User input as inline code: on one line, cut to {@link ECHO_MAX}, escaped. */
function echo(value: string): string {
  return inlineCode(truncate(value.replace(/\s+/g, ' ').trim(), ECHO_MAX, '…'));
}

/** Packs items (already mrkdwn) under a heading into as few sections as fit {@link BLOCK_KIT_LIMITS.sectionText}. */
function packed(heading: string, items: readonly string[]): SectionBlock[] {
  const out: SectionBlock[] = [];
  let current = heading;
  for (const item of items) {
    const next = `${current}\n${item}`;
    if (next.length <= BLOCK_KIT_LIMITS.sectionText) {
      current = next;
    } else {
      out.push(section(current));
      current = item;
    }
  }
  out.push(section(current));
  return out;
}

function message(text: string, blocks: KnownBlock[]): ChatMessage {
  const fitting =
    blocks.length <= BLOCK_KIT_LIMITS.blocks
      ? blocks
      : [
          ...blocks.slice(0, BLOCK_KIT_LIMITS.blocks - 1),
          context('_(the rest was cut: too long for one message)_'),
        ];
  return { text: truncate(text, FALLBACK_TEXT_MAX), blocks: fitting };
}

function usageLines(command: string): string[] {
  const c = (args: string) => inlineCode(`${command} ${args}`);
  return [
    `• ${c('diagnose <node> [cluster]')}: diagnose a node now; the answer goes to its incident thread if one is open`,
    `• ${c('diagnose')} followed by pasted kubelet / runtime log lines: diagnose that text`,
    `• ${c('status')}: the open incidents`,
    `• ${c('explain <cause> [docker|containerd|crio]')}: what a cause is, how to confirm and fix it`,
    `• ${c('cordon|drain|replace|uncordon <node> [cluster] [--override-storm]')}: act on an incident's node (where remediation is on; drain and replace need a second person's approval in the thread)`,
    `• ${c('help')}: this message`,
    `Causes: ${CAUSE_IDS.map((id) => inlineCode(id)).join(', ')}`,
  ];
}

/** `/pleg help` (or nothing): what the command can do. */
export function renderUsage(command: string = DEFAULT_SLASH_COMMAND): ChatMessage {
  const name = commandName(command);
  const lines = usageLines(name);
  return message(`${escapeMrkdwn(name)}: diagnose, status, explain, help`, [
    section(`*${escapeMrkdwn(name)}*: incident help for nodes that go NotReady ("PLEG is not healthy")`),
    section(lines.join('\n')),
  ]);
}

/** A refusal followed by the usage, so the user sees what would have worked. */
function refusal(problem: string, command: string): ChatMessage {
  const usage = renderUsage(command);
  return message(problem, [section(problem), ...usage.blocks]);
}

export function renderUnknownSubcommand(given: string, command: string = DEFAULT_SLASH_COMMAND): ChatMessage {
  return refusal(`Unknown subcommand ${echo(given)}.`, command);
}

export function renderInvalidNode(given: string, command: string = DEFAULT_SLASH_COMMAND): ChatMessage {
  const shown = given.length > ECHO_MAX ? `${echo(given)} (${given.length} characters)` : echo(given);
  return refusal(
    `${shown} is not a valid node name: a node name is a lower-case DNS name (a-z, 0-9, "-" and ".", starting and ending with a letter or digit, at most 253 characters). Nothing was queued.`,
    command,
  );
}

export function renderInvalidCluster(given: string, command: string = DEFAULT_SLASH_COMMAND): ChatMessage {
  return refusal(
    `${echo(given)} is not a valid cluster name (letters, digits, ".", "_" and "-", at most 63 characters). Nothing was queued.`,
    command,
  );
}

export function renderMissingDiagnoseTarget(command: string = DEFAULT_SLASH_COMMAND): ChatMessage {
  return refusal(
    `${inlineCode(`${commandName(command)} diagnose`)} needs a node name or pasted log lines. Nothing was queued.`,
    command,
  );
}

/** Accepts `fd_exhaustion`, `FD-Exhaustion`, `fd exhaustion`. */
export function parseCauseId(given: string): CauseId | undefined {
  const id = given
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
  return (CAUSE_IDS as readonly string[]).includes(id) ? (id as CauseId) : undefined;
}

const RUNTIMES: readonly RuntimeKind[] = ['docker', 'containerd', 'crio'];

function commandItem(c: Command): string {
  const where = c.where === 'node' ? 'on the node' : 'with kubectl';
  return `• ${escapeMrkdwn(c.purpose)} (${where})\n${codeBlock(truncate(c.command, COMMAND_MAX))}`;
}

/** What a cause is, how the engine recognises it, and the commands to confirm and fix it. */
export function renderCauseExplanation(e: CauseExplanation, runtime: RuntimeKind = 'unknown'): ChatMessage {
  const blocks: KnownBlock[] = [
    header(e.title),
    section(
      [
        `*What happens* (${inlineCode(e.id)})`,
        ...e.chain.map((step, i) => `${i + 1}. ${escapeMrkdwn(step)}`),
      ].join('\n'),
    ),
  ];
  if (e.signs.length) {
    blocks.push(
      ...packed(
        '*Signs the engine looks for*',
        e.signs.map((s) => `• ${escapeMrkdwn(s)}`),
      ),
    );
  }
  if (e.confirm.length) blocks.push(...packed('*How to confirm* (read-only)', e.confirm.map(commandItem)));
  if (e.fix.length) {
    blocks.push(
      ...packed('*How to fix* (DISRUPTIVE: confirm first, then run in this order)', e.fix.map(commandItem)),
    );
  }
  const shownFor =
    runtime === 'unknown'
      ? `containerd / crictl (the default; add ${inlineCode('docker')} or ${inlineCode('crio')} for those runtimes)`
      : escapeMrkdwn(runtime);
  blocks.push(
    context(
      `Commands shown for ${shownFor}; set ${inlineCode('NODE')} to the node's name. For a diagnosis of a real node: ${inlineCode(`${DEFAULT_SLASH_COMMAND} diagnose <node>`)}`,
    ),
  );
  return message(
    `${escapeMrkdwn(e.title)} (${inlineCode(e.id)}): what it is, how to confirm and fix it`,
    blocks,
  );
}

export function renderUnknownCause(given: string): ChatMessage {
  const what = given.trim() ? `${echo(given)} is not a cause I know.` : 'Which cause?';
  const list = CAUSE_IDS.map((id) => {
    const title = explainCause(id)?.title;
    return `• ${inlineCode(id)}${title ? `: ${escapeMrkdwn(title)}` : ''}`;
  });
  return message(`${what} Valid causes: ${CAUSE_IDS.join(', ')}`, [
    section(`${what} Valid causes:`),
    section(list.join('\n')),
  ]);
}

/** `/pleg explain <cause> [runtime]`. */
export function renderExplain(argument: string): ChatMessage {
  const words = argument.trim().split(/\s+/).filter(Boolean);
  const last = words.at(-1)?.toLowerCase();
  const runtime = words.length > 1 && RUNTIMES.find((r) => r === last);
  const causeText = (runtime ? words.slice(0, -1) : words).join(' ');
  const id = parseCauseId(causeText);
  const explanation = id && explainCause(id, runtime || 'unknown');
  return explanation
    ? renderCauseExplanation(explanation, runtime || 'unknown')
    : renderUnknownCause(causeText);
}

function ack(text: string): ChatMessage {
  return message(text, [section(text)]);
}

export function renderDiagnosingNode(node: string, cluster: string): ChatMessage {
  return ack(
    `Diagnosing ${echo(node)} in cluster ${echo(cluster)}… the diagnosis will be posted here (in the incident thread if one is open).`,
  );
}

export function renderRemediationAsked(action: string, node: string, cluster: string): ChatMessage {
  return ack(
    `Asked to ${action} ${echo(node)} in cluster ${echo(cluster)}: who may, the guards and the approval are checked, and the answer goes to the incident's thread.`,
  );
}

export function renderDiagnosingText(lines: number, keptChars?: number): ChatMessage {
  const cut = keptChars === undefined ? '' : ` It was long: only its last ${keptChars} characters are used.`;
  return ack(
    `Diagnosing the pasted log (${lines} line${lines === 1 ? '' : 's'})… the diagnosis will be posted here.${cut}`,
  );
}

export function renderCollectingStatus(): ChatMessage {
  return ack('Collecting open incidents…');
}

/** The queue refused the request: the user should try again (Slack shows a non-200 answer badly). */
export function renderNotQueued(): ChatMessage {
  return ack(
    '⚠️ Your request could not be queued (the responder is briefly unavailable). Nothing will happen: please retry in a minute.',
  );
}
