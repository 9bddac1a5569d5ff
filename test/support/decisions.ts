import type { ChatMessage } from '../../shared/chat/port.ts';
import * as decide from '../../shared/incidents/decide/index.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { renderDecision } from '../../shared/messages/render.ts';

/**
 * decide's functions, each followed by the render step as the pipeline runs them (with the time the decision was
 * made, its last argument): a test reads the messages people would see and records what the outbox would.
 */
export function decidedAndRendered(policy: ThreadPolicy) {
  const rendered =
    <A extends unknown[]>(decideFn: (...args: [...A, Date]) => decide.Decision) =>
    (...args: [...A, Date]): decide.Decision<ChatMessage> =>
      renderDecision(decideFn(...args), policy, args[args.length - 1] as Date);
  return {
    decideSignals: rendered(decide.decideSignals),
    decideBurst: rendered(decide.decideBurst),
    decideFold: rendered(decide.decideFold),
    decideIdle: rendered(decide.decideIdle),
    decideRequest: rendered(decide.decideRequest),
    decideSilenceOutcome: rendered(decide.decideSilenceOutcome),
  };
}
