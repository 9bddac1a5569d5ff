/**
 * Slack treats only `&`, `<` and `>` as control characters in mrkdwn: escaping those three (ampersand first)
 * is what stops untrusted text from forming `<!channel>`, `<@U123>` or `<https://evil|trusted label>`. Nothing
 * else may be HTML-encoded (it would render literally). Used alone only inside code, where nothing else is parsed.
 */
function escapeEntities(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** U+2060 WORD JOINER: invisible, and it stops Slack from reading `@here` as a keyword. */
const WORD_JOINER = '\u2060';
const BROADCAST = /(^|[^\w@])@(here|channel|everyone)\b/gi;
/** A URL with a scheme, as Slack's auto-linker finds it in running text. */
const URL_WITH_SCHEME = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s`\u02cb]+/gi;

/** U+02CB MODIFIER LETTER GRAVE ACCENT: looks like a backtick, opens and closes no code span. */
export const GRAVE = '\u02cb';

/**
 * Untrusted text (alert annotations, log lines, node names, a bundle's reports) for mrkdwn outside code: escaped,
 * with plain `@here`/`@channel`/`@everyone` broken by an invisible word joiner, each URL shown as inline code
 * (where Slack neither links nor previews it), and its own backticks shown as look-alikes so it cannot open or
 * close a code span. The text still reads the same; it just cannot ping, link or unfurl.
 */
export function escapeMrkdwn(text: string): string {
  return escapeEntities(text)
    .replaceAll('`', GRAVE)
    .replace(BROADCAST, (_, before: string, word: string) => `${before}@${WORD_JOINER}${word}`)
    .replace(URL_WITH_SCHEME, (url) => `\`${url}\``);
}

/**
 * Untrusted text inside a ``` code block: escaped, and with backtick runs broken so the text cannot close the
 * block and start formatting of its own.
 */
export function codeBlock(text: string): string {
  return `\`\`\`${escapeEntities(text).replaceAll('```', '`\u200b`\u200b`')}\`\`\``;
}

/** Inline code for untrusted text (a node name, a command). */
export function inlineCode(text: string): string {
  return `\`${escapeEntities(text).replaceAll('`', "'")}\``;
}

/** Cuts text to `max` characters, saying so, so Slack never rejects a message for its length. */
export function truncate(text: string, max: number, note = '… (truncated)'): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - note.length))}${note}`;
}
