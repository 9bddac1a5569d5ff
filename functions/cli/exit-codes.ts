/**
 * What `pleg-responder` exits with, so scripts and alert runbooks can branch on the outcome (documented in
 * `--help` and the README).
 */
export const EXIT = {
  /** The command did its work; for `diagnose`: a cause was found (the verdict names it). */
  ok: 0,
  /** A bug or an unexpected failure inside pleg-responder. */
  internal: 1,
  /** Bad usage or input: unknown option, missing, empty, binary or invalid file, node not readable. */
  usage: 2,
  /** `diagnose` ran but no cause reached the verdict threshold (verdict "unknown"). */
  noCause: 3,
} as const;

export const EXIT_CODES_HELP = `Exit status:
  0  done; for diagnose: a cause was found
  3  diagnose found no cause (verdict "unknown")
  2  usage or input error (bad option; missing, empty, binary or invalid input; node not readable)
  1  internal error`;

/** A failure the user can fix: printed as one line (or a short list), never with a stack trace. */
export class UsageError extends Error {}
