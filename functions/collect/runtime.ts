import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HostCheck, HostProbe } from '../../shared/schemas/host.ts';
import type { Check } from './check.ts';
import { type CriAnswer, checkCri } from './cri.ts';
import { checkDocker, type DockerAnswer } from './docker.ts';

/** Where each runtime listens on a default install (k3s and RKE2 keep their own containerd). */
const CRI_SOCKETS: ReadonlyArray<{ target: string; path: string }> = [
  { target: 'containerd', path: '/run/containerd/containerd.sock' },
  { target: 'containerd', path: '/run/k3s/containerd/containerd.sock' },
  { target: 'crio', path: '/run/crio/crio.sock' },
  { target: 'cri-dockerd', path: '/run/cri-dockerd.sock' },
];
const DOCKER_SOCKETS = ['/run/docker.sock', '/var/run/docker.sock'];

export interface RuntimeOptions {
  /** Also the lists a relist makes (false: only Version / _ping, the agent's cheap check while idle). */
  lists?: boolean;
  root: string;
  timeoutMs: number;
  /** The kubelet's container-runtime-endpoint (`unix:///run/containerd/containerd.sock`), when known. */
  expectedEndpoint?: string;
  signal?: AbortSignal;
}

export interface RuntimeReadings {
  checks: HostCheck[];
  /** As the node reports it: `containerd://1.7.13`, `docker://24.0.7`. */
  version?: string;
  pods?: number;
  containers?: number;
  probe: HostProbe;
}

function targetOf(path: string): string {
  return (
    CRI_SOCKETS.find((s) => s.path === path)?.target ??
    /(containerd|crio|docker)/.exec(path)?.[1] ??
    'runtime'
  );
}

/**
 * Asks every runtime socket present on the node (and the kubelet's own endpoint, present or not) whether it
 * answers. A socket file that is absent is skipped unless the kubelet is configured to use it.
 */
export async function readRuntimes(options: RuntimeOptions): Promise<RuntimeReadings> {
  const expected = options.expectedEndpoint?.replace(/^unix:\/\//, '');
  const cri = [
    ...CRI_SOCKETS.map((s) => s.path),
    ...(expected && !DOCKER_SOCKETS.includes(expected) ? [expected] : []),
  ];
  const host = (path: string) => join(options.root, path);
  const started = performance.now();
  const criRuns = [...new Set(cri)]
    .filter((path) => path === expected || existsSync(host(path)))
    .map((path) =>
      checkCri(
        targetOf(path),
        host(path),
        path,
        path === expected,
        options.timeoutMs,
        options.signal,
        options.lists ?? true,
      ),
    );
  // /var/run is a link to /run on current distributions: one docker socket, asked once.
  const docker = DOCKER_SOCKETS.find((path) => existsSync(host(path)));
  const runs: Promise<Check<CriAnswer | DockerAnswer>[]>[] = [
    ...criRuns,
    ...(docker
      ? [checkDocker(host(docker), docker, options.timeoutMs, options.signal, options.lists ?? true)]
      : []),
  ];
  const results = (await Promise.all(runs)).flat();
  const checks = results.map((r) => r.check);
  const ms = performance.now() - started;
  if (checks.length === 0) {
    const looked = [...CRI_SOCKETS.map((s) => s.path), ...DOCKER_SOCKETS].map(host).join(', ');
    return {
      checks,
      probe: { probe: 'runtime', outcome: 'absent', ms, detail: `no runtime socket at ${looked}` },
    };
  }
  return { checks, ...answers(results), probe: { probe: 'runtime', outcome: 'ok', ms } };
}

/** Version and counts from the first runtime that gave them: the kubelet's, when several answer. */
function answers(
  results: readonly Check<CriAnswer | DockerAnswer>[],
): Omit<RuntimeReadings, 'checks' | 'probe'> {
  const ordered = [...results].sort(
    (a, b) => Number(b.check.expected ?? false) - Number(a.check.expected ?? false),
  );
  const out: Omit<RuntimeReadings, 'checks' | 'probe'> = {};
  for (const { check, answer } of ordered) {
    if (check.outcome !== 'answered' || !answer) continue;
    const cri = answer as CriAnswer;
    if (out.version === undefined && cri.version?.runtimeName)
      out.version = `${cri.version.runtimeName}://${cri.version.runtimeVersion}`;
    if (out.version === undefined && check.target === 'docker' && (answer as DockerAnswer).version)
      out.version = `docker://${(answer as DockerAnswer).version}`;
    if (check.call === 'CRI ListPodSandbox') out.pods ??= answer.items;
    if (check.call === 'CRI ListContainers' || check.call.startsWith('GET /containers'))
      out.containers ??= answer.items;
  }
  return out;
}
