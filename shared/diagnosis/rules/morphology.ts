import { distinctive, reduceLiterals } from './literals.ts';

/**
 * The forms a state takes in people's sentences, made from its words instead of listed one by one: an English
 * verb's inflections (singular, plural, past, progressive, perfect, future), the aspects that say a state repeats
 * ("keeps restarting", "restarts over and over", "a restart loop"), the negated ability ("cannot start", "unable to
 * reach"), and Chinese aspect words before a verb (一直, 不断, 无法). Each family compiles to one compact pattern and
 * keeps every sentence fragment it stands for, so the tests can try them all.
 *
 * Patterns follow the rules' conventions: no anchors, no \b, no look-around. A word whose first letter is an English
 * letter may start in either case (a sentence's first word), as the description grammar's terms do.
 */

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * A word or phrase as a pattern: its first letter in either case unless it is a capital that no small letter follows
 * (an acronym, "D state"); Chinese and symbols as they are.
 */
export function term(word: string): string {
  const first = word.charAt(0);
  const rest = escapeRegex(word.slice(1));
  const capitalOnly = /^[A-Z](?![a-z])/.test(word);
  const body =
    /[a-z]/i.test(first) && first.toLowerCase() !== first.toUpperCase() && !capitalOnly
      ? `[${first.toUpperCase()}${first.toLowerCase()}]${rest}`
      : escapeRegex(first) + rest;
  return `${LETTER_WORD_START.test(word) ? WORD_EDGE_BEFORE : ''}${body}${LETTER_WORD_END.test(word) ? WORD_EDGE_AFTER : ''}`;
}

/**
 * A capital letter that stands as a word of its own at a term's edge ("D state", "state D"): ps(1)'s state codes and
 * the like. Inside another word it is that word's last or first letter: a container's "DEAD state", a unit's "FAILED
 * state", "state DEAD" hold "D state" and "state D" as substrings, and are not processes in uninterruptible sleep. The
 * letter must have a character that is not a letter on its outer side (patterns hold no anchors, so a term of this
 * kind is not read at the very start or end of a line). "I" and "A" are words in English and are left alone, as is a
 * name that goes on in capitals ("D-Bus"), and so are
 * Chinese and Japanese terms ("D状态", "D 状态"), whose sentences run Latin words into them without a space.
 */
const LETTER_WORD_START = /^[B-HJ-Z][ -][a-z][\x20-\x7e]*$/;
const LETTER_WORD_END = /^[\x20-\x7e]*[^A-Za-z][B-HJ-Z]$/;
const WORD_EDGE_BEFORE = '[^A-Za-z]';
const WORD_EDGE_AFTER = '[^A-Za-z]';

/** Alternatives of words, longest first (a phrase wins over a word inside it). */
export function anyOf(words: readonly string[]): string {
  const unique = [...new Set(words)].sort((a, b) => b.length - a.length);
  return `(?:${unique.map(term).join('|')})`;
}

/** An English verb's forms. */
export interface Verb {
  base: string;
  /** Third person singular present: "restarts". */
  s: string;
  past: string;
  participle: string;
  /** Present participle: "restarting". */
  ing: string;
}

/**
 * A verb's forms by the regular rules, the irregular ones given. A phrasal verb ("lock up", "time out") inflects its
 * first word.
 */
export function verb(base: string, irregular: Partial<Omit<Verb, 'base'>> = {}): Verb {
  const [head = base, ...tail] = base.split(' ');
  const rest = tail.length ? ` ${tail.join(' ')}` : '';
  const consonantY = /[^aeiou]y$/.test(head);
  const s = /(?:s|sh|ch|x|z|o)$/.test(head)
    ? `${head}es`
    : consonantY
      ? `${head.slice(0, -1)}ies`
      : `${head}s`;
  const past = head.endsWith('e') ? `${head}d` : consonantY ? `${head.slice(0, -1)}ied` : `${head}ed`;
  const ing = head.endsWith('ie')
    ? `${head.slice(0, -2)}ying`
    : head.endsWith('e') && !head.endsWith('ee')
      ? `${head.slice(0, -1)}ing`
      : `${head}ing`;
  const pastForm = irregular.past ?? past + rest;
  return {
    base,
    s: irregular.s ?? s + rest,
    past: pastForm,
    participle: irregular.participle ?? pastForm,
    ing: irregular.ing ?? ing + rest,
  };
}

/**
 * A family of sentence fragments: slots of alternative words, one from each, joined by a space (English) or by
 * nothing or a space (Chinese). `examples` are all of them; `literals` the words of the slot that best serves the
 * log scan's prefilter (every fragment holds one of them).
 */
export interface Form {
  pattern: string;
  example: string;
  examples: readonly string[];
  literals: readonly string[];
}

function product(slots: readonly (readonly string[])[], joiner: string): string[] {
  return slots.reduce<string[]>(
    (acc, slot) => acc.flatMap((left) => slot.map((word) => (left ? `${left}${joiner}${word}` : word))),
    [''],
  );
}

/** The literals of a family: the slot whose words are all distinctive, with the longest shortest word. */
function slotLiterals(slots: readonly (readonly string[])[]): string[] {
  const sides = slots.map((slot) => reduceLiterals(slot)).filter((side) => side.every(distinctive));
  const shortest = (side: readonly string[]) => Math.min(...side.map((l) => l.length));
  const [best] = sides.sort((a, b) => shortest(b) - shortest(a));
  if (!best) throw new Error(`morphology: no slot of ${JSON.stringify(slots)} has distinctive words`);
  return best;
}

/** English words in slots, one from each, space between: "keeps|kept" + "restarting|crashing". */
export function phrase(...slots: readonly (readonly string[])[]): Form {
  const examples = product(slots, ' ');
  return {
    pattern: slots.map(anyOf).join(' '),
    example: examples[0] ?? '',
    examples,
    literals: slotLiterals(slots),
  };
}

/** Chinese words in slots, one from each, written together or with one space: 一直 + 重启. */
export function zhPhrase(...slots: readonly (readonly string[])[]): Form {
  const examples = product(slots, '');
  return {
    pattern: slots.map(anyOf).join(' ?'),
    example: examples[0] ?? '',
    examples,
    literals: slotLiterals(slots),
  };
}

/** The inflected forms of verbs that are their own state whoever does them ("hangs", "hung", "hanging"). */
export function inflections(...verbs: readonly Verb[]): string[] {
  return [...new Set(verbs.flatMap((v) => [v.s, v.past, v.participle, v.ing]))];
}

/**
 * The bare form of verbs, with a space before it: a plural present or a future ("the shims hang", "will hang"), and
 * the noun that most such verbs also are ("a hang"). The space keeps a short word from matching inside a longer one
 * ("hang" in "change").
 */
export function bare(...verbs: readonly Verb[]): string[] {
  return verbs.map((v) => ` ${v.base}`);
}

/**
 * Words that say one cannot, or does not, do something, in forms that agree with a singular subject or with any
 * (not "do not", "fail to": a daemon is singular, and "the pods fail to start" after it is the pods').
 */
export const CANNOT = [
  'cannot',
  "can't",
  'can not',
  'could not',
  "couldn't",
  'unable to',
  'not able to',
  'fails to',
  'failed to',
  'failing to',
  "won't",
  'will not',
  "wouldn't",
  'would not',
  "doesn't",
  'does not',
  "didn't",
  'did not',
  'refuses to',
  'refused to',
  'no longer',
] as const;

/** "cannot start", "unable to start", "won't start"... and "never starts", "never started". */
export function cannot(...verbs: readonly Verb[]): Form[] {
  return [
    phrase(
      CANNOT,
      verbs.map((v) => v.base),
    ),
    phrase(
      ['never'],
      verbs.flatMap((v) => [v.s, v.past]),
    ),
  ];
}

/** Words before a verb's -ing that make it go on or come back: "keeps restarting", "kept on crashing". */
export const KEEP = [
  'keeps',
  'keep',
  'kept',
  'keeps on',
  'keep on',
  'kept on',
  'continues',
  'continue',
  'continued',
  'goes on',
  'went on',
  'is constantly',
  'are constantly',
  'was constantly',
  'were constantly',
] as const;

/** Adverbs before a verb that make it repeat: "constantly restarts", "repeatedly crashed". */
export const OFTEN_BEFORE = [
  'constantly',
  'repeatedly',
  'continuously',
  'continually',
  'periodically',
  'frequently',
  'perpetually',
  'endlessly',
] as const;

/** Words after a verb that make it repeat: "restarts over and over", "crashed every few minutes". */
export const OFTEN_AFTER = [
  'repeatedly',
  'constantly',
  'continuously',
  'over and over',
  'again and again',
  'in a loop',
  'in loops',
  'all the time',
  'every',
  'nonstop',
  'non-stop',
  'endlessly',
  'several times',
  'multiple times',
  'many times',
  'periodically',
  'frequently',
  'each time',
] as const;

/** The repeated forms of verbs: "keeps restarting", "constantly restarts", "crashed over and over". */
export function repeatedly(...verbs: readonly Verb[]): Form[] {
  return [
    phrase(
      KEEP,
      verbs.map((v) => v.ing),
    ),
    phrase(
      OFTEN_BEFORE,
      verbs.flatMap((v) => [v.s, v.past, v.ing, v.base]),
    ),
    phrase(
      verbs.flatMap((v) => [v.s, v.past, v.ing]),
      OFTEN_AFTER,
    ),
  ];
}

/** Chinese adverbs before a verb that make it repeat (simplified and traditional). */
export const ZH_OFTEN = [
  '一直',
  '不断',
  '不斷',
  '反复',
  '反復',
  '频繁',
  '頻繁',
  '经常',
  '經常',
  '总是',
  '總是',
  '老是',
  '时常',
  '時常',
  '持续',
  '持續',
  '循环',
  '循環',
  '不停',
  '不停地',
  '无限',
  '無限',
] as const;

/** Chinese words that say one cannot do something (simplified and traditional). */
export const ZH_CANNOT = ['无法', '無法', '不能', '没法', '沒法', '没办法', '沒辦法', '不了'] as const;

/**
 * A bare verb before an infinitive: "fail to start", "stop to work". After a singular subject the bare form is
 * usually a noun ("a docker restart"), but a noun takes no infinitive: followed by "to" and a verb it is the
 * subject's own verb, in a writer's non-native present ("containerd fail to start", "docker stop to work").
 */
export function toInfinitive(heads: readonly Verb[], verbs: readonly Verb[]): string[] {
  return heads.flatMap((h) => verbs.map((v) => `${h.base} to ${v.base}`));
}

/**
 * A negated participle, past or present, with no auxiliary or after one: "not started", "not responding", "never
 * restarted". What the subject did not do, said of the subject itself.
 */
export function negated(...verbs: readonly Verb[]): string[] {
  return [...new Set(verbs.flatMap((v) => [`not ${v.participle}`, `not ${v.ing}`, `never ${v.participle}`]))];
}

/** Words that open a reason clause after a state: "was failing because the binary was missing". */
export const REASON = ['because', 'because of', 'since', 'due to', 'as', 'with', 'after'] as const;

/** A progressive with a reason clause after it: "failing because", "hanging due to". */
export function becauseOf(...verbs: readonly Verb[]): string[] {
  return verbs.flatMap((v) => REASON.map((r) => `${v.ing} ${r}`));
}
