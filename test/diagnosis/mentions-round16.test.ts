import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { DESCRIPTION_RULES } from '../../shared/diagnosis/rules/descriptions.ts';
import { MENTION_RULES } from '../../shared/diagnosis/rules/mentions.ts';

// Round 16 (docs/accuracy.md, "Description probes" and "What round 15 teaches"): a description that names its
// mechanism outright (a process state, a limit reached, a figure over a threshold, one call that does not return)
// weighs more than a vague state of a thing, so one such sentence is an answer below the confident bar, where a
// vague one stays a question. Sentences are written from the states' definitions (ps(1) STAT codes, uptime(1),
// inotify(7), errno(3)), never from a case.

const said = (text: string) => diagnose({ logs: { other: text } } as never);
const factsOf = (text: string) => extractFacts({ logs: { other: text } } as never);

describe('descriptions that name their mechanism outright', () => {
  it('every specific rule is a description and says why', () => {
    const specific = [...MENTION_RULES, ...DESCRIPTION_RULES].filter((r) => r.specific !== undefined);
    expect(specific.length).toBeGreaterThan(30);
    for (const r of specific) {
      expect(r.observation, r.fact).toBe(true);
      expect(r.specific?.length ?? 0, r.fact).toBeGreaterThan(20);
    }
  });

  const ANSWERED: readonly (readonly [string, string])[] = [
    ['Load average was 180 on a 16 core box and everything was crawling.', 'resource_starvation'],
    ['负载 200 多，机器只有 32 核。', 'resource_starvation'],
    ['A few tasks were stuck in D state on the NFS mount.', 'zombie_shim_hang'],
    ['dmesg 里有 blocked for more than 120 seconds，都是 runc。', 'zombie_shim_hang'],
    ['runc init sat in uninterruptible sleep for an hour.', 'zombie_shim_hang'],
  ];
  it.each(ANSWERED)('%s → %s, below the confident bar', (text, cause) => {
    const d = said(text);
    expect(d.verdict).toBe(cause);
    expect(d.confidence).toBeGreaterThanOrEqual(0.5);
    expect(d.confidence).toBeLessThan(0.7);
  });

  const VAGUE: readonly (readonly [string, string])[] = [
    ['CPU was 100% on all cores, the kubelet got starved.', 'cpu.saturated'],
    ['The node lost its network and went Unknown.', 'network.disrupted'],
    ['cilium-agent had been not-ready for 10 minutes on the node.', 'cni.agent_down'],
    ['containerd was dead on the worker, systemctl status showed it failed.', 'runtime.service_failed'],
  ];
  it.each(VAGUE)('a vague state stays a question: %s', (text, fact) => {
    const facts = factsOf(text);
    expect(facts.has(fact as never)).toBe(true);
    expect(facts.namedOutright(fact as never)).toBe(false);
    expect(said(text).verdict).toBe('unknown');
  });

  it('a mechanism named in a sentence about a repair is not weighed more', () => {
    const facts = factsOf('The D state processes on the NFS mount were fixed by remounting it last month.');
    if (facts.has('proc.dstate')) expect(facts.namedOutright('proc.dstate')).toBe(false);
  });

  it('a description alone never reaches the confident bar', () => {
    for (const text of [
      'The OOM killer killed containerd and the kubelet twice.',
      'dockerd hit too many open files and stopped accepting connections.',
      'systemctl hangs on every command and D-Bus calls time out.',
    ])
      expect(said(text).confidence, text).toBeLessThan(0.7);
  });
});

describe('red herrings about process states stay silent', () => {
  const SILENT = [
    'I checked ps and there were no processes in D state at all.',
    'We looked for D-state processes but found none.',
    'There were zero tasks in uninterruptible sleep during the incident.',
    "ps aux showed nothing in D state, so it wasn't a hung mount.",
    'None of the processes were in D state.',
    "dmesg was clean, no 'blocked for more than 120 seconds' messages.",
    'If you see processes in D state, check your NFS mounts first.',
    'Are there any processes stuck in D state on the node?',
    'Next time we will check for D-state processes before rebooting.',
    'We ruled out D state processes; the kubelet was just misconfigured.',
    'ps 里没有 D 状态的进程。',
    '检查了一下，没有发现 D 状态进程，应该不是存储问题。',
    'dmesg 里没有 blocked for more than 120 seconds 的日志。',
    '节点上有没有 D 状态的进程？',
    '排查后排除了 D 状态进程的可能。',
    '没有任何进程处于不可中断状态。',
    'D状態のプロセスはありませんでした。',
    'We found no zombie processes under the shims.',
    'None of the processes were zombies.',
    '没有任何僵尸进程。',
    'ゾンビプロセスはありませんでした。',
    'No load average over 5 the whole week?',
  ];
  it.each(SILENT)('%s', (text) => {
    const d = said(text);
    expect(d.verdict).toBe('unknown');
  });
});
