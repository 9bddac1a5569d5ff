import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

/*
 * The node agent's privileges, asserted exactly: anything added to the DaemonSet (a capability, a host path,
 * privileged mode, a writable host mount) fails here until this list is changed with a reason. Its server-side dry
 * run is the examples' one in kubernetes.test.ts (examples/with-node-agent is one of them).
 */
const ROOT = join(import.meta.dirname, '..', '..', 'infra', 'kubernetes');
type Doc = { kind: string; metadata: { name: string }; [k: string]: unknown };
const render = (dir: string): Doc[] =>
  parseAllDocuments(execFileSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8' })).map(
    (d) => d.toJSON() as Doc,
  );

interface AgentPod {
  hostPID?: boolean;
  hostNetwork?: boolean;
  hostIPC?: boolean;
  securityContext: Record<string, unknown>;
  tolerations: unknown[];
  containers: Array<{
    command: string[];
    args: string[];
    securityContext: Record<string, unknown>;
    resources: { requests: Record<string, string>; limits: Record<string, string> };
    volumeMounts: Array<{ name: string; mountPath: string; readOnly?: boolean }>;
  }>;
  volumes: Array<{ name: string; hostPath?: { path: string; type: string }; secret?: unknown }>;
}

describe('components/node-agent', () => {
  const docs = render('examples/with-node-agent');
  const daemonSet = docs.find((d) => d.kind === 'DaemonSet') as Doc & {
    spec: { template: { spec: AgentPod } };
  };
  const pod = daemonSet.spec.template.spec;
  const [container] = pod.containers;

  it('is off by default: base has no DaemonSet and no nodes/metrics grant', () => {
    const base = render('base');
    expect(base.some((d) => d.kind === 'DaemonSet')).toBe(false);
    expect(JSON.stringify(base)).not.toContain('nodes/metrics');
  });

  it('grants exactly: hostPID, hostNetwork, root with SYS_PTRACE only, not privileged, read-only root file system', () => {
    expect({ hostPID: pod.hostPID, hostNetwork: pod.hostNetwork, hostIPC: pod.hostIPC }).toEqual({
      hostPID: true,
      hostNetwork: true,
      hostIPC: undefined,
    });
    expect(pod.securityContext).toEqual({
      runAsUser: 0,
      runAsGroup: 0,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.containers).toHaveLength(1);
    expect(container?.securityContext).toEqual({
      privileged: false,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'], add: ['SYS_PTRACE'] },
    });
  });

  it('mounts the host read-only, except its spool under /var/lib/pleg-responder', () => {
    const hostPaths = Object.fromEntries(
      pod.volumes.flatMap((v) => (v.hostPath ? [[v.name, v.hostPath]] : [])),
    );
    expect(hostPaths).toEqual({
      'host-run': { path: '/run', type: 'Directory' },
      'host-log': { path: '/var/log', type: 'Directory' },
      spool: { path: '/var/lib/pleg-responder', type: 'DirectoryOrCreate' },
    });
    for (const mount of container?.volumeMounts ?? []) {
      if (mount.name in hostPaths) expect(mount.readOnly === true, mount.name).toBe(mount.name !== 'spool');
    }
    expect(container?.args).toContain('--spool=/var/lib/pleg-responder/spool');
  });

  it('reads only nodes/metrics from the API', () => {
    const role = docs.find(
      (d) => d.kind === 'ClusterRole' && d.metadata.name === 'pleg-responder-agent',
    ) as Doc & {
      rules: unknown[];
    };
    expect(role.rules).toEqual([{ apiGroups: [''], resources: ['nodes/metrics'], verbs: ['get'] }]);
  });

  it('runs on every node and is bounded by the limits the bench supports', () => {
    expect(pod.tolerations).toEqual([{ operator: 'Exists' }]);
    expect(container?.command).toEqual([
      'node',
      '--lite-mode',
      '--no-node-snapshot',
      '--max-semi-space-size=1',
      '/usr/local/lib/node_modules/pleg-responder/dist/agent.js',
    ]);
    expect(container?.resources).toEqual({
      requests: { cpu: '10m', memory: '64Mi' },
      limits: { cpu: '500m', memory: '256Mi' },
    });
  });
});
