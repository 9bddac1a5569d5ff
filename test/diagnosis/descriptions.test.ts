import { describe, expect, it } from 'vitest';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import {
  DESCRIPTION_RULES,
  DESCRIPTIONS,
  HEDGES,
  STATES,
  type State,
  SUBJECTS,
} from '../../shared/diagnosis/rules/descriptions.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';

/** The facts a line of a person's notes gives. */
function read(line: string): FactSet {
  const facts = new FactSet();
  scanText(line, 'logs.other:1', 'unknown', facts);
  return facts;
}

/** Whether the pairing's own rule reads the line (other rules may read the same words as a program's message). */
function pairingReads(d: (typeof DESCRIPTIONS)[number], line: string): boolean {
  const rule = DESCRIPTION_RULES[DESCRIPTIONS.indexOf(d)];
  if (!rule) throw new Error('every description compiles to one rule');
  return (
    new RegExp(rule.pattern).test(line) &&
    !new RegExp(rule.unless ?? '(?!)').test(line) &&
    !new RegExp(rule.unlessSaid ?? '(?!)').test(line)
  );
}

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * A state's words in one language: its terms, one fragment of each of its verbs' families (morphology.ts) and, with
 * `all`, every fragment; its finite verbs' -s, past and -ing forms.
 */
function wordsOf(d: (typeof DESCRIPTIONS)[number], zh: boolean, all = false): string[] {
  const t: State = STATES[d.state];
  const forms = (t.forms ?? []).flatMap((f) => (all ? f.examples : [f.example]));
  const finite = t.finite ? [...t.finite.said, ...t.finite.ing] : [];
  return zh
    ? [...t.zh, ...forms.filter((w) => CHINESE.test(w))]
    : [...t.en, ...forms.filter((w) => !CHINESE.test(w)), ...finite];
}

/**
 * Every sentence a pairing's terms make: "<subject> <state>" in English, "<subject><state>" in Chinese; a state said
 * before its subject (an adjective, or a verb whose object it is) the other way round. Every subject with one
 * fragment of each verb family, the first subject with all of them; a finite verb's bare form after plural subjects.
 */
function sentences(d: (typeof DESCRIPTIONS)[number]): string[] {
  const s = SUBJECTS[d.subject];
  const t: State = STATES[d.state];
  const [firstEn = '', ...restEn] = s.en;
  const [firstZh = '', ...restZh] = s.zh;
  const en = [...new Set([...wordsOf(d, false, true)])];
  // A subject without Chinese terms has no Chinese sentences.
  const zh = s.zh.length ? [...new Set([...wordsOf(d, true, true)])] : [];
  const enSome = wordsOf(d, false);
  const zhSome = wordsOf(d, true);
  if (d.stateFirst)
    return [
      ...en.map((b) => `we saw ${b} ${firstEn} all week`),
      ...enSome.flatMap((b) => restEn.map((a) => `we saw ${b} ${a} all week`)),
      ...zh.map((b) => `发现${b}的${firstZh}`),
      ...zhSome.flatMap((b) => restZh.map((a) => `发现${b}的${a}`)),
      ...enSome.slice(0, 1).map((b) => `${b.charAt(0).toUpperCase()}${b.slice(1)} ${firstEn}.`),
    ];
  const plural = s.en.filter((a) => /[^su'’]s$/.test(a));
  return [
    ...en.map((b) => `we saw that the ${firstEn} ${b} on that node`),
    ...restEn.flatMap((a) => enSome.map((b) => `we saw that the ${a} ${b} on that node`)),
    ...(t.finite?.base ?? []).flatMap((b) => plural.map((a) => `we saw that the ${a} ${b} every night`)),
    ...zh.map((b) => `发现${firstZh}${b}`),
    ...restZh.flatMap((a) => zhSome.map((b) => `发现${a}${b}`)),
    // People start sentences with the subject: either case of its first letter.
    ...enSome.slice(0, 1).map((b) => `${firstEn.charAt(0).toUpperCase()}${firstEn.slice(1)} ${b}.`),
  ];
}

describe("people's descriptions as a grammar", () => {
  // The name as a plain string: its template type (subjects × states × facts) is too large a union to check.
  it.each(DESCRIPTIONS.map((d) => [`${d.subject} × ${d.state} → ${d.fact}` as string, d] as const))(
    '%s: every subject term with every state term, English and Chinese',
    (_name, d) => {
      for (const sentence of sentences(d)) {
        // Words the pairing leaves to a more specific rule (a program's message quoted) are not its reading.
        const claimed = (d.unless ?? []).some((word) => sentence.includes(word));
        expect(pairingReads(d, sentence), sentence).toBe(!claimed);
        if (!claimed) expect(read(sentence).has(d.fact), sentence).toBe(true);
      }
    },
  );

  it.each(DESCRIPTIONS.map((d) => [`${d.subject} × ${d.state}`, d] as const))(
    '%s: a denial is not an observation of the state',
    (_name, d) => {
      const subject = SUBJECTS[d.subject];
      const denied = STATES[d.state].denied;
      const said = (no: string) => (d.stateFirst ? `${no} ${subject.en[0]}` : `the ${subject.en[0]} ${no}`);
      for (const no of denied.en) expect(pairingReads(d, said(no)), no).toBe(false);
      for (const no of denied.zh) expect(pairingReads(d, `${subject.zh[0]}${no}`), no).toBe(false);
    },
  );

  it.each(DESCRIPTIONS.map((d) => [`${d.subject} × ${d.state}`, d] as const))(
    '%s: a hedge makes it a hypothesis, not an observation',
    (_name, d) => {
      const subject = SUBJECTS[d.subject];
      const [en] = wordsOf(d, false);
      const [zh] = wordsOf(d, true);
      const said = d.stateFirst ? `${en} ${subject.en[0]}` : `the ${subject.en[0]} ${en}`;
      expect(pairingReads(d, said), said).toBe(true);
      for (const hedge of HEDGES.en) expect(pairingReads(d, `${hedge} ${said}`), hedge).toBe(false);
      if (zh && subject.zh[0])
        for (const hedge of HEDGES.zh)
          expect(pairingReads(d, `${hedge}${subject.zh[0]}${zh}`), hedge).toBe(false);
    },
  );

  it("is not read in a program's own line: those words there are that program's message", () => {
    const kubelet =
      'Nov 23 03:07:38 worker-7 kubelet[1893]: E1123 03:07:38.502290 1893 kubelet.go:2368] "Container runtime not ready" err="container runtime is down"';
    expect(read(kubelet).has('runtime.service_failed')).toBe(false);
    const bareKlog = 'E1123 03:07:38.502290    1893 kubelet.go:2368] "the docker daemon crashed"';
    expect(read(bareKlog).has('runtime.service_failed')).toBe(false);
    expect(read('the docker daemon crashed').has('runtime.service_failed')).toBe(true);
  });

  it('reads both orders: the state may come first (Chinese puts it before its subject)', () => {
    expect(read('发现一个僵尸进程的父进程为containerd-shim').has('proc.zombie_shim')).toBe(true);
    expect(read('the zombie under the containerd-shim').has('proc.zombie_shim')).toBe(true);
  });

  it('a hang of one container command is about that container, not the runtime', () => {
    expect(read('docker inspect on that container hangs').has('runtime.cmd_hang')).toBe(false);
    expect(read('docker stopped responding').has('runtime.cmd_hang')).toBe(true);
  });
});
