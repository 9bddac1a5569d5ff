import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notAffirmedBy } from '../../shared/diagnosis/rules/descriptions.ts';
import { diagnoseProbe, loadProbes } from '../probes.ts';

/**
 * Red herrings and their affirmed twins (test/fixtures/herrings/round18.jsonl), written for round 18 from the
 * categories' own definitions, not from any probe set's sentences: a mechanism denied ("no OOM kills in dmesg",
 * "未见僵尸进程", "ゾンビプロセスは見当たらない"), asked about ("could it be inotify?", "是不是", "かも"), advised or
 * planned ("let's bump max_user_watches next sprint", "打算", "予定"), repaired long ago ("fixed last year", "以前",
 * "昨年"), or true of something not the node (a laptop, a CI runner, a test VM, an application's own limit, another
 * cluster). Each herring `h-…` has a twin `t-…` that says the same mechanism of the node now: the herring must raise
 * no cause at all and the twin must be read, so a filter that is too narrow or too wide fails one of them. `h2-`/`h3-`
 * are herrings written other ways, `a2-`/`a7-` affirmed sentences that hold a filter's word outside its scope; the
 * `h8-`/`t8-` pairs say it with the words of rules read in any line ("docker ps hangs", "systemctl hung"), which in a
 * person's free prose the sentence decides too.
 */
const PAIRS = loadProbes(join(import.meta.dirname, '..', 'fixtures', 'herrings', 'round18.jsonl'));

describe('round 18 red herrings and their affirmed twins', () => {
  const herrings = PAIRS.filter((p) => p.expect === 'none');
  const affirmed = PAIRS.filter((p) => p.expect !== 'none');

  it.each(herrings.map((p) => [p.id, p.text] as const))('%s raises no cause: %s', (_, text) => {
    const d = diagnoseProbe({ id: '', text, expect: 'none', lang: '' });
    expect(d.verdict).toBe('unknown');
    expect(d.causes.map((c) => c.id)).toEqual([]);
  });

  it.each(affirmed.map((p) => [p.id, p.expect, p.text] as const))(
    '%s is read as %s: %s',
    (_, cause, text) => {
      const d = diagnoseProbe({ id: '', text, expect: 'none', lang: '' });
      expect(d.causes.map((c) => c.id)).toContain(cause);
    },
  );

  it('holds every category in the three languages, each herring with its twin', () => {
    for (const category of ['denied', 'asked', 'advised', 'repaired', 'other'])
      for (const lang of ['en', 'zh', 'ja']) {
        const ids = herrings.filter((p) => p.note === category && p.lang === lang).map((p) => p.id);
        expect(ids.length, `${category} ${lang}`).toBeGreaterThan(0);
      }
    for (const h of herrings.filter((p) => /^h8?-/.test(p.id)))
      expect(
        PAIRS.some((p) => p.id === h.id.replace(/^h/, 't')),
        h.id,
      ).toBe(true);
  });
});

describe('what keeps a sentence from affirming its match (NOT_AFFIRMED)', () => {
  const by = (line: string, words: string) => {
    const at = line.indexOf(words);
    return notAffirmedBy(line, at, at + words.length);
  };

  it('names the category and its words', () => {
    expect(by('Processes in D state: none.', 'D state')).toBe('denied: : none');
    expect(by('Could it be inotify', 'inotify')).toBe('asked: Could ');
    expect(by("Let's bump max_user_watches next sprint.", 'max_user_watches')).toBe("advised: Let's");
    expect(by('We fixed the zombie issue last year.', 'zombie')).toBe('past: last year');
    expect(by('On the test VM containerd hung.', 'containerd hung')).toBe('other environment: test VM');
    expect(by('ゾンビプロセスは見当たらない。', 'ゾンビプロセス')).toBe('denied: 見当たら');
    expect(by('We looked at OOM kills. There were none.', 'OOM')).toBe('denied: refuted next');
    expect(by('Zombie processes? None on the node.', 'Zombie processes')).toBe('denied: answered no');
    expect(by('OOM killer - nothing.', 'OOM')).toMatch(/^denied: .*nothing/);
    expect(by('是不是 inotify 不够用了', 'inotify 不够用')).toBe('asked: 是不是');
  });

  it('reads the scope: the sentence, and a denial in the match’s own clause', () => {
    // Another sentence's question or plan is not this one's.
    expect(by('Could it be the network? No: containerd hung.', 'containerd hung')).toBeUndefined();
    expect(
      by('We should raise the limit. dockerd hit too many open files.', 'too many open files'),
    ).toBeUndefined();
    // A reason after an advice is what happened.
    expect(by('We have to restart docker daily because dockerd hangs.', 'dockerd hangs')).toBeUndefined();
    // A denial of another clause's subject.
    expect(by('inotify 用完了，其他都正常。', 'inotify 用完')).toBeUndefined();
    expect(by('kubelet 看着像卡死了，节点上其它服务都正常', '卡死')).toBeUndefined();
    // A word inside another: "let's" in "kubelet's", "かな" in "動かない", "didn't see" in "didn't seem".
    expect(by("The kubelet's client certificate expired.", 'certificate expired')).toBeUndefined();
    expect(
      by('inotify を使い切っていて、journalctl -f すら動かない状態でした。', 'inotify を使い切'),
    ).toBeUndefined();
    expect(
      by("The kubelet didn't seem to notice, and the nodes were stuck.", 'nodes were stuck'),
    ).toBeUndefined();
    // A number's estimate is no guess; the node named in a test environment is the incident's own.
    expect(by('maybe 400 sessions, each holding an inotify instance', 'inotify instance')).toBeUndefined();
    expect(by('Nodes become not ready on the test VM after an OOM.', 'OOM')).toBeUndefined();
    // "正常" as an adverb after "无法" is no denial.
    expect(by('containerd 卡住了，导致 pod 无法正常启动。', 'containerd 卡住')).toBeUndefined();
    // A next sentence that says more is no refutation; a date is no past year.
    expect(by('containerd hung. Nothing helped until a reboot.', 'containerd hung')).toBeUndefined();
    expect(by('2023年11月2日、ノードで PID が枯渇しました。', 'PID が枯渇')).toBeUndefined();
    // An advice's, an expectation's or a past's words in another clause are not this clause's.
    expect(by('The kubelet should have recovered, but containerd hung.', 'containerd hung')).toBeUndefined();
    expect(by('The node used to be fine, until dockerd hung.', 'dockerd hung')).toBeUndefined();
    expect(by('重启之后恢复了，之前 containerd 一直卡住。', 'containerd 一直卡住')).toBeUndefined();
    // "A while ago" is no clause's "while"; a time set off at the start is the whole sentence's.
    expect(by('A while ago containerd hung on these nodes.', 'containerd hung')).toBe('past: A while ago');
    expect(by('去年、ゾンビプロセスでノードが落ちた。', 'ゾンビプロセス')).toBe('past: 去年');
  });
});
