import type { ChatFile, ChatPort } from '../../shared/chat/port.ts';
import { faultOf } from '../../shared/faults.ts';
import type { Verdict } from '../../shared/schemas/diagnosis.ts';

export type ChatMethod = keyof ChatPort;
/** `ok`, the downstream fault kind (`unavailable`, `misconfigured`), or `error` for a call the service refused. */
export type ChatOutcome = 'ok' | 'unavailable' | 'misconfigured' | 'error';

/**
 * What the responder counts, told where it happens; the Node server implements it with prom-client
 * (functions/node/metrics.ts). Optional everywhere: a host that exposes no metrics (Lambda) passes none.
 */
export interface RespondMetrics {
  /** A diagnosis was made, `secondsSinceReceived` after ingest received the oldest job it answers. */
  diagnosed(verdict: Verdict, secondsSinceReceived: number): void;
  /** The chat calls a diagnosis led to have finished, `secondsSinceDiagnosis` after it was made. */
  notified(secondsSinceDiagnosis: number): void;
  chatCall(transport: string, method: ChatMethod, outcome: ChatOutcome): void;
  /** A job goes back to the queue: `outage` when a downstream service failed, `failure` when the job did. */
  retried(reason: 'outage' | 'failure'): void;
  /** A job went to the dead letters: `unreadable` at once, `attempts` once its deliveries ran out. */
  deadLettered(reason: 'unreadable' | 'attempts'): void;
  /** A remediation request, approval, refusal, API call or outcome (`pleg_remediation_actions_total`). */
  remediation(action: string, outcome: string): void;
}

function outcomeOf(error: unknown): ChatOutcome {
  return faultOf(error)?.fault ?? 'error';
}

/** `chat` with every call counted by method and outcome; errors pass through unchanged. */
export function meteredChat(chat: ChatPort, transport: string, metrics: RespondMetrics): ChatPort {
  const count =
    <A extends unknown[], R>(method: ChatMethod, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await call(...args);
        metrics.chatCall(transport, method, 'ok');
        return result;
      } catch (error) {
        metrics.chatCall(transport, method, outcomeOf(error));
        throw error;
      }
    };
  return {
    post: count('post', (channel, message, threadTs) => chat.post(channel, message, threadTs)),
    update: count('update', (channel, ts, message) => chat.update(channel, ts, message)),
    respond: count('respond', (url, message, ephemeral) => chat.respond(url, message, ephemeral)),
    ...(chat.attach
      ? {
          attach: count('attach', (channel: string, threadTs: string, file: ChatFile) =>
            (chat.attach as NonNullable<ChatPort['attach']>)(channel, threadTs, file),
          ),
        }
      : {}),
  };
}
