import type { DownstreamFault, FaultKind } from '../faults.ts';
import type { SilenceRequest } from '../schemas/silence.ts';

/**
 * What the responder needs from Alertmanager: create a silence, expire one. The adapter (alertmanager.ts) speaks
 * its API v2; tests drive the real binary.
 */
export interface SilencePort {
  /** Creates the silence, or finds the one an earlier try of the same request created; returns its id. */
  create(silence: SilenceRequest): Promise<{ id: string }>;
  /** Expires a silence; one already expired counts as done. */
  expire(id: string): Promise<void>;
}

/** Alertmanager refused this request (a 4xx other than auth): trying it again cannot help, people are told. */
export class SilenceRefused extends Error {
  readonly status: number;
  /** Alertmanager's own words, bounded. */
  readonly detail: string;

  constructor(status: number, detail: string) {
    super(`Alertmanager refused the request: HTTP ${status} ${detail}`);
    this.name = 'SilenceRefused';
    this.status = status;
    this.detail = detail;
  }
}

/** Alertmanager is unreachable, failing (5xx) or refuses our credentials: a downstream fault, the job waits. */
export class AlertmanagerUnavailable extends Error implements DownstreamFault {
  readonly transport = 'alertmanager';
  readonly fault: FaultKind;
  readonly code: string;

  constructor(message: string, code: string, fault: FaultKind) {
    super(message);
    this.name = 'AlertmanagerUnavailable';
    this.code = code;
    this.fault = fault;
  }
}
