import { parseGoDuration } from '../duration.ts';
import type { Signature } from './types.ts';

/** `pleg was last seen active 3m46.75s ago; threshold is 3m0s` → the two durations. */
export const PLEG_AGE = /pleg was last seen active ([^;]+?) ago; threshold is ([0-9hmsuµμn. ]+[hmsn])/;

function plegAgeSeconds(line: string): number | undefined {
  const m = PLEG_AGE.exec(line);
  return m ? parseGoDuration(m[1] ?? '') : undefined;
}

/** Messages the kubelet (and the node lifecycle controller) write. */
export const KUBELET_RULES: readonly Signature[] = [
  // PLEG and the kubelet's health checks (pkg/kubelet/pleg, runtime.go)
  {
    fact: 'pleg.unhealthy',
    pattern: 'PLEG is not healthy: pleg (?:was last seen active|has yet to be successful)',
    from: ['kubelet'],
    value: plegAgeSeconds,
  },
  { fact: 'pleg.relist_error', pattern: 'GenericPLEG: Unable to retrieve pods', from: ['kubelet'] },
  {
    fact: 'pleg.evented_unhealthy',
    pattern: 'EventedPLEG is not healthy|pleg event channel capacity is full',
    from: ['kubelet'],
  },
  { fact: 'pleg.channel_full', pattern: 'Event channel is full, discard this relist', from: ['kubelet'] },
  {
    fact: 'runtime.down',
    pattern:
      'container runtime is down|Container runtime sanity check failed|[Cc]ontainer runtime not ready|RuntimeReady=false',
    from: ['kubelet'],
  },
  {
    fact: 'runtime.status_pending',
    pattern: 'container runtime status check may not have completed yet',
    from: ['kubelet'],
  },
  {
    fact: 'runtime.list_timeout',
    pattern:
      '(?:ListPodSandbox|ListContainers|ListPodSandboxStats|ListContainerStats)[^\\n]{0,80}from runtime service failed[^\\n]{0,200}(?:DeadlineExceeded|deadline exceeded)|Failed to list pod sandboxes[^\\n]{0,200}(?:DeadlineExceeded|deadline exceeded)',
    from: ['kubelet'],
  },
  { fact: 'fd.watch_error', pattern: 'Error while processing event \\(', from: ['kubelet'] },
  {
    fact: 'containers.gc_failed',
    pattern:
      'ContainerGCFailed|[Cc]ontainer garbage collection failed|Failed to remove (?:dead|exited) container',
    from: ['kubelet', 'unknown'],
  },
  {
    fact: 'node.status_unknown',
    pattern: 'Kubelet stopped posting node status|Kubelet never posted node status',
  },
  {
    fact: 'kubelet.dead',
    pattern:
      'kubelet\\.service: (?:Main process exited|Failed with result|Start request repeated too quickly)|failed to run Kubelet|Failed to start cAdvisor',
  },
  { fact: 'kubelet.swap', pattern: '[Rr]unning with swap on', from: ['kubelet', 'unknown'] },
  {
    fact: 'kubelet.api_error',
    pattern:
      '(?:Error updating node status|[Ff]ailed to update node lease|Unable to register node|[Ff]ailed to ensure node lease exists|Unable to update node status)[^\\n]{0,300}(?:i/o timeout|connection refused|no route to host|network is unreachable|TLS handshake timeout|Client\\.Timeout exceeded|context deadline exceeded|connection reset by peer)',
    from: ['kubelet'],
  },
  {
    fact: 'kubelet.auth_error',
    pattern:
      'x509: certificate has expired or is not yet valid|Unable to register node[^\\n]{0,120}Unauthorized|"Unauthorized"|forbidden: User "system:node',
    from: ['kubelet'],
    strict: true,
  },
  {
    fact: 'kubelet.stale_conn',
    pattern:
      'use of closed network connection|http2: client connection lost|Unexpected watch close - watch lasted less than a second',
    from: ['kubelet'],
  },
  { fact: 'kubelet.http_blocked', pattern: 'net/http\\.\\(\\*persistConn\\)\\.roundTrip' },
  {
    fact: 'mem.oom',
    pattern:
      'Out of memory: Kill|System OOM encountered|kubelet has insufficient memory available|low on resource: memory',
  },
  {
    fact: 'disk.pressure',
    pattern:
      'kubelet has disk pressure|low on resource: (?:ephemeral-storage|nodefs|imagefs)|no space left on device',
    unless: 'inotify',
  },
  {
    fact: 'pid.pressure',
    pattern:
      'kubelet has insufficient PID available|fork: (?:retry: )?Resource temporarily unavailable|pthread_create failed|fork/exec[^\\n]{0,120}resource temporarily unavailable',
  },
];
