import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type Fact, FactSet } from '../../shared/diagnosis/facts.ts';
import { ACTIONABLE, rankCauses } from '../../shared/diagnosis/rank.ts';
import { saidResolved } from '../../shared/diagnosis/rules/descriptions.ts';
import { ids, journal, klog } from '../support/node-lines.ts';

// Round 14's calibration (docs/accuracy.md, "What round 14 teaches", first item): a claim at or above ACTIONABLE
// needs two independent facts. Facts read from one line are one piece of evidence whatever part of the line each
// rule recorded, and a description of a problem said to be repaired (or a state said to be over) does not
// corroborate the present one. Lines are written from the programs' format strings, not from any incident.

/** kubernetes cmd/kubelet/app/server.go run: the kubelet's refusal of a driver other than the runtime's (dockershim). */
const DRIVER_REFUSAL = klog(
  'F',
  'server.go:274',
  'failed to run Kubelet: failed to create kubelet: misconfiguration: kubelet cgroup driver: "systemd" is different from docker cgroup driver: "cgroupfs"',
);
/** kubernetes pkg/kubelet/cm/container_manager_linux.go NewContainerManager: swap on without failSwapOn false. */
const SWAP_REFUSAL = klog(
  'E',
  'server.go:302',
  '"Failed to run kubelet" err="failed to run Kubelet: running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false. /proc/swaps contained: [Filename\\t\\t\\t\\tType\\t\\tSize\\tUsed\\tPriority /swap.img                               file\\t\\t2097148\\t0\\t-2]"',
);
/** systemd src/core/service.c: the unit's exit and its restart counter (summaries, never the second fact). */
const UNIT_EXIT = [
  journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
  journal('systemd[1]', "kubelet.service: Failed with result 'exit-code'."),
  journal('systemd[1]', 'kubelet.service: Scheduled restart job, restart counter is at 41.'),
].join('\n');

const EMFILE =
  'Nov 02 13:41:43 worker-1 dockerd[8435]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s';

/** Two facts of descriptor exhaustion, as two rules could record them. */
function ranked(first: Fact, second: Omit<Fact, 'id'>) {
  const facts = new FactSet();
  facts.add(first);
  facts.add({ ...second, id: 'fd.near_limit' });
  return rankCauses(facts)[0];
}

const emfile = (source: string, text = EMFILE): Fact => ({ id: 'fd.emfile', source, text });

describe('facts read from one line are one piece of evidence, whatever part of it each rule recorded', () => {
  it("the kubelet's cgroup-driver refusal alone: read by three rules, one line, held with the reason", () => {
    for (const logs of [{ kubelet: DRIVER_REFUSAL }, { kubelet: `${DRIVER_REFUSAL}\n${UNIT_EXIT}` }]) {
      const found = ids({ logs });
      expect(found).toContain('config.cgroup_driver_mismatch');
      const d = diagnose({ logs });
      expect(d.verdict).toBe('node_unreachable');
      expect(d.confidence).toBeLessThanOrEqual(0.65);
      expect(d.causes[0]?.limits).toEqual(['its facts all come from one line']);
    }
  });

  it('the mismatch fact cites the whole line, as the scanner does', () => {
    const d = diagnose({ logs: { kubelet: DRIVER_REFUSAL } });
    const cited = d.causes[0]?.evidence.map((e) => e.text) ?? [];
    expect(cited.length).toBeGreaterThan(1);
    expect(cited.every((t) => t === DRIVER_REFUSAL)).toBe(true);
  });

  it('an excerpt and its whole line, the same line cited twice, or a line and its excerpt: one line', () => {
    for (const [first, second] of [
      [emfile('logs.dockerd'), { source: 'logs.dockerd', text: 'accept4: too many open files' }],
      [emfile('logs.dockerd:12'), { source: 'logs.dockerd:12', text: 'too many open files' }],
      [emfile('logs.dockerd:12'), { source: 'logs.dockerd', text: 'accept4: too many open files' }],
      [emfile('pasted:3'), { source: 'events[0].message', text: EMFILE }],
    ] as const) {
      const top = ranked(first, second);
      expect(top?.cause.id).toBe('fd_exhaustion');
      expect(top?.confidence).toBeLessThanOrEqual(0.65);
      expect(top?.limits).toEqual(['its facts all come from one line']);
    }
  });

  it('red herrings: two lines of one log, even when one holds the other; two sources', () => {
    for (const [first, second] of [
      [emfile('logs.dockerd:12'), { source: 'logs.dockerd:40', text: 'too many open files' }],
      [emfile('logs.dockerd:12'), { source: 'logs.dockerd:13', text: EMFILE.replace('1s', '2s') }],
      [
        emfile('logs.dockerd'),
        { source: 'commandOutputs["ls /proc/$(pidof dockerd)/fd | wc -l"]', text: '65530' },
      ],
      [emfile('logs.dockerd'), { source: 'logs.dockerd', text: 'open files 65530 of 65536' }],
    ] as const) {
      const top = ranked(first, second);
      expect(top?.confidence).toBeGreaterThanOrEqual(ACTIONABLE);
      expect(top?.limits).toEqual([]);
    }
  });

  it('a runtime down on two lines of its own program evidence still passes', () => {
    const d = diagnose({
      logs: { dockerd: EMFILE },
      commandOutputs: {
        'ls /proc/$(pidof dockerd)/fd | wc -l': '65530\n',
        'systemctl show docker -p LimitNOFILE': 'LimitNOFILE=65536\n',
      },
    });
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.confidence).toBeGreaterThanOrEqual(ACTIONABLE);
  });
});

describe('a description of a problem said to be repaired, or a state said to be over, corroborates nothing', () => {
  const read = (sentence: string) => ids({ logs: { other: sentence } });

  it.each([
    "The node's network went down last week, but that was fixed before the kubelet failed.",
    "The node's network went down last week and had been repaired by Monday.",
    'The network went down for an hour, and after we fixed the switch it stayed up.',
    '上周节点网络中断了，已修复。',
    '节点网络中断过一次，已经解决。',
    'the network came back after a few minutes',
    '网络恢复了',
  ])('the swap refusal with %j beside it: heard, held below ACTIONABLE', (sentence) => {
    expect(read(sentence)).toContain('network.disrupted');
    const logs = { kubelet: `${SWAP_REFUSAL}\n${UNIT_EXIT}`, other: sentence };
    const d = diagnose({ logs });
    expect(d.verdict).toBe('node_unreachable');
    expect(d.confidence).toBeLessThanOrEqual(0.65);
    expect(d.causes[0]?.limits).toEqual(['it rests on one fact']);
    // Still heard: the description is cited among the evidence.
    expect(d.causes[0]?.evidence.some((e) => e.source.startsWith('logs.other'))).toBe(true);
  });

  it.each([
    "The node's network went down again this morning; it has not been fixed yet.",
    '节点网络中断了，还没有修复。',
    'We fixed the DNS config yesterday. Today the network went down again.',
    "The node's network went down; we don't know how to fix it.",
  ])('red herring %j: a present problem, not a repaired one, still corroborates', (sentence) => {
    expect(read(sentence)).toContain('network.disrupted');
    const logs = { kubelet: `${SWAP_REFUSAL}\n${UNIT_EXIT}`, other: sentence };
    const d = diagnose({ logs });
    expect(d.verdict).toBe('node_unreachable');
    expect(d.confidence).toBeGreaterThanOrEqual(ACTIONABLE);
    expect(d.causes[0]?.limits).toEqual([]);
  });

  it('the repair must be said in the description’s own sentence', () => {
    const line = 'Yesterday the DNS issue was resolved. Then the network went down.';
    const at = line.indexOf('network');
    expect(saidResolved(line, at, at + 'network went down'.length)).toBe(false);
    const same = 'The network went down and was fixed by replacing the cable.';
    expect(saidResolved(same, 4, 21)).toBe(true);
  });

  it('a name that DNS "resolved" is no repair', () => {
    const line = 'The network went down while the node name is resolved by the cluster DNS.';
    expect(saidResolved(line, 4, 21)).toBe(false);
  });

  // Round 16: a description of a problem said repaired weighs half (rank.ts REPAIRED_SHARE): a lead to the past,
  // the same cause ranked first, never above the present one and never an answer on its own.
  it('a repaired problem is still heard: the same cause ranked first, weighed below the present one', () => {
    const repaired = diagnose({
      logs: { other: 'containerd crashed after the upgrade, which we fixed by rolling back' },
    });
    const present = diagnose({ logs: { other: 'containerd crashed after the upgrade' } });
    expect(repaired.causes[0]?.id).toBe(present.causes[0]?.id);
    expect(repaired.causes[0]?.confidence).toBeLessThanOrEqual(present.causes[0]?.confidence ?? 0);
    expect(repaired.verdict).toBe('unknown');
  });
});
