import type { ContextBlock, HeaderBlock, SectionBlock } from '@slack/types';
import { BLOCK_KIT_LIMITS } from '../chat/block-kit.ts';
import { truncate } from '../chat/mrkdwn.ts';

/*
 * The blocks every message is made of, each cut to Block Kit's limits with a visible note, never rejected. The
 * text is mrkdwn (a header's plain text) that its caller has already escaped.
 */

export function section(text: string): SectionBlock {
  return { type: 'section', text: { type: 'mrkdwn', text: truncate(text, BLOCK_KIT_LIMITS.sectionText) } };
}

/** A header; `emoji` sets Slack's flag for plain text that shows emoji (the incident titles' ✅ 🔴 ⛈). */
export function header(text: string, options: { emoji?: true } = {}): HeaderBlock {
  return {
    type: 'header',
    text: { type: 'plain_text', text: truncate(text, BLOCK_KIT_LIMITS.headerText, '…'), ...options },
  };
}

export function context(text: string): ContextBlock {
  return {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: truncate(text, BLOCK_KIT_LIMITS.sectionText) }],
  };
}
