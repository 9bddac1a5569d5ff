import type { Signature } from './types.ts';

/**
 * Windows' Service Control Manager writes the same System-log events for every service (7000 "The %1 service failed to
 * start due to the following error", 7009 "A timeout was reached (%1 milliseconds) while waiting for the %2 service to
 * connect", 7022 "hung on starting", 7023/7024 "terminated with the following error" / "service-specific error",
 * 7031/7034 "terminated unexpectedly"). On a Windows node, the services they name say which program is not up.
 */
export const SCM_EVENTS =
  'Windows Service Control Manager System-log events 7000, 7009, 7022, 7023/7024 and 7031/7034';

/** The pattern and literals of those events for the services a rule watches (a regex alternation of their names). */
export function scmServiceFailure(services: string): Pick<Signature, 'pattern' | 'literals'> {
  return {
    pattern: `The ${services} service (?:failed to start due to the following error|hung on starting|terminated unexpectedly|terminated with (?:the following error|service-specific error))|A timeout was reached \\([0-9]+ milliseconds\\) while waiting for the ${services} service to connect`,
    literals: [
      'service failed to start due to the following error',
      'service hung on starting',
      'service terminated unexpectedly',
      'service terminated with',
      'milliseconds) while waiting for the',
    ],
  };
}
