/**
 * Slack treats only `&`, `<` and `>` as control characters in mrkdwn: escaping those three (ampersand first)
 * is what stops untrusted text — alert annotations, log lines, node names — from forming `<!channel>`,
 * `<@U123>` or `<https://evil|trusted label>`. Nothing else may be HTML-encoded (it would render literally).
 */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Untrusted text inside a ``` code block: escaped, and with backtick runs broken so the text cannot close the
 * block and start formatting of its own.
 */
export function codeBlock(text: string): string {
  return `\`\`\`${escapeMrkdwn(text).replaceAll('```', '`\u200b`\u200b`')}\`\`\``;
}

/** Inline code for untrusted text (a node name, a command). */
export function inlineCode(text: string): string {
  return `\`${escapeMrkdwn(text).replaceAll('`', "'")}\``;
}

/** Cuts text to `max` characters, saying so, so Slack never rejects a message for its length. */
export function truncate(text: string, max: number, note = '… (truncated)'): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - note.length))}${note}`;
}
