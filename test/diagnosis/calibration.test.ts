import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { ACTIONABLE, rankCauses } from '../../shared/diagnosis/rank.ts';

const EMFILE =
  'Nov 02 13:41:43 app04 dockerd[8435]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s';
const NEAR_LIMIT = {
  'ls /proc/$(pidof dockerd)/fd | wc -l': '65530\n',
  'systemctl show docker -p LimitNOFILE': 'LimitNOFILE=65536\n',
};
const DBUS_TIMEOUT =
  'Nov 02 13:41:44 app04 kubelet[8411]: E1102 13:41:44.000000    8411 pod_workers.go:190] "Error syncing pod" err="failed to create containerd task: unable to apply cgroup configuration: failed to create scope: Timeout waiting for systemd to create kubepods-burstable-pod1.slice"';

const top = (d: ReturnType<typeof diagnose>) => d.causes[0];

describe('confidence never claims what the evidence cannot carry', () => {
  it('two independent program facts: an answer to act on', () => {
    const d = diagnose({ logs: { dockerd: EMFILE }, commandOutputs: NEAR_LIMIT });
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.confidence).toBeGreaterThanOrEqual(ACTIONABLE);
    expect(top(d)?.limits).toEqual([]);
  });

  it('one fact, however loud: a lead, held below the actionable level, and it says why', () => {
    const d = diagnose({ logs: { dockerd: EMFILE } });
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.confidence).toBeLessThan(ACTIONABLE);
    expect(top(d)?.limits).toEqual(['it rests on one fact']);
  });

  it("people's descriptions only: held, however many", () => {
    const d = diagnose({
      logs: { other: 'dockerd ran out of file descriptors\nthe docker daemon stopped responding' },
    });
    expect(d.confidence).toBeLessThan(ACTIONABLE);
    expect(top(d)?.limits.join(' ')).toContain("people's descriptions only");
  });

  it("descriptions with only a summary's line beside them are still descriptions only as to why", () => {
    // PLEG stale for 40 minutes is a program's line (the relist stuck), but it says that something is wrong, not what.
    const d = diagnose({
      logs: {
        other:
          'docker ps hangs forever and the docker daemon stopped responding.\ncontainerd is not responding either.',
        kubelet:
          'E1102 13:41:43.000000    8411 kubelet.go:2190] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 41m55s ago; threshold is 3m0s"',
      },
    });
    expect(d.verdict).toBe('runtime_down');
    expect(d.confidence).toBeLessThan(ACTIONABLE);
    expect(top(d)?.limits.join(' ')).toContain("people's descriptions only");
  });

  it('strong program evidence of another cause: both are named, neither is claimed', () => {
    const d = diagnose({ logs: { dockerd: EMFILE, kubelet: DBUS_TIMEOUT }, commandOutputs: NEAR_LIMIT });
    expect(d.confidence).toBeLessThan(ACTIONABLE);
    const named = d.causes.map((c) => c.id);
    expect(named).toContain('fd_exhaustion');
    expect(named).toContain('systemd_dbus_stall');
    const other = top(d)?.id === 'fd_exhaustion' ? 'systemd / d-bus' : 'descriptor';
    expect(top(d)?.limits.join(' ').toLowerCase()).toContain(other);
  });

  it("the kubelet's summary of the runtime is a symptom, never the second fact", () => {
    const d = diagnose({
      conditions: [
        {
          type: 'Ready',
          status: 'False',
          reason: 'KubeletNotReady',
          message:
            'container runtime is down,PLEG is not healthy: pleg was last seen active 5m0s ago; threshold is 3m0s',
        },
      ],
    });
    expect(d.confidence).toBeLessThan(ACTIONABLE);
  });

  it('two facts read from one line are one piece of evidence: held, and it says why', () => {
    const ranked = (secondSource: string, secondLine: string) => {
      const facts = new FactSet();
      facts.add({ id: 'fd.emfile', source: 'logs.dockerd:1', text: EMFILE });
      facts.add({ id: 'fd.near_limit', source: secondSource, text: secondLine });
      return rankCauses(facts)[0];
    };
    const oneLine = ranked('logs.dockerd:1', EMFILE);
    expect(oneLine?.cause.id).toBe('fd_exhaustion');
    expect(oneLine?.confidence).toBeLessThan(ACTIONABLE);
    expect(oneLine?.limits).toEqual(['its facts all come from one line']);
    const twoLines = ranked('commandOutputs["ls /proc/$(pidof dockerd)/fd | wc -l"]', '65530');
    expect(twoLines?.confidence).toBeGreaterThanOrEqual(ACTIONABLE);
    expect(twoLines?.limits).toEqual([]);
  });

  it('the kubelet not running says what, not why: held however many say so', () => {
    const d = diagnose({
      logs: { other: 'After the maintenance window the kubelet will not start on worker-3.' },
      commandOutputs: {
        'systemctl status kubelet':
          '● kubelet.service - kubelet: The Kubernetes Node Agent\n   Active: failed (Result: start-limit-hit) since Tue 2024-03-05 09:12:40 UTC; 6min ago',
      },
    });
    expect(d.verdict).toBe('node_unreachable');
    expect(d.confidence).toBeLessThan(ACTIONABLE);
    expect(top(d)?.limits).toEqual(['it rests on one fact']);
  });
});
