import type { KnownBlock } from '@slack/types';
import type { DownstreamFault } from '../faults.ts';
import { GRAVE } from './mrkdwn.ts';
import type { ChatFile, ChatMessage, ChatPort, PostedMessage } from './port.ts';
import { sanitizeForTerminal } from './text.ts';

/** Root renderings kept to show what an edit changed (the oldest are forgotten: an edit then prints it all). */
const REMEMBERED_ROOTS = 1000;

/**
 * Slack mrkdwn back to terminal text: entities decoded, code blocks indented, a line's bold lead-in plain, control
 * characters shown as `?`, and the look-alike backticks that keep untrusted text out of Slack's code spans
 * (escapeMrkdwn) real backticks again: a terminal parses no mrkdwn.
 */
function plain(mrkdwn: string): string[] {
  const text = mrkdwn
    .replace(/```([\s\S]*?)```/g, (_, code: string) => `\n${code.replace(/^/gm, '    ')}\n`)
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .replaceAll(GRAVE, '`');
  return text
    .split('\n')
    .map((line) => sanitizeForTerminal(line.replace(/^\*([^*\n]+)\*/, '$1')).trimEnd())
    .filter((line) => line !== '');
}

function blockLines(block: KnownBlock): string[] {
  switch (block.type) {
    case 'header':
      return [`# ${sanitizeForTerminal(block.text.text)}`];
    case 'section':
      return [...plain(block.text?.text ?? ''), ...(block.fields ?? []).flatMap((f) => plain(f.text))];
    case 'context':
      // The links block: one `label: url` line each, nothing to click on a console.
      if (block.block_id === 'links')
        return block.elements.flatMap((e) =>
          'text' in e ? plain(e.text.replace(/^<([^|<>]+)\|([^<>]*)>$/, '$2: $1')) : [],
        );
      return plain(block.elements.map((e) => ('text' in e ? e.text : '')).join(' · '));
    case 'divider':
      return ['---'];
    default:
      // Buttons and other interactive blocks: nothing to click on a console.
      return [];
  }
}

/** The lines a message shows on a console (its blocks, else its fallback text). */
export function consoleLines(message: ChatMessage): string[] {
  const lines = message.blocks.flatMap(blockLines);
  return lines.length > 0 ? lines : plain(message.text);
}

/** A console write that failed, as a downstream fault of the `console` transport. */
export class ConsoleUnavailable extends Error implements DownstreamFault {
  readonly transport = 'console';
  readonly fault = 'unavailable';
  readonly code: string;

  constructor(cause: unknown) {
    super(`console output failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ConsoleUnavailable';
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : 'write_failed';
  }
}

export interface ConsoleChatOptions {
  write?: (text: string) => void;
  now?: () => number;
}

/**
 * The chat port on a terminal, for the embedded default without Slack: a thread is a block of output under a
 * header naming its id; a reply is printed indented under its thread's id; an edit prints the lines that
 * changed. The incident lifecycle above it (storms, nothing new, resolution, reopening) is the same as Slack's.
 */
export class ConsoleChat implements ChatPort {
  readonly #write: (text: string) => void;
  readonly #now: () => number;
  readonly #roots = new Map<string, string[]>();
  #seq = 0;

  constructor(options: ConsoleChatOptions = {}) {
    const write = options.write ?? ((text: string) => process.stdout.write(text));
    // An output that cannot be written (a closed pipe) is the console being unavailable, like Slack down: the
    // job waits for it instead of spending its attempts.
    this.#write = (text) => {
      try {
        write(text);
      } catch (error) {
        throw new ConsoleUnavailable(error);
      }
    };
    this.#now = options.now ?? Date.now;
  }

  async post(channel: string, message: ChatMessage, threadTs?: string): Promise<PostedMessage> {
    this.#seq += 1;
    const ts = `${Math.floor(this.#now() / 1000)}.${String(this.#seq).padStart(6, '0')}`;
    const lines = consoleLines(message);
    if (threadTs) {
      this.#write(`  ↳ thread ${threadTs}\n${lines.map((l) => `    ${l}\n`).join('')}`);
    } else {
      this.#write(`\n=== thread ${ts} ===\n${lines.map((l) => `${l}\n`).join('')}`);
      this.#remember(ts, lines);
    }
    return { channel, ts };
  }

  async update(_channel: string, ts: string, message: ChatMessage): Promise<void> {
    const lines = consoleLines(message);
    const before = this.#roots.get(ts);
    const removed = before ? before.filter((l) => !lines.includes(l)) : [];
    const added = before ? lines.filter((l) => !before.includes(l)) : lines;
    this.#remember(ts, lines);
    if (removed.length === 0 && added.length === 0) return;
    const diff = [...removed.map((l) => `  - ${l}\n`), ...added.map((l) => `  + ${l}\n`)];
    this.#write(`~~~ thread ${ts} edited\n${diff.join('')}`);
  }

  async respond(_responseUrl: string, message: ChatMessage, _ephemeral: boolean): Promise<void> {
    this.#write(
      `>>> answer\n${consoleLines(message)
        .map((l) => `    ${l}\n`)
        .join('')}`,
    );
  }

  async attach(_channel: string, threadTs: string, file: ChatFile): Promise<void> {
    const kib = (Buffer.byteLength(file.content) / 1024).toFixed(0);
    this.#write(`  ↳ thread ${threadTs}\n    [file] ${file.filename} (${kib} KiB): ${file.comment}\n`);
  }

  #remember(ts: string, lines: string[]): void {
    this.#roots.delete(ts);
    this.#roots.set(ts, lines);
    const oldest = this.#roots.keys().next();
    if (this.#roots.size > REMEMBERED_ROOTS && !oldest.done) this.#roots.delete(oldest.value);
  }
}
