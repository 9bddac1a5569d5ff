import { describe, expect, it } from 'vitest';
import { type Fact, FactSet } from '../../shared/diagnosis/facts.ts';
import { rankCauses } from '../../shared/diagnosis/rank.ts';

/**
 * Round 24 (docs/accuracy.md, "Round 24", class 4): counting facts. One observation read under two meanings (a
 * client's refusal read as the socket refused and as a runtime-wide command failing, in two commands' outputs) is
 * one fact, not two; and a release inside a known defect's window is a prior, never the second fact that lifts a
 * single symptom to a confident answer.
 */

const setOf = (...facts: Fact[]) => {
  const set = new FactSet();
  for (const f of facts) set.add(f);
  return set;
};
const of = (set: FactSet, cause: string) => rankCauses(set).find((r) => r.cause.id === cause);

const REFUSAL =
  'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?';

describe('one observation read under two meanings counts once', () => {
  it("a client's refusal in two commands' outputs is held below the bar", () => {
    const set = setOf(
      { id: 'runtime.unreachable', source: 'commandOutputs["docker version"]:9', text: REFUSAL },
      { id: 'runtime.cmd_hang', source: 'commandOutputs["docker info"]', text: `docker info → ${REFUSAL}` },
      {
        id: 'runtime.cmd_hang',
        source: 'commandOutputs["docker version"]',
        text: 'docker version → Client:',
      },
    );
    const runtime = of(set, 'runtime_down');
    expect(runtime?.confidence ?? 1).toBeLessThan(0.7);
    expect(runtime?.limits.join(' ')).toMatch(/one line|one observation/);
  });

  it('two observations of two programs still carry a confident answer', () => {
    const set = setOf(
      {
        id: 'runtime.unreachable',
        source: 'logs.kubelet:3',
        text: 'dial unix /run/containerd/containerd.sock: connect: connection refused',
      },
      {
        id: 'runtime.service_failed',
        source: 'logs.systemd:5',
        text: 'containerd.service: Main process exited, code=exited, status=1/FAILURE',
      },
    );
    expect(of(set, 'runtime_down')?.confidence ?? 0).toBeGreaterThanOrEqual(0.7);
  });

  it('the same text from two sources is one message quoted twice', () => {
    const set = setOf(
      { id: 'runtime.unreachable', source: 'logs.kubelet:3', text: 'connection refused' },
      { id: 'runtime.service_failed', source: 'logs.systemd:5', text: 'connection refused' },
    );
    expect(of(set, 'runtime_down')?.confidence ?? 1).toBeLessThan(0.7);
  });
});

describe("a known defect's release window is a prior, not a second fact", () => {
  const stale = {
    id: 'kubelet.stale_conn',
    source: 'logs.kubelet:3',
    text: 'Error updating node status, will retry: error getting node "n1": use of closed network connection',
  } as const;
  const window = {
    id: 'kubelet.known_defect',
    source: 'kubeletVersion',
    text: 'kubelet v1.13.2: kubelet-http2-stale-connection',
    defect: 'kubelet-http2-stale-connection',
  } as const;

  it('one symptom and the release inside the window are held at the single-fact ceiling', () => {
    const kubelet = of(setOf(stale, window), 'kubelet_defect');
    expect(kubelet?.confidence ?? 1).toBeLessThan(0.7);
    expect(kubelet?.limits.join(' ')).toContain('prior');
  });

  it('with a second, independent observation the window may add to a confident answer', () => {
    const refused = {
      id: 'kubelet.status_patch_refused',
      source: 'logs.kubelet:9',
      text: 'Error updating node status, will retry: failed to patch status',
    } as const;
    expect(of(setOf(stale, refused, window), 'kubelet_defect')?.confidence ?? 0).toBeGreaterThanOrEqual(0.7);
  });
});
