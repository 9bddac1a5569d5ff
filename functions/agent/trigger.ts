/**
 * When the agent collects: pure, on what it saw each round, so the rule is tested without a kubelet. Signs are
 * the kubelet's health endpoint failing, PLEG's last relist older than the threshold (the kubelet's own 3 min), and
 * the runtime not answering. One failing round is not a sign (a kubelet restarting, a slow scrape): a sign must be
 * seen in `confirmRounds` rounds in a row. After a collection the agent waits, doubling the wait while the node stays
 * sick (one bundle per episode, then one per growing interval), and starts over once the node is healthy again.
 */
export interface Signs {
  /** undefined: not checked (no URL configured). */
  healthz?: { ok: boolean; detail: string };
  /** Seconds since the last successful relist, from kubelet_pleg_last_seen_seconds; undefined when unknown. */
  plegAgeSeconds?: number;
  runtime?: { ok: boolean; detail: string };
}

export interface TriggerPolicy {
  plegThresholdSeconds: number;
  confirmRounds: number;
  cooldownMs: number;
  maxCooldownMs: number;
}

export const DEFAULT_POLICY: TriggerPolicy = {
  plegThresholdSeconds: 180,
  confirmRounds: 2,
  cooldownMs: 10 * 60_000,
  maxCooldownMs: 60 * 60_000,
};

export interface TriggerState {
  /** Rounds in a row with at least one sign. */
  sickRounds: number;
  /** When the last collection of this episode started, and how many this episode had. */
  lastCollectAt?: number;
  collections: number;
}

export const INITIAL_STATE: TriggerState = { sickRounds: 0, collections: 0 };

/** The signs seen, in words (they go to the log and into the bundle's trigger). */
export function reasons(signs: Signs, policy: TriggerPolicy): string[] {
  const out: string[] = [];
  if (signs.healthz && !signs.healthz.ok) out.push(`kubelet healthz failing: ${signs.healthz.detail}`);
  if (signs.plegAgeSeconds !== undefined && signs.plegAgeSeconds > policy.plegThresholdSeconds)
    out.push(
      `PLEG last seen ${Math.round(signs.plegAgeSeconds)} s ago (threshold ${policy.plegThresholdSeconds} s)`,
    );
  if (signs.runtime && !signs.runtime.ok) out.push(`runtime not answering: ${signs.runtime.detail}`);
  return out;
}

export interface Decision {
  collect: boolean;
  reasons: string[];
  state: TriggerState;
}

export function decide(signs: Signs, state: TriggerState, now: number, policy = DEFAULT_POLICY): Decision {
  const seen = reasons(signs, policy);
  if (seen.length === 0) return { collect: false, reasons: [], state: INITIAL_STATE };
  const sickRounds = state.sickRounds + 1;
  const wait = Math.min(policy.maxCooldownMs, policy.cooldownMs * 2 ** Math.max(0, state.collections - 1));
  const due = state.lastCollectAt === undefined || now - state.lastCollectAt >= wait;
  if (sickRounds < policy.confirmRounds || !due)
    return { collect: false, reasons: seen, state: { ...state, sickRounds } };
  return {
    collect: true,
    reasons: seen,
    state: { sickRounds, lastCollectAt: now, collections: state.collections + 1 },
  };
}
