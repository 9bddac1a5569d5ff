import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { sentenceAround } from '../../shared/diagnosis/scanner.ts';

// Round 18 (docs/accuracy.md class 3, "people's descriptions the engine does not read"), the description side. A
// person's paragraph is one line of many statements: a hedge, a question, a supposition or an advice qualifies its
// own sentence, not its neighbours (Signature.unlessSaid). Sentences written from the mechanisms' definitions.

const said = (text: string) => diagnose({ logs: { other: text } } as never);

describe('round 18: a hedge, a question or an advice qualifies its own sentence', () => {
  it.each([
    // Another sentence's hedge does not take back what this one says.
    'It might be a kernel bug. Disk IOPS was maxed out on the node and it went NotReady.',
    'Other providers may see the same. The node was not reachable via SSH and stayed NotReady.',
    '可能是内核的问题。磁盘 IOPS 一直打满，节点 NotReady。',
    // A question elsewhere in the paragraph: the statement before it stands.
    'The kubelet.service is loaded but not running. Why is it not running after the reboot?',
    // An expectation ("should") said in another sentence.
    'The node has high memory pressure from pods without memory limits. The kubelet should have evicted them.',
  ])('%s', (text) => {
    expect(said(text).causes.length).toBeGreaterThan(0);
  });

  it.each([
    // The hedge in the statement's own sentence.
    'Disk IOPS might be maxed out on the node.',
    '磁盘 IOPS 可能打满了。',
    'Maybe the node was not reachable via SSH?',
    'Is the kubelet service loaded but not running?',
    // Advice in its own sentence.
    'You should check whether disk IOPS is maxed out.',
    // A subject that is not the node sets the whole paragraph apart, whatever the sentence.
    'This is on my laptop. Disk IOPS was maxed out.',
  ])('still silent: %s', (text) => {
    expect(said(text).causes).toEqual([]);
  });

  it('a full stop before a lower-case word ("e.g. the …") does not end the hedge', () => {
    const line = 'Usual suspects, e.g. the disk IOPS maxed out, were not it.';
    const { from, to } = sentenceAround(line, line.indexOf('disk'), line.indexOf('maxed'));
    expect(line.slice(from, to)).toBe(line);
    expect(said('Usual suspects, e.g. the disk IOPS maxed out.').causes).toEqual([]);
  });

  it('a sentence ends at a full stop before a capital, a semicolon, or the Chinese and Japanese marks', () => {
    const line = 'A might be. B happened; C too。D';
    const at = line.indexOf('B');
    const { from, to } = sentenceAround(line, at, at + 1);
    expect(line.slice(from, to)).toBe(' B happened;');
    const c = line.indexOf('C');
    const second = sentenceAround(line, c, c + 1);
    expect(line.slice(second.from, second.to)).toBe(' C too。');
  });
});
