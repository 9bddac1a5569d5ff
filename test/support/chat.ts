import { ConsoleChat } from '../../shared/chat/console.ts';
import type { ChatMessage, ChatPort, PostedMessage } from '../../shared/chat/port.ts';

/** One call to the console chat and what it printed for it. */
export interface ConsoleCall {
  method: 'post' | 'update' | 'respond';
  channel: string;
  /** The message posted (its ts), or edited. */
  ts?: string;
  /** The thread a reply went to. */
  threadTs?: string;
  printed: string;
}

/**
 * The real ConsoleChat with its output captured call by call, so tests can read threads off the console as they
 * read them off the Slack fake. `outage(true)` makes the terminal fail (as a closed stdout would: EPIPE).
 */
export class ConsoleTranscript implements ChatPort {
  readonly calls: ConsoleCall[] = [];
  #printed = '';
  #down = false;
  readonly #chat = new ConsoleChat({
    write: (text) => {
      if (this.#down) throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
      this.#printed += text;
    },
  });

  outage(down: boolean): void {
    this.#down = down;
  }

  async post(channel: string, message: ChatMessage, threadTs?: string): Promise<PostedMessage> {
    const posted = await this.#call(() => this.#chat.post(channel, message, threadTs));
    this.calls.push({ method: 'post', channel, ts: posted.value.ts, threadTs, printed: posted.printed });
    return posted.value;
  }

  async update(channel: string, ts: string, message: ChatMessage): Promise<void> {
    const { printed } = await this.#call(() => this.#chat.update(channel, ts, message));
    this.calls.push({ method: 'update', channel, ts, printed });
  }

  async respond(responseUrl: string, message: ChatMessage, ephemeral: boolean): Promise<void> {
    const { printed } = await this.#call(() => this.#chat.respond(responseUrl, message, ephemeral));
    this.calls.push({ method: 'respond', channel: '', printed });
  }

  /** Thread roots, each with everything printed for it: the root block and every edit since. */
  roots(): Array<{ ts: string; shown: string }> {
    return this.calls
      .filter((c) => c.method === 'post' && !c.threadTs)
      .map((root) => ({
        ts: root.ts ?? '',
        shown: this.calls
          .filter((c) => c.ts === root.ts && (c === root || c.method === 'update'))
          .map((c) => c.printed)
          .join(''),
      }));
  }

  replies(threadTs: string): Array<{ shown: string }> {
    return this.calls.filter((c) => c.threadTs === threadTs).map((c) => ({ shown: c.printed }));
  }

  /** Everything printed so far. */
  output(): string {
    return this.#printed;
  }

  async #call<T>(run: () => Promise<T>): Promise<{ value: T; printed: string }> {
    const from = this.#printed.length;
    const value = await run();
    return { value, printed: this.#printed.slice(from) };
  }
}

/** Polls `check` until it gives a value (not undefined or false). */
export async function until<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
