import type { RemediationPolicy } from '../remediation/model.ts';

/** When many nodes of one cluster are one incident. */
export interface StormPolicy {
  /** This many nodes of one cluster going NotReady within `windowMs` is a cluster-wide incident. */
  threshold: number;
  windowMs: number;
}

/** Where links may point, from the configuration. */
export interface LinkPolicy {
  /**
   * The hosts a URL taken from an alert may link to: LINK_HOSTS, else the hosts of the URLs the configuration
   * names (see `linkHosts` in functions/config.ts). Empty or unset: no URL from an alert is a link.
   */
  hosts?: readonly string[];
  /** ALERTMANAGER_EXTERNAL_URL (else ALERTMANAGER_URL): its UI's new-silence form, prefilled. */
  alertmanagerUrl?: string;
  /** DOCS_URL: the cause documentation page (docs/causes.md as published), one anchor per cause. */
  causesUrl?: string;
}

/** Alertmanager silences from the thread: offered only when ALERTMANAGER_URL is set. */
export interface SilencePolicy {
  /** SILENCE_DURATIONS in seconds, in the order offered; the first is Acknowledge's (ACK_SILENCES). */
  durationsSeconds: readonly number[];
  /** ACK_SILENCES: Acknowledge also silences the incident's alerts for the first duration. */
  onAcknowledge: boolean;
}

/** How incidents become chat threads: where, when a re-fire reopens, when many nodes are one storm. */
export interface ThreadPolicy {
  channel: string;
  /** A re-fire within this long after resolution reopens the same thread. */
  reopenWindowMs: number;
  storm: StormPolicy;
  /** Storm roots are edited at most this often; edits in between are deferred, not lost. */
  stormEditIntervalMs: number;
  /** `https://acme.slack.com/archives`: turns thread references into links (optional). */
  archiveUrl?: string;
  silences?: SilencePolicy;
  /** Where the root's and replies' links may point. */
  links?: LinkPolicy;
  /** Remediation from the thread (REMEDIATION=dry-run|on); absent when it is off: no buttons, every request refused. */
  remediation?: RemediationPolicy;
}
